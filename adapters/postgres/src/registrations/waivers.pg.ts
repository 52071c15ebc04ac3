/**
 * Waivers on Postgres (migration 0088). Writers of one event's versions lock the event's row
 * first, so a create and an update (or two updates) never both see the same active version: the
 * next version number is read under that lock, and the unique (event, version) and partial unique
 * active index back it.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Registrations } from "@podium/core"
import { Waiver, WaiverAcceptance } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"
const WaiverColumns = ["id", "event_id", "version", "title", "body", "is_active", "created_by", "created_at", "deactivated_at"] as const
const AcceptanceColumns = ["id", "event_id", "waiver_id", "waiver_version", "participant_id", "participation_id", "accepted_by", "accepted_at", "title", "text"] as const

export const WaiverRepoPg = Layer.effect(Registrations.WaiverRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const waivers = rowsOf(Waiver)
  const acceptances = rowsOf(WaiverAcceptance)
  const cols = sql.literal(WaiverColumns.join(", "))
  const acols = sql.literal(AcceptanceColumns.join(", "))
  const tx = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>))))
  const active = (eventId: string) => waivers.maybe(sql`select ${cols} from registrations.waivers where event_id = ${eventId} and is_active`)
  const lockEvent = (eventId: string) => sql`select id from events.events where id = ${eventId} for update`.pipe(Effect.orDie)
  const nextVersion = (eventId: string) =>
    Effect.map(counts.one(sql`select coalesce(max(version), 0)::int + 1 as n from registrations.waivers where event_id = ${eventId}`), (r) => r.n)

  return Registrations.WaiverRepo.of({
    active,
    create: (input) =>
      tx(Effect.gen(function*() {
        yield* lockEvent(input.eventId)
        if (Option.isSome(yield* active(input.eventId))) return yield* new Registrations.WaiverExists({ eventId: input.eventId })
        const version = yield* nextVersion(input.eventId)
        return yield* waivers.one(sql`
          insert into registrations.waivers (id, event_id, version, title, body, created_by)
          values (${input.id}, ${input.eventId}, ${version}, ${input.title}, ${input.body}, ${input.createdBy}) returning ${cols}`)
      })),
    update: (input) =>
      tx(Effect.gen(function*() {
        yield* lockEvent(input.eventId)
        const current = yield* active(input.eventId)
        if (Option.isNone(current)) return yield* new Registrations.WaiverNotFound({ ref: `event ${input.eventId}` })
        yield* sql`update registrations.waivers set is_active = false, deactivated_at = now() where id = ${current.value.id}`.pipe(Effect.orDie)
        const version = yield* nextVersion(input.eventId)
        return yield* waivers.one(sql`
          insert into registrations.waivers (id, event_id, version, title, body, created_by)
          values (${input.id}, ${input.eventId}, ${version}, ${input.title ?? current.value.title}, ${input.body ?? current.value.body}, ${input.createdBy})
          returning ${cols}`)
      })),
    deactivate: (eventId, at) =>
      Effect.flatMap(
        waivers.maybe(sql`update registrations.waivers set is_active = false, deactivated_at = ${at} where event_id = ${eventId} and is_active returning ${cols}`),
        Option.match({ onNone: () => Effect.fail(new Registrations.WaiverNotFound({ ref: `event ${eventId}` })), onSome: Effect.succeed })
      ),
    accept: (rows) =>
      rows.length === 0
        ? Effect.void
        : sql`insert into registrations.waiver_acceptances ${sql.insert(rows.map((r) => ({ ...r })))} on conflict (participant_id) do nothing`.pipe(Effect.orDie, Effect.asVoid),
    acceptance: (participantId) => acceptances.maybe(sql`select ${acols} from registrations.waiver_acceptances where participant_id = ${participantId}`),
    acceptances: (eventId, page, limit) =>
      Effect.gen(function*() {
        const total = yield* counts.one(sql`select count(*)::int as n from registrations.waiver_acceptances where event_id = ${eventId}`)
        const items = yield* acceptances.all(sql`
          select ${acols} from registrations.waiver_acceptances where event_id = ${eventId}
          order by accepted_at, id limit ${limit} offset ${(page - 1) * limit}`)
        return { items, total: total.n }
      })
  })
}))
