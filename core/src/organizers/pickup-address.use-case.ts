/**
 * Organizer pickup address: read (OWNER, ADMIN, VIEWER — `data: null` before one is registered) and
 * register (OWNER, ADMIN). Registering asks the shipping provider first and stores the address only
 * when the provider accepted it, so the stored address is always one the provider knows; the
 * organizer's `pickupLocation` becomes the registered name. Audited.
 */
import { Clock, Effect } from "effect"
import type { Principal } from "../identity/principal.model.js"
import type { OrganizerAccessGrant } from "./organizer.model.js"
import { auditOrganizer } from "./organizer.use-case.js"
import { derivedLocationName, type PickupAddressInput } from "./pickup-address.model.js"
import { PickupAddressRepo, ShippingProvider } from "./pickup-address.port.js"

/** India only for now (the contract validates Indian PIN codes and phone numbers). */
const Country = "India"

export const getPickupAddress = (grant: OrganizerAccessGrant) => Effect.flatMap(PickupAddressRepo, (r) => r.find(grant.organizerId))

export const registerPickupAddress = Effect.fn("organizers.pickupAddress.register")(function*(
  principal: Principal,
  grant: OrganizerAccessGrant,
  input: PickupAddressInput
) {
  const repo = yield* PickupAddressRepo
  const provider = yield* ShippingProvider
  const locationName = input.locationName ?? derivedLocationName(grant.organizerId, (yield* repo.registrations(grant.organizerId)) + 1)
  const { locationName: _given, ...fields } = input
  const receipt = yield* provider.registerPickupLocation({ ...fields, locationName, country: Country })
  const saved = yield* repo.save({
    ...fields,
    organizerId: grant.organizerId,
    locationName,
    country: Country,
    provider: receipt.provider,
    providerReference: receipt.reference,
    registeredAt: new Date(yield* Clock.currentTimeMillis)
  })
  yield* auditOrganizer("organizer.pickup_address.registered", principal, grant.organizerId, {
    data: { locationName, provider: receipt.provider, providerReference: receipt.reference, pincode: input.pincode }
  })
  return saved
})
