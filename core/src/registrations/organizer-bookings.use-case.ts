/**
 * The organizer's bookings (C "Bookings"): filtered list, one booking, cancel a booking or one
 * participant (seats released once, by the conditional moves), bulk cancel with a shared reason
 * and per-row overrides (each row answered on its own), participant corrections, ticket resend
 * through the notifications outbox, and the timeline. Every operation first checks that the event
 * belongs to the organizer the tenancy guard granted (another tenant's event is 404).
 */
import type { Participant, ParticipationStatus } from "@podium/kernel"
import { Effect, Option } from "effect"
import { EventNotFound } from "../events/event.model.js"
import { EventRepo } from "../events/event.port.js"
import { enqueueNotification } from "../notifications/enqueue-notification.use-case.js"
import { Transactor } from "../platform/transactor.port.js"
import { requestBookingRefund } from "./event-cancellation.use-case.js"
import { ParticipantNotFound, ParticipationNotFound } from "./participation.model.js"
import { ParticipationRepo } from "./participation.port.js"
import { notifyWaitlistOffers } from "./waitlist-offers.use-case.js"

/** Who acts for which organizer (what the tenancy guard granted). */
export interface OrganizerActor {
  readonly organizerId: string
  /** `organizer:<memberId>` or `admin:<accountId>`. */
  readonly actor: string
}

/** The audit log's actor of an organizer's request (`organizer:<memberId>` → kind and id). */
export const auditActor = (who: OrganizerActor) => ({ kind: who.actor.split(":")[0]!, id: who.actor.split(":")[1] ?? null })

/** The event, when it belongs to the actor's organizer. */
export const organizerEvent = Effect.fn("registrations.organizerEvent")(function*(who: OrganizerActor, eventId: string) {
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId))
  if (Option.isNone(event) || event.value.organizerId !== who.organizerId) return yield* new EventNotFound({ ref: eventId })
  return event.value
})

/** A booking of the organizer's event. */
export const organizerBooking = Effect.fn("registrations.organizerBooking")(function*(who: OrganizerActor, eventId: string, participationId: string) {
  yield* organizerEvent(who, eventId)
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.find(participationId))
  if (Option.isNone(found) || found.value.participation.eventId !== eventId) return yield* new ParticipationNotFound({ ref: participationId })
  return found.value
})

export const listBookings = Effect.fn("registrations.listBookings")(function*(who: OrganizerActor, eventId: string, filter: {
  readonly status?: ParticipationStatus | undefined
  readonly ticketId?: string | undefined
  readonly slotId?: string | undefined
  readonly q?: string | undefined
  readonly page: number
  readonly limit: number
}) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(ParticipationRepo, (r) => r.list({ ...filter, eventId }))
})

export const cancelBooking = Effect.fn("registrations.cancelBooking")(function*(who: OrganizerActor, eventId: string, participationId: string, reason: string | null) {
  const booking = yield* organizerBooking(who, eventId, participationId)
  const repo = yield* ParticipationRepo
  const p = booking.participation
  // A paid, confirmed booking is refunded in full with its cancel (one unit of work: a refused move requests nothing).
  yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const refund = p.status === "CONFIRMED" && p.amount > 0 ? yield* requestBookingRefund(p, reason ?? "cancelled by the organizer", who.actor) : null
      yield* repo.move(participationId, "cancel", {
        at: new Date(),
        reason,
        timeline: { action: "cancelled", actor: who.actor, reason, ...(refund === null ? {} : { data: { refundId: refund.refund.id } }) }
      })
    })))
  yield* notifyWaitlistOffers()
  return (yield* repo.find(participationId)).pipe(Option.getOrThrow)
})

export const cancelParticipant = Effect.fn("registrations.cancelParticipant")(function*(
  who: OrganizerActor,
  eventId: string,
  participationId: string,
  participantId: string,
  reason: string | null
) {
  yield* organizerBooking(who, eventId, participationId)
  const booking = yield* Effect.flatMap(ParticipationRepo, (r) =>
    r.cancelParticipant(participationId, participantId, {
      at: new Date(),
      reason,
      timeline: { action: "participant.cancelled", actor: who.actor, reason, data: { participantId } }
    }))
  yield* notifyWaitlistOffers()
  return booking
})

/** Bulk cancel: the shared reason unless a row gives its own; every row answered (a failed row does not stop the others). */
export const bulkCancel = Effect.fn("registrations.bulkCancel")(function*(who: OrganizerActor, eventId: string, input: {
  readonly reason: string
  readonly items: ReadonlyArray<{ readonly participationId: string; readonly reason?: string | undefined }>
}) {
  yield* organizerEvent(who, eventId)
  const results = yield* Effect.forEach(input.items, (item) =>
    cancelBooking(who, eventId, item.participationId, item.reason ?? input.reason).pipe(
      Effect.map((booking) => ({ participationId: item.participationId, outcome: "cancelled" as const, status: booking.participation.status, code: null, message: null })),
      Effect.catchAll((error) =>
        Effect.succeed({
          participationId: item.participationId,
          outcome: "failed" as const,
          status: null,
          code: error._tag === "MoveRefused" ? error.code : error._tag === "ParticipationNotFound" ? "NOT_FOUND" : error._tag,
          message: error.message
        }))
    ))
  return { cancelled: results.filter((r) => r.outcome === "cancelled").length, failed: results.filter((r) => r.outcome === "failed").length, results }
})

/** Corrects a participant's name or contact (the timeline keeps what changed). */
export const updateParticipant = Effect.fn("registrations.updateParticipant")(function*(
  who: OrganizerActor,
  eventId: string,
  participationId: string,
  participantId: string,
  patch: Partial<Pick<Participant, "firstName" | "lastName" | "email" | "phoneNumber">>
) {
  yield* organizerBooking(who, eventId, participationId)
  const updated = yield* Effect.flatMap(ParticipationRepo, (r) =>
    r.updateParticipant(participationId, participantId, patch, { action: "participant.updated", actor: who.actor, data: { participantId, fields: Object.keys(patch) } }))
  if (Option.isNone(updated)) return yield* new ParticipantNotFound({ ref: participantId })
  return updated.value
})

/**
 * Queues the ticket e-mail of the booking's active participants (or the listed ones) in the
 * outbox, with the timeline line, in one unit of work: the message exists exactly when the
 * resend is recorded.
 */
export const resendTicket = Effect.fn("registrations.resendTicket")(function*(
  who: OrganizerActor,
  eventId: string,
  participationId: string,
  participantIds: ReadonlyArray<string> | undefined
) {
  const event = yield* organizerEvent(who, eventId)
  const booking = yield* organizerBooking(who, eventId, participationId)
  const targets = booking.participants.filter((p) => p.status === "ACTIVE" && (participantIds === undefined || participantIds.includes(p.id)))
  for (const id of participantIds ?? []) {
    if (!booking.participants.some((p) => p.id === id)) return yield* new ParticipantNotFound({ ref: id })
  }
  const tx = yield* Transactor
  yield* tx.atomically(Effect.gen(function*() {
    for (const p of targets) {
      yield* enqueueNotification({
        channel: "EMAIL",
        recipient: p.email,
        subject: `Your ticket for ${event.title}`,
        body: `Hi ${p.firstName}, your booking ${booking.participation.bookingId} for ${event.title} is ${booking.participation.status}. Ticket code: ${p.ticketCode}`,
        category: "transactional",
        producer: `registrations.ticket:${p.id}`
      })
    }
    yield* Effect.flatMap(ParticipationRepo, (r) =>
      r.appendTimeline({ participationId, action: "ticket.resent", actor: who.actor, data: { participantIds: targets.map((p) => p.id) } }))
  }))
  return { queued: targets.length, participantIds: targets.map((p) => p.id) }
})

export const bookingTimeline = Effect.fn("registrations.timeline")(function*(who: OrganizerActor, eventId: string, participationId: string) {
  yield* organizerBooking(who, eventId, participationId)
  return yield* Effect.flatMap(ParticipationRepo, (r) => r.timeline(participationId))
})
