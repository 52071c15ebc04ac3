/**
 * The add-ons bought with bookings on Postgres (registrations.booking_add_ons; migration 0135).
 * Each step is one conditional update; when it matches nothing, one read tells a missing line from
 * one whose state refuses the step.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { Fragment } from "@effect/sql/Statement"
import { Registrations } from "@podium/core"
import { BookingAddOn } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { rowsOf } from "../rows.pg.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const BookingAddOnRepoPg = Layer.effect(Registrations.BookingAddOnRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const lines = rowsOf(BookingAddOn)
  const find = (id: string) => Uuid.test(id) ? lines.maybe(sql`select * from registrations.booking_add_ons where id = ${id}`) : Effect.succeed(Option.none())
  /** `set` where `allowed` holds; otherwise the line's own refusal. */
  const step = (id: string, set: Fragment, allowed: Fragment, refusal: (line: BookingAddOn) => string) =>
    Effect.flatMap(
      Uuid.test(id) ? lines.maybe(sql`update registrations.booking_add_ons set ${set} where id = ${id} and ${allowed} returning *`) : Effect.succeed(Option.none()),
      Option.match({
        onSome: Effect.succeed,
        onNone: () =>
          Effect.flatMap(find(id), (line): Effect.Effect<never, Registrations.BookingAddOnNotFound | Registrations.DeliverableRefused> =>
            Option.isNone(line)
              ? Effect.fail(new Registrations.BookingAddOnNotFound({ ref: id }))
              : Effect.fail(new Registrations.DeliverableRefused({ reason: refusal(line.value) })))
      })
    )
  return Registrations.BookingAddOnRepo.of({
    ofBooking: (participationId) => lines.all(sql`select * from registrations.booking_add_ons where participation_id = ${participationId} order by name, id`),
    find,
    collect: (id, by, at) =>
      step(id, sql`status = 'COLLECTED', collected_at = ${at}, collected_by = ${by}`, sql`status = 'NOT_COLLECTED' and fulfilment = 'PICKUP'`, Registrations.collectRefusal),
    ship: (id, address) =>
      step(id, sql`fulfilment = 'SHIP', shipping_address = ${JSON.stringify(address)}::jsonb`, sql`status = 'NOT_COLLECTED' and claimed_at is null`, Registrations.shipRefusal),
    claim: (id, at) => step(id, sql`claimed_at = ${at}`, sql`claimed_at is null`, () => "the deliverable was already claimed")
  })
}))
