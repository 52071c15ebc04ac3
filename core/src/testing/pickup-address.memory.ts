/** In-memory twin of the organizers PickupAddressRepo. */
import { Effect, Layer, Option } from "effect"
import type { PickupAddress } from "../organizers/pickup-address.model.js"
import { PickupAddressRepo } from "../organizers/pickup-address.port.js"

export const PickupAddressRepoMemory: Layer.Layer<PickupAddressRepo> = Layer.sync(PickupAddressRepo, () => {
  const rows = new Map<string, { address: PickupAddress; registrations: number }>()
  return PickupAddressRepo.of({
    find: (organizerId) => Effect.sync(() => Option.map(Option.fromNullable(rows.get(organizerId)), (r) => r.address)),
    registrations: (organizerId) => Effect.sync(() => rows.get(organizerId)?.registrations ?? 0),
    save: (a) =>
      Effect.sync(() => {
        const existing = rows.get(a.organizerId)
        const now = new Date()
        const address: PickupAddress = { ...a, createdAt: existing?.address.createdAt ?? now, updatedAt: now }
        rows.set(a.organizerId, { address, registrations: (existing?.registrations ?? 0) + 1 })
        return address
      })
  })
})
