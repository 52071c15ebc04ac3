/**
 * Bib numbering on Postgres (migration 0090). Every assignment of an event locks the event's row
 * first, so two auto-assigns (or an auto-assign and a pin) never read the same free number; the
 * unique (event, number) index backs it.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Registrations } from "@podium/core"
import { Bib, BibConfig } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"

const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"
const BibColumns = ["participant_id", "event_id", "participation_id", "number", "label", "pinned", "assigned_by", "assigned_at"] as const
const Needing = Schema.Struct({ id: Schema.String, participationId: Schema.String, ticketId: Schema.String })
const Holder = Schema.Struct({ participantId: Schema.String })
const NumberRow = Schema.Struct({ number: Schema.Number })

export const BibRepoPg = Layer.effect(Registrations.BibRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const bibs = rowsOf(Bib)
  const configs = rowsOf(BibConfig)
  const needing = rowsOf(Needing)
  const holders = rowsOf(Holder)
  const numbers = rowsOf(NumberRow)
  const cols = sql.literal(BibColumns.join(", "))
  const tx = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>))))
  const lockEvent = (eventId: string) => sql`select id from events.events where id = ${eventId} for update`.pipe(Effect.orDie)
  const config = (eventId: string) =>
    Effect.map(
      configs.maybe(sql`select event_id, prefix, ranges, updated_at from registrations.bib_configs where event_id = ${eventId}`),
      Option.getOrElse((): BibConfig => ({ eventId, prefix: "", ranges: [], updatedAt: new Date(0) }))
    )

  return Registrations.BibRepo.of({
    config,
    updateConfig: (eventId, patch) =>
      Effect.gen(function*() {
        yield* sql`insert into registrations.bib_configs (event_id) values (${eventId}) on conflict (event_id) do nothing`.pipe(Effect.orDie)
        if (patch.prefix !== undefined) yield* sql`update registrations.bib_configs set prefix = ${patch.prefix}, updated_at = now() where event_id = ${eventId}`.pipe(Effect.orDie)
        if (patch.ranges !== undefined) {
          yield* sql`update registrations.bib_configs set ranges = ${JSON.stringify(patch.ranges)}::jsonb, updated_at = now() where event_id = ${eventId}`.pipe(Effect.orDie)
        }
        return yield* config(eventId)
      }),
    pin: (input) =>
      tx(Effect.gen(function*() {
        yield* lockEvent(input.eventId)
        const holder = yield* holders.maybe(sql`select participant_id from registrations.bibs where event_id = ${input.eventId} and number = ${input.number}`)
        if (Option.isSome(holder) && holder.value.participantId !== input.participantId) return yield* new Registrations.BibTaken({ number: input.number })
        const { prefix } = yield* config(input.eventId)
        return yield* bibs.one(sql`
          insert into registrations.bibs (participant_id, event_id, participation_id, number, label, pinned, assigned_by)
          values (${input.participantId}, ${input.eventId}, ${input.participationId}, ${input.number}, ${Registrations.bibLabel(prefix, input.number)}, true, ${input.by})
          on conflict (participant_id) do update set number = excluded.number, label = excluded.label, pinned = true,
            assigned_by = excluded.assigned_by, assigned_at = now()
          returning ${cols}`)
      })),
    autoAssign: (eventId, by) =>
      tx(Effect.gen(function*() {
        yield* lockEvent(eventId)
        const { prefix, ranges } = yield* config(eventId)
        const unnumbered = yield* needing.all(sql`
          select pt.id, pt.participation_id, p.ticket_id
          from registrations.participants pt join registrations.participations p on p.id = pt.participation_id
          where p.event_id = ${eventId} and p.status = 'CONFIRMED' and pt.status = 'ACTIVE'
            and not exists (select 1 from registrations.bibs b where b.participant_id = pt.id)
          order by p.created_at, p.id, pt.position`)
        const used = new Set((yield* numbers.all(sql`select number from registrations.bibs where event_id = ${eventId}`)).map((r) => r.number))
        const rows: Array<{ participantId: string; eventId: string; participationId: string; number: number; label: string; pinned: boolean; assignedBy: string }> = []
        let unassigned = 0
        for (const p of unnumbered) {
          const range = Registrations.rangeFor(ranges, p.ticketId)
          let n = range?.from ?? 0
          while (range !== undefined && n <= range.to && used.has(n)) n++
          if (range === undefined || n > range.to) {
            unassigned++
            continue
          }
          used.add(n)
          rows.push({ participantId: p.id, eventId, participationId: p.participationId, number: n, label: Registrations.bibLabel(prefix, n), pinned: false, assignedBy: by })
        }
        if (rows.length === 0) return { assigned: [], unassigned }
        const assigned = yield* bibs.all(sql`insert into registrations.bibs ${sql.insert(rows)} returning ${cols}`)
        return { assigned: [...assigned].sort((a, b) => a.number - b.number), unassigned }
      })),
    findByNumber: (eventId, number) => bibs.maybe(sql`select ${cols} from registrations.bibs where event_id = ${eventId} and number = ${number}`),
    ofParticipant: (participantId) => bibs.maybe(sql`select ${cols} from registrations.bibs where participant_id = ${participantId}`)
  })
}))
