/**
 * The seat counters every registrations writer shares: a ticket's `sold` and its slot's `taken`,
 * taken by conditional updates (slot, then ticket: the one lock order) and given back only in the
 * transaction of the conditional move that owned them. Freed seats go to the slot's waitlist first:
 * `passOn` offers them to the earliest WAITING entries whose whole party fits (each offer holds its
 * seats until it lapses), so a seat freed while people wait is never sold past them.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { WaitlistEntry } from "@podium/kernel"
import { Effect, Option, Schema } from "effect"
import { rowsOf } from "../rows.pg.js"

const Taken = Schema.Struct({ n: Schema.Number })
const Queued = Schema.Struct({ id: Schema.String, slotId: Schema.String, ticketId: Schema.String, partySize: Schema.Number })

export const WaitlistColumns = [
  "id", "event_id", "ticket_id", "slot_id", "user_id", "party_size", "status", "seq", "offered_at", "offer_expires_at",
  "offer_notified_at", "promoted_by", "promote_reason", "participation_id", "closed_by", "closed_reason", "created_at", "updated_at"
] as const

/** The offer's lifetime: the event's policy, 12 h by default. */
export const offerHoursOf = (sql: SqlClient.SqlClient, eventColumn: string) =>
  sql`(coalesce((select c.waitlist_offer_hours from registrations.self_service_configs c where c.event_id = ${sql.literal(eventColumn)}), 12) * interval '1 hour')`

export const makeSeats = (sql: SqlClient.SqlClient) => {
  const taken = rowsOf(Taken)
  const queued = rowsOf(Queued)
  const entries = rowsOf(WaitlistEntry)
  const wcols = sql.literal(WaitlistColumns.join(", "))

  const takeSlot = (slotId: string, n: number) =>
    taken.maybe(sql`
      update registrations.slot_seats s set taken = s.taken + ${n}
      from events.slots sl
      where s.slot_id = ${slotId} and sl.id = s.slot_id and sl.is_active and s.taken + ${n} <= sl.capacity
      returning s.taken as n`)

  /** Takes `n` seats of the slot, then of the ticket; false when either is full (the caller rolls back). */
  const take = (slotId: string, ticketId: string, n: number) =>
    Effect.gen(function*() {
      let slot = yield* takeSlot(slotId, n)
      if (Option.isNone(slot)) {
        // The slot's first taker creates its counter (or waits for a concurrent first one's), then takes again.
        yield* sql`insert into registrations.slot_seats (slot_id, taken) values (${slotId}, 0) on conflict (slot_id) do nothing`
        slot = yield* takeSlot(slotId, n)
      }
      if (Option.isNone(slot)) return false
      const ticket = yield* taken.maybe(sql`
        update events.tickets set sold = sold + ${n}, updated_at = now()
        where id = ${ticketId} and is_active and sold + ${n} <= capacity
        returning sold as n`)
      return Option.isSome(ticket)
    }).pipe(Effect.orDie)

  /** Gives `n` seats back without passing them on (the caller holds the rows that owned them). */
  const give = (slotId: string, ticketId: string, n: number) =>
    Effect.gen(function*() {
      if (n <= 0) return
      yield* sql`update registrations.slot_seats set taken = taken - ${n} where slot_id = ${slotId}`
      yield* sql`update events.tickets set sold = sold - ${n}, updated_at = now() where id = ${ticketId}`
    }).pipe(Effect.orDie)

  /** Offers the slot's free seats to its earliest WAITING entries whose party fits; answers how many were offered. */
  const passOn = (slotId: string, now: Date) =>
    Effect.gen(function*() {
      // Entries another transaction is closing are skipped, never waited for (no lock cycle with a
      // booking that holds its own entry); an athlete with an open offer in the event waits.
      const waiting = yield* queued.all(sql`
        select e.id, e.slot_id, e.ticket_id, e.party_size from registrations.waitlist_entries e
        where e.slot_id = ${slotId} and e.status = 'WAITING'
          and not exists (select 1 from registrations.waitlist_entries o where o.event_id = e.event_id and o.user_id = e.user_id and o.status = 'OFFERED')
        order by e.seq limit 50 for update of e skip locked`).pipe(Effect.orDie)
      let offered = 0
      for (const w of waiting) {
        // A savepoint per entry: a party that does not fit (or a racing offer to the same athlete,
        // refused by the unique index) rolls back its own seats and the next entry is tried.
        const ok = yield* sql.withTransaction(Effect.gen(function*() {
          if (!(yield* take(w.slotId, w.ticketId, w.partySize))) return yield* Effect.fail("full" as const)
          const moved = yield* sql`
            update registrations.waitlist_entries e
            set status = 'OFFERED', offered_at = ${now}, offer_expires_at = ${now}::timestamptz + ${offerHoursOf(sql, "e.event_id")},
                offer_notified_at = null, updated_at = now()
            where e.id = ${w.id} and e.status = 'WAITING' returning e.id`
          if (moved.length === 0) return yield* Effect.fail("moved" as const)
          return true
        })).pipe(Effect.catchAll(() => Effect.succeed(false)))
        if (ok) offered++
      }
      return offered
    })

  /** Gives `n` seats back and offers them to the slot's waitlist. */
  const release = (slotId: string, ticketId: string, n: number, now: Date) =>
    Effect.gen(function*() {
      if (n <= 0) return
      yield* give(slotId, ticketId, n)
      yield* passOn(slotId, now)
    })

  /** Lapsed offers (of one ticket, or any) → EXPIRED, their seats given back and passed on. */
  const expireOffers = (now: Date, ticketId: string | null, limit: number) =>
    Effect.gen(function*() {
      const rows = yield* entries.all(sql`
        update registrations.waitlist_entries set status = 'EXPIRED', updated_at = now(), closed_by = 'system', closed_reason = 'the offer lapsed'
        where id in (
          select id from registrations.waitlist_entries
          where status = 'OFFERED' and offer_expires_at <= ${now} ${ticketId === null ? sql`` : sql`and ticket_id = ${ticketId}`}
          order by offer_expires_at limit ${limit} for update skip locked)
        returning ${wcols}`).pipe(Effect.orDie)
      const sorted = [...rows].sort((a, b) => a.slotId.localeCompare(b.slotId) || a.ticketId.localeCompare(b.ticketId))
      for (const r of sorted) yield* give(r.slotId, r.ticketId, r.partySize)
      for (const slotId of [...new Set(sorted.map((r) => r.slotId))]) yield* passOn(slotId, now)
      return rows
    })

  return { take, give, passOn, release, expireOffers, entries, wcols }
}
