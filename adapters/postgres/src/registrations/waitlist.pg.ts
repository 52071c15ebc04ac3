/**
 * Waitlists and self-service policies on Postgres (migration 0087). Offers hold seats on the
 * booking counters through `makeSeats` (seats.pg.ts); every move of an entry is one conditional
 * update in a transaction with the seats it gives back or takes.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Registrations } from "@podium/core"
import { SelfServiceConfig, WaitlistEntry } from "@podium/kernel"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, onUnique, rowsOf } from "../rows.pg.js"
import { makeSeats, offerHoursOf, WaitlistColumns } from "./seats.pg.js"

const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"
const Queued = Schema.Struct({ ...WaitlistEntry.fields, position: Schema.NullOr(Schema.Number) })
const Available = Schema.Struct({ n: Schema.Number })
const SlotRow = Schema.Struct({ slotId: Schema.String })
const ConfigColumns = [
  "event_id", "allow_self_edit", "editable_fields", "name_change_is_transfer", "allow_transfers", "max_transfers_per_participant",
  "transfer_deadline", "allow_deferrals", "deferral_deadline", "waitlist_enabled", "waitlist_offer_hours", "updated_at"
] as const

export const WaitlistReposPg = Layer.effectContext(Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const seats = makeSeats(sql)
  const queued = rowsOf(Queued)
  const configs = rowsOf(SelfServiceConfig)
  const available = rowsOf(Available)
  const slots = rowsOf(SlotRow)
  const wcols = seats.wcols
  const qcols = sql.literal(`${WaitlistColumns.map((c) => `e.${c}`).join(", ")},
    case e.status when 'OFFERED' then 0
      when 'WAITING' then (select count(*)::int from registrations.waitlist_entries w where w.ticket_id = e.ticket_id and w.status = 'WAITING' and w.seq <= e.seq)
      else null end as position`)
  const ccols = sql.literal(ConfigColumns.join(", "))

  const tx = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>))))

  /** Lapsed offers expire whenever a list is read (their seats pass on in the same transaction). */
  const fresh = (now: Date) => tx(seats.expireOffers(now, null, 200))
  const findQueued = (id: string) =>
    Effect.map(queued.maybe(sql`select ${qcols} from registrations.waitlist_entries e where e.id = ${id}`), Option.map(({ position, ...entry }) => ({ entry, position })))
  const notFound = (id: string) => () => new Registrations.WaitlistEntryNotFound({ ref: id })

  const waitlistRepo = Registrations.WaitlistRepo.of({
    available: (_eventId, ticketId, now) =>
      Effect.gen(function*() {
        yield* tx(seats.expireOffers(now, ticketId, 200))
        const row = yield* available.one(sql`
          select greatest(0, least(t.capacity - t.sold, sl.capacity - coalesce(ss.taken, 0)))::int as n
          from events.tickets t join events.slots sl on sl.id = t.slot_id
          left join registrations.slot_seats ss on ss.slot_id = sl.id
          where t.id = ${ticketId}`)
        return row.n
      }),
    join: (input) =>
      seats.entries.one(sql`
        insert into registrations.waitlist_entries (id, event_id, ticket_id, slot_id, user_id, party_size)
        values (${input.id}, ${input.eventId}, ${input.ticketId}, ${input.slotId}, ${input.userId}, ${input.partySize})
        returning ${wcols}`.pipe(onUnique(() => new Registrations.WaitlistAlreadyJoined({ ticketId: input.ticketId })))),
    find: (id, now) => Effect.zipRight(fresh(now), findQueued(id)),
    mine: (userId, now) =>
      Effect.zipRight(
        fresh(now),
        Effect.map(queued.all(sql`select ${qcols} from registrations.waitlist_entries e where e.user_id = ${userId} order by e.created_at desc limit 200`), (rows) =>
          rows.map(({ position, ...entry }) => ({ entry, position })))
      ),
    list: (eventId, filter, now) =>
      Effect.gen(function*() {
        yield* fresh(now)
        const where = filter.status === undefined ? sql`e.event_id = ${eventId}` : sql`e.event_id = ${eventId} and e.status = ${filter.status}`
        const total = yield* counts.one(sql`select count(*)::int as n from registrations.waitlist_entries e where ${where}`)
        const rows = yield* queued.all(sql`
          select ${qcols} from registrations.waitlist_entries e where ${where}
          order by e.seq limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`)
        return { total: total.n, items: rows.map(({ position, ...entry }) => ({ entry, position })) }
      }),
    close: (id, move, by, reason, now) =>
      tx(Effect.gen(function*() {
        const closed = yield* applyMove(sql, {
          moves: Registrations.WaitlistMoves,
          move,
          table: "registrations.waitlist_entries",
          id,
          set: sql`closed_by = ${by}, closed_reason = ${reason}, updated_at = now()`,
          returning: wcols,
          rows: seats.entries,
          notFound: notFound(id)
        })
        // Only WAITING and OFFERED entries close, and only an OFFERED one has an offer time: it held seats.
        if (closed.offeredAt !== null) yield* seats.release(closed.slotId, closed.ticketId, closed.partySize, now)
        return closed
      })),
    promote: (id, by, reason, now) =>
      tx(Effect.gen(function*() {
        const locked = yield* seats.entries.maybe(sql`select ${wcols} from registrations.waitlist_entries where id = ${id} for update`)
        if (Option.isNone(locked)) return yield* new Registrations.WaitlistEntryNotFound({ ref: id })
        const entry = locked.value
        if (!Registrations.WaitlistMoves.allows(entry.status, "promote")) return yield* Registrations.WaitlistMoves.refused(entry.status, "promote")
        yield* seats.expireOffers(now, entry.ticketId, 100)
        const open = yield* seats.entries.maybe(sql`
          select ${wcols} from registrations.waitlist_entries where event_id = ${entry.eventId} and user_id = ${entry.userId} and status = 'OFFERED'`)
        if (Option.isSome(open)) return yield* new Registrations.WaitlistOfferOpen({ entryId: open.value.id })
        if (!(yield* seats.take(entry.slotId, entry.ticketId, entry.partySize))) return yield* new Registrations.TicketSoldOut({ ticketId: entry.ticketId })
        return yield* seats.entries.one(sql`
          update registrations.waitlist_entries e
          set status = 'OFFERED', offered_at = ${now}, offer_expires_at = ${now}::timestamptz + ${offerHoursOf(sql, "e.event_id")},
              offer_notified_at = null, promoted_by = ${by}, promote_reason = ${reason}, updated_at = now()
          where e.id = ${id} returning ${wcols}`.pipe(onUnique(() => new Registrations.WaitlistOfferOpen({ entryId: id }))))
      })),
    renotify: (id) =>
      applyMove(sql, {
        moves: Registrations.WaitlistMoves,
        move: "notify",
        table: "registrations.waitlist_entries",
        id,
        set: sql`offer_notified_at = null, updated_at = now()`,
        returning: wcols,
        rows: seats.entries,
        notFound: notFound(id)
      }),
    sweep: (now, limit) =>
      tx(Effect.gen(function*() {
        const expired = yield* seats.expireOffers(now, null, limit)
        // Seats freed by anything that does not pass them on (a capacity raised by the organizer).
        const waiting = yield* slots.all(sql`select distinct slot_id from registrations.waitlist_entries where status = 'WAITING' order by slot_id limit 200`)
        let offered = 0
        for (const s of waiting) offered += yield* seats.passOn(s.slotId, now)
        return { expired: expired.length, offered }
      })),
    claimUnnotified: (limit) =>
      seats.entries.all(sql`
        update registrations.waitlist_entries set offer_notified_at = now()
        where id in (select id from registrations.waitlist_entries where status = 'OFFERED' and offer_notified_at is null
                     order by offered_at limit ${limit} for update skip locked)
        returning ${wcols}`)
  })

  const configRepo = Registrations.SelfServiceConfigRepo.of({
    get: (eventId) =>
      Effect.map(configs.maybe(sql`select ${ccols} from registrations.self_service_configs where event_id = ${eventId}`), Option.getOrElse(() => Registrations.defaultSelfServiceConfig(eventId))),
    update: (eventId, patch) =>
      Effect.gen(function*() {
        yield* sql`insert into registrations.self_service_configs (event_id) values (${eventId}) on conflict (event_id) do nothing`.pipe(Effect.orDie)
        const { editableFields, ...rest } = patch
        if (Object.keys(rest).length > 0) {
          yield* sql`update registrations.self_service_configs set ${sql.update(rest)}, updated_at = now() where event_id = ${eventId}`.pipe(Effect.orDie)
        }
        if (editableFields !== undefined) {
          yield* sql`update registrations.self_service_configs
                     set editable_fields = array(select jsonb_array_elements_text(${JSON.stringify(editableFields)}::jsonb)), updated_at = now()
                     where event_id = ${eventId}`.pipe(Effect.orDie)
        }
        return yield* configs.one(sql`select ${ccols} from registrations.self_service_configs where event_id = ${eventId}`)
      })
  })

  return Context.make(Registrations.WaitlistRepo, waitlistRepo).pipe(Context.add(Registrations.SelfServiceConfigRepo, configRepo))
}))
