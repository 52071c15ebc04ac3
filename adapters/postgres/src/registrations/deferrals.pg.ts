/**
 * Deferrals on Postgres (migration 0087). A decision that releases the original seat locks the
 * original booking's row, moves the deferral conditionally and gives the seat back (offered to
 * the waitlist) in one transaction; a fulfilment takes the target seat in the same transaction,
 * the two slots touched in id order so two opposite fulfilments cannot deadlock.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type { Fragment } from "@effect/sql/Statement"
import { Registrations } from "@podium/core"
import { Deferral } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, onUnique, rowsOf } from "../rows.pg.js"
import { makeSeats } from "./seats.pg.js"
import { moveSeatPg } from "./transfers.pg.js"

const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"
const DeferralColumns = [
  "id", "event_id", "participation_id", "participant_id", "user_id", "reason", "status", "target_event_id", "target_ticket_id",
  "new_participation_id", "comp_code", "decided_by", "decision_reason", "decided_at", "created_at", "updated_at"
] as const

export const DeferralRepoPg = Layer.effect(Registrations.DeferralRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const deferrals = rowsOf(Deferral)
  const cols = sql.literal(DeferralColumns.join(", "))
  const seat = moveSeatPg(sql)
  const seats = makeSeats(sql)
  const tx = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>))))
  const notFound = (id: string) => () => new Registrations.DeferralNotFound({ ref: id })
  const notDeferrable = new Registrations.DeferralRefused({ code: "PARTICIPANT_NOT_DEFERRABLE", reason: "the participant's booking is no longer active" })

  /** Locks the original booking, applies the decision, and takes the participant out of it (DEFERRED). */
  const decideReleasing = (id: string, move: "fulfil" | "issue comp", set: Fragment, at: Date) =>
    Effect.gen(function*() {
      const current = yield* deferrals.maybe(sql`select ${cols} from registrations.deferrals where id = ${id}`)
      if (Option.isNone(current)) return yield* new Registrations.DeferralNotFound({ ref: id })
      const locked = yield* seat.lockBooking(current.value.participationId)
      if (Option.isNone(locked)) return yield* new Registrations.ParticipationNotFound({ ref: current.value.participationId })
      const moved = yield* applyMove(sql, { moves: Registrations.DeferralMoves, move, table: "registrations.deferrals", id, set, returning: cols, rows: deferrals, notFound: notFound(id) })
      if (locked.value.status !== "CONFIRMED" || !(yield* seat.leave(moved.participationId, moved.participantId, "DEFERRED", at))) return yield* notDeferrable
      return { deferral: moved, original: locked.value }
    })

  return Registrations.DeferralRepo.of({
    create: (input) =>
      deferrals.one(sql`
        insert into registrations.deferrals (id, event_id, participation_id, participant_id, user_id, reason)
        values (${input.id}, ${input.eventId}, ${input.participationId}, ${input.participantId}, ${input.userId}, ${input.reason})
        returning ${cols}`.pipe(onUnique(() => new Registrations.DeferralAlreadyRequested({ participantId: input.participantId })))),
    find: (id) => deferrals.maybe(sql`select ${cols} from registrations.deferrals where id = ${id}`),
    mine: (userId) => deferrals.all(sql`select ${cols} from registrations.deferrals where user_id = ${userId} order by created_at desc limit 200`),
    pending: (organizerId, eventId, page, limit) =>
      Effect.gen(function*() {
        const where = sql`d.status = 'REQUESTED' and e.organizer_id = ${organizerId} ${eventId === undefined ? sql`` : sql`and d.event_id = ${eventId}`}`
        const total = yield* counts.one(sql`select count(*)::int as n from registrations.deferrals d join events.events e on e.id = d.event_id where ${where}`)
        const items = yield* deferrals.all(sql`
          select ${sql.literal(DeferralColumns.map((c) => `d.${c}`).join(", "))} from registrations.deferrals d join events.events e on e.id = d.event_id
          where ${where} order by d.created_at, d.id limit ${limit} offset ${(page - 1) * limit}`)
        return { items, total: total.n }
      }),
    decide: (id, move, by, reason, at) =>
      applyMove(sql, {
        moves: Registrations.DeferralMoves,
        move,
        table: "registrations.deferrals",
        id,
        set: sql`decided_by = ${by}, decision_reason = ${reason}, decided_at = ${at}, updated_at = now()`,
        returning: cols,
        rows: deferrals,
        notFound: notFound(id)
      }),
    fulfil: (id, f, at) =>
      tx(Effect.gen(function*() {
        const { deferral, original: o } = yield* decideReleasing(id, "fulfil", sql`target_event_id = ${f.targetEventId}, target_ticket_id = ${f.targetTicketId},
            new_participation_id = ${f.participationId}, decided_by = ${f.by}, decided_at = ${at}, updated_at = now()`, at)
        // Both slots in id order (each slot with its ticket): the one lock order of every seat writer.
        const giveBack = seats.give(o.slotId, o.ticketId, 1)
        const takeTarget = Effect.flatMap(seats.take(f.targetSlotId, f.targetTicketId, 1), (ok) => (ok ? Effect.void : Effect.fail(new Registrations.TicketSoldOut({ ticketId: f.targetTicketId }))))
        if (o.slotId.localeCompare(f.targetSlotId) <= 0) {
          yield* giveBack
          yield* takeTarget
        } else {
          yield* takeTarget
          yield* giveBack
        }
        const booking = yield* seat.insertBooking({
          id: f.participationId,
          bookingIds: f.bookingIds,
          eventId: f.targetEventId,
          slotId: f.targetSlotId,
          ticketId: f.targetTicketId,
          userId: deferral.userId,
          currency: o.currency,
          participant: f.participant,
          at
        })
        yield* seats.passOn(o.slotId, at)
        yield* seat.appendTimeline({ participationId: o.id, action: "deferral.fulfilled", actor: f.by, data: { deferralId: id, participantId: deferral.participantId, to: f.participationId } })
        yield* seat.appendTimeline({ participationId: f.participationId, action: "booked.by_deferral", actor: f.by, data: { deferralId: id, from: o.id } })
        return { deferral, booking }
      })),
    issueComp: (id, by, code, note, at) =>
      tx(Effect.gen(function*() {
        const { deferral, original: o } = yield* decideReleasing(id, "issue comp", sql`comp_code = ${code}, decided_by = ${by}, decision_reason = ${note}, decided_at = ${at}, updated_at = now()`, at)
        yield* seats.release(o.slotId, o.ticketId, 1, at)
        yield* seat.appendTimeline({ participationId: o.id, action: "deferral.comp_issued", actor: by, reason: note, data: { deferralId: id, participantId: deferral.participantId } })
        return deferral
      }))
  })
}))
