/**
 * Bib numbering on Postgres (migration 0090). Every assignment of an event locks the event's row
 * first, so two auto-assigns (or an auto-assign and a pin) never read the same free number; the
 * unique (event, number) index backs it. Digital bibs (migration 0095) are one per participant (a
 * unique index) and move by conditional updates; their number is read from the bib at read time.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Registrations } from "@podium/core"
import { Bib, BibConfig, type BibRosterRow, DigitalBib } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, rowsOf } from "../rows.pg.js"

const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"
const BibColumns = ["participant_id", "event_id", "participation_id", "number", "label", "pinned", "assigned_by", "assigned_at"] as const
const Needing = Schema.Struct({ id: Schema.String, participationId: Schema.String, ticketId: Schema.String })
const Holder = Schema.Struct({ participantId: Schema.String })
const NumberRow = Schema.Struct({ number: Schema.Number })
const DigitalColumns = [
  "id", "participant_id", "event_id", "participation_id", "slug", "status", "version", "display_name", "emergency_contact",
  "issued_by", "issued_at", "revoked_reason", "updated_at"
] as const
const Numbered = Schema.Struct({ participantId: Schema.String, participationId: Schema.String })
const RosterLine = Schema.Struct({
  participantId: Schema.String,
  participationId: Schema.String,
  bookingId: Schema.String,
  ticketId: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  number: Schema.NullOr(Schema.Number),
  label: Schema.NullOr(Schema.String),
  pinned: Schema.NullOr(Schema.Boolean)
})

export const BibRepoPg = Layer.effect(Registrations.BibRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const bibs = rowsOf(Bib)
  const configs = rowsOf(BibConfig)
  const needing = rowsOf(Needing)
  const holders = rowsOf(Holder)
  const numbers = rowsOf(NumberRow)
  const digitals = rowsOf(DigitalBib)
  const numbered = rowsOf(Numbered)
  const rosterLines = rowsOf(RosterLine)
  const cols = sql.literal(BibColumns.join(", "))
  const dcols = sql.literal(DigitalColumns.join(", "))
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
    ofParticipant: (participantId) => bibs.maybe(sql`select ${cols} from registrations.bibs where participant_id = ${participantId}`),
    issueDigital: (eventId, by, fresh) =>
      tx(Effect.gen(function*() {
        yield* lockEvent(eventId)
        const waiting = yield* numbered.all(sql`
          select b.participant_id, b.participation_id
          from registrations.bibs b
            join registrations.participants pt on pt.id = b.participant_id
            join registrations.participations p on p.id = b.participation_id
          where b.event_id = ${eventId} and p.status = 'CONFIRMED' and pt.status = 'ACTIVE'
            and not exists (select 1 from registrations.digital_bibs d where d.participant_id = b.participant_id)
          order by b.number`)
        if (waiting.length === 0) return []
        const rows = []
        for (const w of waiting) {
          rows.push({ ...(yield* fresh), participantId: w.participantId, eventId, participationId: w.participationId, issuedBy: by })
        }
        return yield* digitals.all(sql`insert into registrations.digital_bibs ${sql.insert(rows)} on conflict (participant_id) do nothing returning ${dcols}`)
      })),
    digitalOf: (participantId) => digitals.maybe(sql`select ${dcols} from registrations.digital_bibs where participant_id = ${participantId}`),
    digitalBySlug: (slug) => digitals.maybe(sql`select ${dcols} from registrations.digital_bibs where slug = ${slug}`),
    moveDigital: (id, move, change) =>
      applyMove(sql, {
        moves: Registrations.DigitalBibMoves,
        move,
        table: "registrations.digital_bibs",
        id,
        set: change.slug === undefined
          ? sql`revoked_reason = ${change.reason}, updated_at = now()`
          : sql`slug = ${change.slug}, version = version + 1, revoked_reason = null, issued_by = ${change.by}, issued_at = now(), updated_at = now()`,
        returning: dcols,
        rows: digitals,
        notFound: () => new Registrations.DigitalBibNotFound({ ref: id })
      }),
    updateDigital: (id, patch) =>
      Effect.flatMap(
        digitals.maybe(sql`
          update registrations.digital_bibs set
            display_name = ${patch.displayName === undefined ? sql`display_name` : patch.displayName},
            emergency_contact = ${patch.emergencyContact === undefined ? sql`emergency_contact` : patch.emergencyContact},
            updated_at = now()
          where id = ${id} returning ${dcols}`),
        Option.match({ onNone: () => Effect.fail(new Registrations.DigitalBibNotFound({ ref: id })), onSome: Effect.succeed })
      ),
    roster: (eventId, filter) =>
      Effect.gen(function*() {
        const where = sql`p.event_id = ${eventId} and p.status = 'CONFIRMED' and pt.status = 'ACTIVE'
          ${filter.userId === undefined ? sql`` : sql`and p.user_id = ${filter.userId}`}`
        const from = sql`registrations.participants pt join registrations.participations p on p.id = pt.participation_id
          left join registrations.bibs b on b.participant_id = pt.id`
        const total = yield* counts.one(sql`select count(*)::int as n from ${from} where ${where}`)
        const lines = yield* rosterLines.all(sql`
          select pt.id as participant_id, pt.participation_id, p.booking_id, p.ticket_id, pt.first_name, pt.last_name, b.number, b.label, b.pinned
          from ${from} where ${where}
          order by b.number nulls last, p.created_at, p.id, pt.position
          limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`)
        const ids = lines.map((l) => l.participantId)
        const cards = ids.length === 0 ? [] : yield* digitals.all(sql`select ${dcols} from registrations.digital_bibs where participant_id in ${sql.in(ids)}`)
        const byParticipant = new Map(cards.map((c) => [c.participantId, c]))
        const items: Array<BibRosterRow> = lines.map((l) => ({ ...l, digitalBib: byParticipant.get(l.participantId) ?? null }))
        return { items, total: total.n }
      })
  })
}))
