/**
 * Race packs and deliverables (C "Participations"): what each booking gets — a bib per active
 * participant and the add-ons bought with it. Add-ons are collected at the venue (the organizer's
 * desk marks one COLLECTED, once) or shipped once the athlete gives an address; the athlete
 * claims a deliverable on receipt, once. The organizer reconciles a pack against the list of what
 * their desk handed over: matched, missing and unexpected items, the handed add-ons collected.
 * The booker corrects their seats' contact details (names go through self-edit or a transfer).
 */
import type { BookingAddOn, ShippingAddress } from "@podium/kernel"
import { Effect, Option } from "effect"
import { BibRepo } from "./bib.port.js"
import { bookingByBookingId } from "./card-context.use-case.js"
import { BookingAddOnNotFound, DeliverableRefused, ParticipationNotFound } from "./participation.model.js"
import { type Booking, BookingAddOnRepo, ParticipationRepo } from "./participation.port.js"
import { type OrganizerActor, organizerEvent } from "./organizer-bookings.use-case.js"

const paidFor = (booking: Booking) =>
  booking.participation.status === "CONFIRMED"
    ? Effect.void
    : Effect.fail(new DeliverableRefused({ reason: `the booking is ${booking.participation.status}, not confirmed` }))

/** A line of the booking (404 for a line of another booking). */
const lineOf = (booking: Booking, lineId: string) =>
  Effect.flatMap(Effect.flatMap(BookingAddOnRepo, (r) => r.find(lineId)), (line) =>
    Option.isSome(line) && line.value.participationId === booking.participation.id
      ? Effect.succeed(line.value)
      : Effect.fail(new BookingAddOnNotFound({ ref: lineId })))

const deliverablesOf = (booking: Booking) => Effect.flatMap(BookingAddOnRepo, (r) => r.ofBooking(booking.participation.id))

export const myDeliverables = Effect.fn("registrations.deliverables.mine")(function*(userId: string, bookingId: string) {
  const booking = yield* bookingByBookingId(bookingId, userId)
  return { bookingId, items: yield* deliverablesOf(booking) }
})

export const shipDeliverable = Effect.fn("registrations.deliverables.ship")(function*(userId: string, bookingId: string, lineId: string, address: ShippingAddress) {
  const booking = yield* bookingByBookingId(bookingId, userId)
  yield* paidFor(booking)
  yield* lineOf(booking, lineId)
  const shipped = yield* Effect.flatMap(BookingAddOnRepo, (r) => r.ship(lineId, address))
  yield* Effect.flatMap(ParticipationRepo, (r) =>
    r.appendTimeline({ participationId: booking.participation.id, action: "deliverable.ship_to", actor: `user:${userId}`, data: { deliverableId: lineId, city: address.city } }))
  return shipped
})

export const claimDeliverable = Effect.fn("registrations.deliverables.claim")(function*(userId: string, bookingId: string, lineId: string) {
  const booking = yield* bookingByBookingId(bookingId, userId)
  yield* paidFor(booking)
  yield* lineOf(booking, lineId)
  const claimed = yield* Effect.flatMap(BookingAddOnRepo, (r) => r.claim(lineId, new Date()))
  yield* Effect.flatMap(ParticipationRepo, (r) =>
    r.appendTimeline({ participationId: booking.participation.id, action: "deliverable.claimed", actor: `user:${userId}`, data: { deliverableId: lineId } }))
  return claimed
})

/** The organizer's desk hands an add-on over: NOT_COLLECTED → COLLECTED once (of two desks at once, one wins). */
export const collectAddOn = Effect.fn("registrations.addOns.collect")(function*(who: OrganizerActor, lineId: string) {
  const line = yield* Effect.flatMap(Effect.flatMap(BookingAddOnRepo, (r) => r.find(lineId)), (l) =>
    Option.isSome(l) ? Effect.succeed(l.value) : Effect.fail(new BookingAddOnNotFound({ ref: lineId })))
  yield* organizerEvent(who, line.eventId).pipe(Effect.mapError(() => new BookingAddOnNotFound({ ref: lineId })))
  const booking = (yield* Effect.flatMap(ParticipationRepo, (r) => r.find(line.participationId))).pipe(Option.getOrThrow)
  yield* paidFor(booking)
  const collected = yield* Effect.flatMap(BookingAddOnRepo, (r) => r.collect(lineId, who.actor, new Date()))
  yield* Effect.flatMap(ParticipationRepo, (r) =>
    r.appendTimeline({ participationId: line.participationId, action: "add_on.collected", actor: who.actor, data: { deliverableId: lineId, addOnId: line.addOnId } }))
  return collected
})

/** A booking's pack: each active participant with their bib, the add-ons, and whether everything to pick up was handed over. */
const packOf = (booking: Booking) =>
  Effect.gen(function*() {
    const bibs = yield* BibRepo
    const participants = yield* Effect.forEach(booking.participants.filter((p) => p.status === "ACTIVE"), (p) =>
      Effect.map(bibs.ofParticipant(p.id), (bib) => ({
        participantId: p.id,
        name: `${p.firstName} ${p.lastName}`,
        bib: Option.match(bib, { onNone: () => null, onSome: (b) => b.label })
      })))
    const addOns = yield* deliverablesOf(booking)
    const toPickUp = addOns.filter((a) => a.fulfilment === "PICKUP")
    return {
      bookingId: booking.participation.bookingId,
      eventId: booking.participation.eventId,
      status: booking.participation.status,
      participants,
      addOns,
      complete: toPickUp.every((a) => a.status === "COLLECTED")
    }
  })

export const myRacePack = Effect.fn("registrations.racePack.mine")(function*(userId: string, bookingId: string) {
  return yield* packOf(yield* bookingByBookingId(bookingId, userId))
})

/**
 * Reconciles a pack against what the organizer's desk handed over (bibs by label, add-ons by
 * their line id): the handed add-ons not yet collected are collected now; the answer says what
 * matched, what the pack still misses and what the list named that the pack does not hold.
 * Reconciling the same list again changes nothing.
 */
export const reconcileRacePack = Effect.fn("registrations.racePack.reconcile")(function*(
  who: OrganizerActor,
  bookingId: string,
  handedOver: { readonly bibs: ReadonlyArray<string>; readonly addOnIds: ReadonlyArray<string> }
) {
  const booking = yield* bookingByBookingId(bookingId)
  yield* organizerEvent(who, booking.participation.eventId).pipe(Effect.mapError(() => new ParticipationNotFound({ ref: bookingId })))
  yield* paidFor(booking)
  const before = yield* packOf(booking)
  const pickUp = before.addOns.filter((a) => a.fulfilment === "PICKUP")
  const expectedBibs = before.participants.flatMap((p) => (p.bib === null ? [] : [p.bib]))
  const handedBibs = new Set(handedOver.bibs)
  const handedAddOns = new Set(handedOver.addOnIds)
  for (const line of pickUp) {
    if (handedAddOns.has(line.id) && line.status === "NOT_COLLECTED") {
      yield* collectAddOn(who, line.id).pipe(Effect.catchTag("DeliverableRefused", () => Effect.void))
    }
  }
  const after = yield* packOf(booking)
  const lines: ReadonlyArray<BookingAddOn> = after.addOns.filter((a) => a.fulfilment === "PICKUP")
  return {
    bookingId,
    matched: { bibs: expectedBibs.filter((b) => handedBibs.has(b)), addOnIds: lines.filter((l) => handedAddOns.has(l.id)).map((l) => l.id) },
    missing: {
      bibs: expectedBibs.filter((b) => !handedBibs.has(b)),
      addOnIds: lines.filter((l) => !handedAddOns.has(l.id) && l.status !== "COLLECTED").map((l) => l.id)
    },
    unexpected: {
      bibs: [...handedBibs].filter((b) => !expectedBibs.includes(b)),
      addOnIds: [...handedAddOns].filter((id) => !lines.some((l) => l.id === id))
    },
    complete: after.complete && expectedBibs.every((b) => handedBibs.has(b))
  }
})

/** The booker corrects their seats' e-mail or phone (names are identity: self-edit or a transfer). */
export const updateMyBooking = Effect.fn("registrations.booking.update")(function*(
  userId: string,
  id: string,
  input: { readonly participants: ReadonlyArray<{ readonly id: string; readonly email?: string | undefined; readonly phoneNumber?: string | undefined }> }
) {
  const repo = yield* ParticipationRepo
  const found = yield* repo.find(id)
  if (Option.isNone(found) || found.value.participation.userId !== userId) return yield* new ParticipationNotFound({ ref: id })
  const changes = input.participants.map((change) => ({
    participantId: change.id,
    patch: { ...(change.email === undefined ? {} : { email: change.email }), ...(change.phoneNumber === undefined ? {} : { phoneNumber: change.phoneNumber }) }
  }))
  const outcome = yield* repo.correctContacts(id, changes, {
    action: "participant.contact_updated",
    actor: `user:${userId}`,
    data: { participants: changes.map((c) => ({ participantId: c.participantId, fields: Object.keys(c.patch) })) }
  })
  if ("inactive" in outcome) return yield* new DeliverableRefused({ reason: `the booking is ${outcome.inactive}` })
  return (yield* repo.find(id)).pipe(Option.getOrThrow)
})
