/** Organizers' pickup addresses on organizers.pickup_addresses (and organizers.pickup_location). */
import * as SqlClient from "@effect/sql/SqlClient"
import { Organizers } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

const columns =
  "organizer_id, location_name, contact_name, phone, email, address_line1, address_line2, city, state, pincode, country, " +
  "provider, provider_reference, registered_at, created_at, updated_at"

export const PickupAddressRepoPg = Layer.effect(Organizers.PickupAddressRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const addresses = rowsOf(Organizers.PickupAddress)
  const cols = sql.literal(columns)
  return Organizers.PickupAddressRepo.of({
    find: (organizerId) => addresses.maybe(sql`select ${cols} from organizers.pickup_addresses where organizer_id = ${organizerId}`),
    registrations: (organizerId) =>
      counts.maybe(sql`select registrations as n from organizers.pickup_addresses where organizer_id = ${organizerId}`).pipe(
        Effect.map(Option.match({ onNone: () => 0, onSome: (r) => r.n }))
      ),
    save: (a) =>
      sql.withTransaction(Effect.gen(function*() {
        const saved = yield* addresses.one(sql`
          insert into organizers.pickup_addresses (organizer_id, location_name, contact_name, phone, email, address_line1, address_line2,
            city, state, pincode, country, provider, provider_reference, registered_at)
          values (${a.organizerId}, ${a.locationName}, ${a.contactName}, ${a.phone}, ${a.email}, ${a.addressLine1}, ${a.addressLine2},
            ${a.city}, ${a.state}, ${a.pincode}, ${a.country}, ${a.provider}, ${a.providerReference}, ${a.registeredAt})
          on conflict (organizer_id) do update set location_name = excluded.location_name, contact_name = excluded.contact_name,
            phone = excluded.phone, email = excluded.email, address_line1 = excluded.address_line1, address_line2 = excluded.address_line2,
            city = excluded.city, state = excluded.state, pincode = excluded.pincode, country = excluded.country,
            provider = excluded.provider, provider_reference = excluded.provider_reference, registered_at = excluded.registered_at,
            registrations = organizers.pickup_addresses.registrations + 1, updated_at = now()
          returning ${cols}`)
        yield* sql`update organizers.organizers set pickup_location = ${a.locationName}, updated_at = now() where id = ${a.organizerId}`
        return saved
      })).pipe(Effect.orDie)
  })
}))
