/**
 * Start waves, rosters and sales tallies on Postgres (migration 0089). A wave's state row is
 * created OPEN on first use, then moved by one conditional update like every machine.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Registrations } from "@podium/core"
import { Participant, Participation, SeatTally, WaveState } from "@podium/kernel"
import { Effect, Layer, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { makeSeats } from "./seats.pg.js"
import { ids, rowsOf } from "../rows.pg.js"
import { ParticipantColumnList, ParticipationColumnList } from "./transfers.pg.js"

const WaveColumns = ["id", "event_id", "status", "closed_at", "started_at", "updated_by", "updated_at"] as const
const TakenRow = Schema.Struct({ slotId: Schema.String, taken: Schema.Number })
const SeatRow = Schema.Struct({ slotId: Schema.String, taken: Schema.Number, capacity: Schema.Number })
const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"

export const WaveRepoPg = Layer.effect(Registrations.WaveRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const states = rowsOf(WaveState)
  const takens = rowsOf(TakenRow)
  const tallies = rowsOf(SeatTally)
  const participations = rowsOf(Participation)
  const participants = rowsOf(Participant)
  const cols = sql.literal(WaveColumns.join(", "))
  const seats = makeSeats(sql)
  const seatRows = rowsOf(SeatRow)
  const tx = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>))))
  const pcols = sql.literal(ParticipationColumnList.join(", "))
  const ptcols = sql.literal(ParticipantColumnList.join(", "))

  return Registrations.WaveRepo.of({
    states: (eventId) => states.all(sql`select ${cols} from registrations.waves where event_id = ${eventId}`),
    move: (eventId, slotId, move, by, at) =>
      Effect.gen(function*() {
        yield* sql`insert into registrations.waves (id, event_id) values (${slotId}, ${eventId}) on conflict (id) do nothing`.pipe(Effect.orDie)
        const set = move === "close"
          ? sql`closed_at = ${at}, updated_by = ${by}, updated_at = now()`
          : move === "start"
          ? sql`started_at = ${at}, updated_by = ${by}, updated_at = now()`
          : sql`closed_at = null, updated_by = ${by}, updated_at = now()`
        return yield* applyMove(sql, {
          moves: Registrations.WaveMoves,
          move,
          table: "registrations.waves",
          id: slotId,
          set,
          returning: cols,
          rows: states,
          notFound: () => Registrations.WaveMoves.refused("missing", move)
        })
      }),
    taken: (eventId) =>
      Effect.map(
        takens.all(sql`select ss.slot_id, ss.taken from registrations.slot_seats ss join events.slots s on s.id = ss.slot_id where s.event_id = ${eventId}`),
        (rows) => new Map(rows.map((r) => [r.slotId, r.taken]))
      ),
    roster: (eventId, slotId) =>
      Effect.gen(function*() {
        const bookings = yield* participations.all(sql`
          select ${pcols} from registrations.participations
          where event_id = ${eventId} and status = 'CONFIRMED' ${slotId === undefined ? sql`` : sql`and slot_id = ${slotId}`}`)
        if (bookings.length === 0) return []
        const people = yield* participants.all(sql`
          select ${ptcols} from registrations.participants
          where participation_id in ${sql.in(bookings.map((b) => b.id))} and status = 'ACTIVE' order by last_name, first_name, id`)
        const live = people.length === 0
          ? []
          : yield* ids.all(sql`select participant_id as id from registrations.check_ins where participant_id in ${sql.in(people.map((p) => p.id))} and undone_at is null`)
        const checked = new Set(live.map((r) => r.id))
        const byId = new Map(bookings.map((b) => [b.id, b]))
        return people.map((participant) => ({ participant, participation: byId.get(participant.participationId)!, checkedIn: checked.has(participant.id) }))
      }),
    reseat: (eventId, moves) =>
      tx(Effect.gen(function*() {
        const slotIds = [...new Set(moves.flatMap((m) => [m.fromSlotId, m.toSlotId]))].sort()
        if (slotIds.length === 0) return []
        for (const id of slotIds) yield* sql`insert into registrations.slot_seats (slot_id, taken) values (${id}, 0) on conflict (slot_id) do nothing`.pipe(Effect.orDie)
        const before = yield* seatRows.all(sql`
          select ss.slot_id, ss.taken, sl.capacity from registrations.slot_seats ss join events.slots sl on sl.id = ss.slot_id
          where ss.slot_id in ${sql.in(slotIds)} order by ss.slot_id for update of ss`)
        const delta = new Map<string, number>()
        const moved: Array<string> = []
        for (const m of moves) {
          const booking = yield* sql`
            update registrations.participations set slot_id = ${m.toSlotId}, updated_at = now()
            where id = ${m.participationId} and event_id = ${eventId} and slot_id = ${m.fromSlotId} and status = 'CONFIRMED' and seats = ${m.seats}
            returning id`.pipe(Effect.orDie)
          if (booking.length === 0) continue
          delta.set(m.fromSlotId, (delta.get(m.fromSlotId) ?? 0) - m.seats)
          delta.set(m.toSlotId, (delta.get(m.toSlotId) ?? 0) + m.seats)
          moved.push(m.participationId)
        }
        for (const row of before) {
          const d = delta.get(row.slotId) ?? 0
          if (d > 0 && row.taken + d > row.capacity) return yield* new Registrations.WaveSeedConflict({ slotId: row.slotId })
          if (d !== 0) yield* sql`update registrations.slot_seats set taken = taken + ${d} where slot_id = ${row.slotId}`.pipe(Effect.orDie)
        }
        for (const row of before) if ((delta.get(row.slotId) ?? 0) < 0) yield* seats.passOn(row.slotId, new Date()).pipe(Effect.orDie)
        return moved
      })),
    tally: (eventId, by) =>
      tallies.all(sql`
        select ${by === "ticket" ? sql`ticket_id` : sql`slot_id`} as key,
               coalesce(sum(seats) filter (where status = 'CONFIRMED'), 0)::int as confirmed_seats,
               coalesce(sum(seats) filter (where status = 'PENDING'), 0)::int as pending_seats,
               coalesce(sum(seats) filter (where status = 'CANCELLED'), 0)::int as cancelled_seats,
               count(*)::int as bookings,
               coalesce(sum(amount) filter (where status = 'CONFIRMED'), 0)::int as revenue
        from registrations.participations where event_id = ${eventId}
        group by 1`)
  })
}))
