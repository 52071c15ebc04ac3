/**
 * Transfers on Postgres (migration 0087). Accepting locks the sender's booking row first (the lock
 * order of every registrations writer), then moves the transfer conditionally, marks the sender's
 * participant TRANSFERRED and inserts the recipient's booking: the seat changes hands without
 * touching a counter, so it is neither released nor taken twice.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Registrations } from "@podium/core"
import { Participant, Participation, Transfer } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, onUnique, rowsOf } from "../rows.pg.js"

const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"
const TransferColumns = [
  "id", "event_id", "participation_id", "participant_id", "from_user_id", "to_email", "to_phone", "to_first_name", "to_last_name", "status",
  "origin_participant_id", "accepted_by", "new_participation_id", "new_participant_id", "responded_at", "created_at", "updated_at"
] as const
export const ParticipationColumnList = [
  "id", "booking_id", "event_id", "slot_id", "ticket_id", "user_id", "status", "seats", "amount", "currency",
  "gateway_order_id", "hold_expires_at", "confirmed_at", "cancelled_at", "cancel_reason", "created_at", "updated_at"
] as const
export const ParticipantColumnList = [
  "id", "participation_id", "event_id", "first_name", "last_name", "email", "phone_number", "status", "ticket_code", "cancelled_at", "created_at"
] as const
const Origin = Schema.Struct({ origin: Schema.String })

/**
 * Moves one participant's seat out of its booking into a new CONFIRMED booking of `userId`, in the
 * caller's transaction (the caller holds the old booking's row): the old participant gets `status`
 * (TRANSFERRED or DEFERRED), the old booking loses the seat (and takes that status with its last
 * one), the new booking holds it. No counter moves. Shared by transfers and deferrals.
 */
export const moveSeatPg = (sql: SqlClient.SqlClient) => {
  const participations = rowsOf(Participation)
  const participants = rowsOf(Participant)
  const pcols = sql.literal(ParticipationColumnList.join(", "))
  const ptcols = sql.literal(ParticipantColumnList.join(", "))
  /** Inserts a CONFIRMED free booking of one seat (the first free booking id of the candidates). */
  const insertBooking = (input: {
    readonly id: string
    readonly bookingIds: ReadonlyArray<string>
    readonly eventId: string
    readonly slotId: string
    readonly ticketId: string
    readonly userId: string
    readonly currency: string
    readonly participant: Registrations.NewParticipant
    readonly at: Date
  }) =>
    Effect.gen(function*() {
      let inserted = Option.none<Participation>()
      for (const bookingId of input.bookingIds) {
        inserted = yield* participations.maybe(sql`
          insert into registrations.participations (id, booking_id, booking_last7, event_id, slot_id, ticket_id, user_id, status, seats, amount, currency, confirmed_at)
          values (${input.id}, ${bookingId}, ${bookingId.slice(-7)}, ${input.eventId}, ${input.slotId}, ${input.ticketId}, ${input.userId}, 'CONFIRMED', 1, 0, ${input.currency}, ${input.at})
          on conflict (event_id, booking_last7) do nothing
          returning ${pcols}`)
        if (Option.isSome(inserted)) break
      }
      if (Option.isNone(inserted)) return yield* Effect.dieMessage("no free booking id among the candidates")
      const p = input.participant
      const people = yield* participants.all(sql`
        insert into registrations.participants (id, participation_id, event_id, position, first_name, last_name, email, phone_number, ticket_code)
        values (${p.id}, ${input.id}, ${input.eventId}, 0, ${p.firstName}, ${p.lastName}, ${p.email}, ${p.phoneNumber}, ${p.ticketCode})
        returning ${ptcols}`)
      return { participation: inserted.value, participants: people }
    }).pipe(Effect.orDie)
  /** The old participant leaves its booking with `status`; false when it was not ACTIVE. */
  const leave = (participationId: string, participantId: string, status: "TRANSFERRED" | "DEFERRED", at: Date) =>
    Effect.gen(function*() {
      const left = yield* sql`update registrations.participants set status = ${status}, cancelled_at = ${at}
                              where id = ${participantId} and participation_id = ${participationId} and status = 'ACTIVE' returning id`
      if (left.length === 0) return false
      yield* sql`update registrations.participations
                 set seats = seats - 1, updated_at = now(),
                     status = case when exists (select 1 from registrations.participants where participation_id = ${participationId} and status = 'ACTIVE')
                                   then status else ${status} end
                 where id = ${participationId}`
      return true
    }).pipe(Effect.orDie)
  const lockBooking = (participationId: string) =>
    participations.maybe(sql`select ${pcols} from registrations.participations where id = ${participationId} for update`).pipe(Effect.orDie)
  const appendTimeline = (entry: Registrations.TimelineInput) =>
    sql`insert into registrations.timeline (participation_id, action, actor, reason, data)
        values (${entry.participationId}, ${entry.action}, ${entry.actor}, ${entry.reason ?? null}, ${JSON.stringify(entry.data ?? {})}::jsonb)`.pipe(Effect.orDie, Effect.asVoid)
  return { insertBooking, leave, lockBooking, appendTimeline }
}

export const TransferRepoPg = Layer.effect(Registrations.TransferRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const transfers = rowsOf(Transfer)
  const origins = rowsOf(Origin)
  const cols = sql.literal(TransferColumns.join(", "))
  const seat = moveSeatPg(sql)
  const tx = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>))))
  const notFound = (id: string) => () => new Registrations.TransferNotFound({ ref: id })

  return Registrations.TransferRepo.of({
    originOf: (participantId) =>
      Effect.map(
        origins.maybe(sql`select origin_participant_id as origin from registrations.transfers where new_participant_id = ${participantId} and status = 'ACCEPTED'`),
        Option.match({ onNone: () => participantId, onSome: (r) => r.origin })
      ),
    acceptedCount: (origin) =>
      Effect.map(counts.one(sql`select count(*)::int as n from registrations.transfers where origin_participant_id = ${origin} and status = 'ACCEPTED'`), (r) => r.n),
    create: (input, origin) =>
      transfers.one(sql`
        insert into registrations.transfers (id, event_id, participation_id, participant_id, from_user_id, to_email, to_phone, to_first_name, to_last_name, token_hash, origin_participant_id)
        values (${input.id}, ${input.eventId}, ${input.participationId}, ${input.participantId}, ${input.fromUserId}, ${input.toEmail}, ${input.toPhone},
                ${input.toFirstName}, ${input.toLastName}, ${input.tokenHash}, ${origin})
        returning ${cols}`.pipe(onUnique(() => new Registrations.TransferAlreadyPending({ participantId: input.participantId })))),
    find: (id) => transfers.maybe(sql`select ${cols} from registrations.transfers where id = ${id}`),
    findByToken: (hash) => transfers.maybe(sql`select ${cols} from registrations.transfers where token_hash = ${hash}`),
    mine: (userId, email, phone) =>
      Effect.gen(function*() {
        const sent = yield* transfers.all(sql`select ${cols} from registrations.transfers where from_user_id = ${userId} order by created_at desc limit 100`)
        const received = email === null && phone === null
          ? []
          : yield* transfers.all(sql`
              select ${cols} from registrations.transfers
              where (${email}::text is not null and lower(to_email) = lower(${email})) or (${phone}::text is not null and to_phone = ${phone})
              order by created_at desc limit 100`)
        return { sent, received }
      }),
    decline: (id, move, at) =>
      applyMove(sql, {
        moves: Registrations.TransferMoves,
        move,
        table: "registrations.transfers",
        id,
        set: sql`responded_at = ${at}, updated_at = now()`,
        returning: cols,
        rows: transfers,
        notFound: notFound(id)
      }),
    accept: (id, a, at) =>
      tx(Effect.gen(function*() {
        const pending = yield* transfers.maybe(sql`select ${cols} from registrations.transfers where id = ${id}`)
        if (Option.isNone(pending)) return yield* new Registrations.TransferNotFound({ ref: id })
        const t = pending.value
        const locked = yield* seat.lockBooking(t.participationId)
        if (Option.isNone(locked)) return yield* new Registrations.ParticipationNotFound({ ref: t.participationId })
        const moved = yield* applyMove(sql, {
          moves: Registrations.TransferMoves,
          move: "accept",
          table: "registrations.transfers",
          id,
          set: sql`accepted_by = ${a.acceptedBy}, new_participation_id = ${a.participationId}, new_participant_id = ${a.participant.id}, responded_at = ${at}, updated_at = now()`,
          returning: cols,
          rows: transfers,
          notFound: notFound(id)
        })
        const done = yield* counts.one(sql`select count(*)::int as n from registrations.transfers where origin_participant_id = ${t.originParticipantId} and status = 'ACCEPTED'`)
        if (done.n > a.maxTransfers) {
          return yield* new Registrations.TransferRefused({ code: "TRANSFER_LIMIT_REACHED", reason: `this seat was already transferred ${a.maxTransfers} time(s)` })
        }
        if (locked.value.status !== "CONFIRMED" || !(yield* seat.leave(t.participationId, t.participantId, "TRANSFERRED", at))) {
          return yield* new Registrations.TransferRefused({ code: "PARTICIPANT_NOT_TRANSFERABLE", reason: "the participant's booking is no longer active" })
        }
        const p = locked.value
        const booking = yield* seat.insertBooking({
          id: a.participationId,
          bookingIds: a.bookingIds,
          eventId: p.eventId,
          slotId: p.slotId,
          ticketId: p.ticketId,
          userId: a.acceptedBy,
          currency: p.currency,
          participant: a.participant,
          at
        })
        yield* seat.appendTimeline({ participationId: p.id, action: "transfer.accepted", actor: `user:${a.acceptedBy}`, data: { transferId: id, participantId: t.participantId, to: a.participationId } })
        yield* seat.appendTimeline({ participationId: a.participationId, action: "booked.by_transfer", actor: `user:${a.acceptedBy}`, data: { transferId: id, from: p.id } })
        return { transfer: moved, booking }
      }))
  })
}))
