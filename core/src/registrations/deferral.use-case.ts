/**
 * Deferrals (C "Deferrals"): the holder of a confirmed seat asks to move it to a future edition
 * before the organizer's deadline (the self-service policy's, else the event's start); the
 * requester may cancel; the organizer of the event fulfils into a future event of theirs (a seat
 * is taken there), issues a complimentary entry, or rejects with a reason. The original seat is
 * released exactly once, by the decision's own transaction.
 */
import { Effect, Option } from "effect"
import { EventNotFound, TicketNotFound } from "../events/event.model.js"
import { EventInventoryRepo, EventRepo } from "../events/event.port.js"
import { Hmac, SecureRandom } from "../identity/crypto.port.js"
import { enqueueNotification } from "../notifications/enqueue-notification.use-case.js"
import { Transactor } from "../platform/transactor.port.js"
import { DeferralNotFound, DeferralRefused } from "./deferral.model.js"
import { DeferralRepo } from "./deferral.port.js"
import { type OrganizerActor, organizerEvent } from "./organizer-bookings.use-case.js"
import { bookingIdFrom, ParticipantNotFound, TicketCodePurpose, ticketCodeOf } from "./participation.model.js"
import { CheckInRepo, ParticipationRepo } from "./participation.port.js"
import { notifyWaitlistOffers } from "./waitlist-offers.use-case.js"
import { SelfServiceConfigRepo } from "./waitlist.port.js"

export const requestDeferral = Effect.fn("registrations.requestDeferral")(function*(userId: string, input: {
  readonly participantId: string
  readonly reason?: string | undefined
}) {
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(input.participantId))
  if (Option.isNone(found) || found.value.participation.userId !== userId) return yield* new ParticipantNotFound({ ref: input.participantId })
  const { participation, participant } = found.value
  const config = yield* Effect.flatMap(SelfServiceConfigRepo, (r) => r.get(participation.eventId))
  if (!config.allowDeferrals) return yield* new DeferralRefused({ code: "DEFERRALS_DISABLED", reason: "the organizer does not take deferrals" })
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(participation.eventId))
  const deadline = config.deferralDeadline ?? Option.match(event, { onNone: () => new Date(0), onSome: (e) => e.startsAt })
  if (Date.now() >= deadline.getTime()) return yield* new DeferralRefused({ code: "DEFERRAL_DEADLINE_PASSED", reason: "the deferral deadline has passed" })
  if (participation.status !== "CONFIRMED" || participant.status !== "ACTIVE") {
    return yield* new DeferralRefused({ code: "PARTICIPANT_NOT_DEFERRABLE", reason: "only an active participant of a confirmed booking can be deferred" })
  }
  if (Option.isSome(yield* Effect.flatMap(CheckInRepo, (r) => r.live(participant.id)))) {
    return yield* new DeferralRefused({ code: "PARTICIPANT_NOT_DEFERRABLE", reason: "the participant is already checked in" })
  }
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const deferral = yield* Effect.flatMap(DeferralRepo, (r) =>
      Effect.flatMap(Effect.flatMap(SecureRandom, (s) => s.uuid), (id) =>
        r.create({ id, eventId: participation.eventId, participationId: participation.id, participantId: participant.id, userId, reason: input.reason ?? null })))
    yield* Effect.flatMap(ParticipationRepo, (r) =>
      r.appendTimeline({ participationId: participation.id, action: "deferral.requested", actor: `user:${userId}`, reason: input.reason ?? null, data: { deferralId: deferral.id, participantId: participant.id } }))
    return deferral
  }))
})

export const cancelDeferral = Effect.fn("registrations.cancelDeferral")(function*(userId: string, id: string) {
  const found = yield* Effect.flatMap(DeferralRepo, (r) => r.find(id))
  if (Option.isNone(found) || found.value.userId !== userId) return yield* new DeferralNotFound({ ref: id })
  return yield* Effect.flatMap(DeferralRepo, (r) => r.decide(id, "cancel", `user:${userId}`, null, new Date()))
})

export const myDeferrals = (userId: string) => Effect.flatMap(DeferralRepo, (r) => r.mine(userId))

export const pendingDeferrals = Effect.fn("registrations.pendingDeferrals")(function*(who: OrganizerActor, eventId: string | undefined, page: number, limit: number) {
  if (eventId !== undefined) yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(DeferralRepo, (r) => r.pending(who.organizerId, eventId, page, limit))
})

/** A deferral of one of the organizer's events (another organizer's is 404). */
const organizerDeferral = Effect.fn("registrations.organizerDeferral")(function*(who: OrganizerActor, id: string) {
  const found = yield* Effect.flatMap(DeferralRepo, (r) => r.find(id))
  if (Option.isNone(found)) return yield* new DeferralNotFound({ ref: id })
  yield* organizerEvent(who, found.value.eventId).pipe(Effect.mapError(() => new DeferralNotFound({ ref: id })))
  return found.value
})

export const rejectDeferral = Effect.fn("registrations.rejectDeferral")(function*(who: OrganizerActor, id: string, reason: string) {
  yield* organizerDeferral(who, id)
  return yield* Effect.flatMap(DeferralRepo, (r) => r.decide(id, "reject", who.actor, reason, new Date()))
})

/** Moves the seat into a future event of the same organizer: a seat of `ticketId` is taken there, the original released. */
export const fulfilDeferral = Effect.fn("registrations.fulfilDeferral")(function*(who: OrganizerActor, id: string, input: {
  readonly targetEventId: string
  readonly ticketId: string
}) {
  const deferral = yield* organizerDeferral(who, id)
  if (input.targetEventId === deferral.eventId) return yield* new DeferralRefused({ code: "DEFERRAL_TARGET_INVALID", reason: "the target must be another edition" })
  const target = yield* organizerEvent(who, input.targetEventId)
  if (target.status !== "published" || !target.isActive || target.startsAt.getTime() <= Date.now()) {
    return yield* new DeferralRefused({ code: "DEFERRAL_TARGET_INVALID", reason: "the target edition must be published and in the future" })
  }
  const ticket = yield* Effect.flatMap(EventInventoryRepo, (r) => r.findTicket(input.targetEventId, input.ticketId))
  if (Option.isNone(ticket)) return yield* new TicketNotFound({ ticketId: input.ticketId })
  const original = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(deferral.participantId))
  if (Option.isNone(original)) return yield* new ParticipantNotFound({ ref: deferral.participantId })
  const p = original.value.participant
  const random = yield* SecureRandom
  const participantId = yield* random.uuid
  const signature = yield* Effect.flatMap(Hmac, (h) => h.digest(TicketCodePurpose, participantId))
  const participationId = yield* random.uuid
  const bookingIds = yield* Effect.all(Array.from({ length: 5 }, () => Effect.map(random.digits(10), bookingIdFrom)))
  const result = yield* Effect.flatMap(DeferralRepo, (r) =>
    r.fulfil(id, {
      by: who.actor,
      targetEventId: input.targetEventId,
      targetSlotId: ticket.value.slotId,
      targetTicketId: ticket.value.id,
      participationId,
      bookingIds,
      participant: { id: participantId, firstName: p.firstName, lastName: p.lastName, email: p.email, phoneNumber: p.phoneNumber, ticketCode: ticketCodeOf(participantId, signature) }
    }, new Date()))
  yield* notifyWaitlistOffers()
  return result
})

/** Releases the original seat and gives the athlete a complimentary entry code (sent through the outbox). */
export const issueDeferralComp = Effect.fn("registrations.issueDeferralComp")(function*(who: OrganizerActor, id: string, note: string | null) {
  const deferral = yield* organizerDeferral(who, id)
  const original = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(deferral.participantId))
  if (Option.isNone(original)) return yield* new ParticipantNotFound({ ref: deferral.participantId })
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(deferral.eventId))
  if (Option.isNone(event)) return yield* new EventNotFound({ ref: deferral.eventId })
  const code = `COMP-${yield* Effect.flatMap(SecureRandom, (r) => r.digits(10))}`
  const tx = yield* Transactor
  const issued = yield* tx.atomically(Effect.gen(function*() {
    const done = yield* Effect.flatMap(DeferralRepo, (r) => r.issueComp(id, who.actor, code, note, new Date()))
    const p = original.value.participant
    yield* enqueueNotification({
      channel: "EMAIL",
      recipient: p.email,
      userId: deferral.userId,
      subject: `Your deferral from ${event.value.title}`,
      body: `Hi ${p.firstName}, your deferral from ${event.value.title} was settled with a complimentary entry: ${code}.${note === null ? "" : ` ${note}`}`,
      category: "transactional",
      producer: `registrations.deferral-comp:${id}`
    })
    return done
  }))
  yield* notifyWaitlistOffers()
  return issued
})
