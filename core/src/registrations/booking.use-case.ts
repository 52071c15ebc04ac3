/**
 * Booking (C "Participations"): preview, book, pay, resume payment, cancel, and the athlete's reads.
 * A free ticket is CONFIRMED in the transaction that takes its seats; a paid one is PENDING with a
 * hold of `PaymentHoldMs` and a gateway order (purpose `event_participation`) created after the
 * seats are taken (no provider call inside the transaction); the gateway's `payment.captured`
 * webhook, whose signature the payments inbox verifies, confirms it exactly once (the PENDING →
 * CONFIRMED conditional move is the gate). A hold that lapses is released by the next booking of
 * the ticket or by the expiry job, whichever comes first, through the same conditional move.
 */
import type { EventTicket } from "@podium/kernel"
import { Effect, Option } from "effect"
import { EventNotFound, TicketNotFound } from "../events/event.model.js"
import { EventInventoryRepo, EventRepo } from "../events/event.port.js"
import { Hmac, SecureRandom } from "../identity/crypto.port.js"
import { PaymentEventProcessingFailed, registerPaymentEventProcessor } from "../payments/payment-event-processors.port.js"
import { checkoutOf, createGatewayOrder } from "../payments/payment-order.use-case.js"
import { PaymentGateway } from "../payments/payment-gateway.port.js"
import { requestRefund } from "../payments/refund.use-case.js"
import { EventAddOnRepo, EventCouponRepo } from "../events/event-config/event-config.model.js"
import {
  AddOnLimitExceeded,
  AddOnNotFound,
  BookingClosed,
  bookingIdFrom,
  CouponInvalid,
  PaidBookingNeedsOrganizer,
  ParticipationMoves,
  ParticipationNotFound,
  ParticipationOrderPurpose,
  PaymentHoldMs,
  priceBooking,
  TicketCodePurpose,
  ticketCodeOf
} from "./participation.model.js"
import { type Booking, ParticipationRepo } from "./participation.port.js"
import { notifyWaitlistOffers } from "./waitlist-offers.use-case.js"
import { recordWaiverAcceptances, waiverToAccept } from "./waiver.use-case.js"
import { waveTakesBookings } from "./wave.use-case.js"
import { Transactor } from "../platform/transactor.port.js"

export interface BookingRequest {
  readonly eventId: string
  readonly ticketId: string
  readonly participants: ReadonlyArray<{
    readonly firstName: string
    readonly lastName: string
    readonly email: string
    readonly phoneNumber?: string | undefined
  }>
  readonly addOnIds?: ReadonlyArray<string> | undefined
  readonly couponCode?: string | undefined
  /** The version of the event's active waiver the athlete accepted (required when the event has one). */
  readonly waiverVersion?: number | undefined
}

/**
 * The add-ons a request names (an id once per unit), each on sale for the event and within its
 * per-booking limit, at today's price; the stock is the booking's to take, under its locks.
 */
const addOnsOf = (eventId: string, ids: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const units = new Map<string, number>()
    for (const id of ids) units.set(id, (units.get(id) ?? 0) + 1)
    const repo = yield* EventAddOnRepo
    return yield* Effect.forEach([...units].sort(([a], [b]) => a.localeCompare(b)), ([addOnId, quantity]) =>
      Effect.gen(function*() {
        const found = yield* repo.get(addOnId)
        if (Option.isNone(found) || found.value.eventId !== eventId || !found.value.isActive) return yield* new AddOnNotFound({ addOnId })
        const a = found.value
        if (quantity > a.maxPerBooking) return yield* new AddOnLimitExceeded({ addOnId, maxPerBooking: a.maxPerBooking })
        return { addOnId, name: a.name, quantity, unitPrice: a.price, currency: a.currency }
      }))
  })

/**
 * The coupon a request names, when it may discount this ticket now: the event's, switched on,
 * inside its validity window and valid for the ticket (400 COUPON_INVALID otherwise). Its caps are
 * the booking's to check, under the coupon's row lock.
 */
const couponFor = (eventId: string, ticketId: string, code: string, now: Date) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(EventCouponRepo, (r) => r.findByCode(eventId, code))
    const valid = Option.filter(found, (c) =>
      c.isActive && (c.validFrom === null || c.validFrom.getTime() <= now.getTime()) && (c.validUntil === null || c.validUntil.getTime() > now.getTime()) &&
      (c.ticketIds.length === 0 || c.ticketIds.includes(ticketId)))
    if (Option.isNone(valid)) return yield* new CouponInvalid({ couponCode: code })
    return valid.value
  })

/** The event and ticket of a request, checked bookable at `now`; the breakdown of its seats and add-ons. */
const bookable = Effect.fn("registrations.bookable")(function*(input: BookingRequest, now: Date) {
  const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(input.eventId))
  if (Option.isNone(event)) return yield* new EventNotFound({ ref: input.eventId })
  const found = yield* Effect.flatMap(EventInventoryRepo, (r) => r.findTicket(input.eventId, input.ticketId))
  if (Option.isNone(found)) return yield* new TicketNotFound({ ticketId: input.ticketId })
  const ticket: EventTicket = found.value
  const e = event.value
  if (e.status !== "published" || !e.isActive) return yield* new BookingClosed({ reason: "the event is not open" })
  if (!e.bookingsOpen) return yield* new BookingClosed({ reason: "the organizer has closed bookings" })
  if (e.startsAt.getTime() <= now.getTime()) return yield* new BookingClosed({ reason: "the event has started" })
  if (!ticket.isActive) return yield* new BookingClosed({ reason: "the ticket is not on sale" })
  const wave = yield* waveTakesBookings(e.id, ticket.slotId)
  if (wave !== "OPEN") return yield* new BookingClosed({ reason: wave === "STARTED" ? "the ticket's wave has started" : "the ticket's wave is closed" })
  if (ticket.salesStartAt !== null && ticket.salesStartAt.getTime() > now.getTime()) return yield* new BookingClosed({ reason: "the ticket's sale has not started" })
  if (ticket.salesEndAt !== null && ticket.salesEndAt.getTime() <= now.getTime()) return yield* new BookingClosed({ reason: "the ticket's sale has ended" })
  const addOns = yield* addOnsOf(e.id, input.addOnIds ?? [])
  const coupon = input.couponCode === undefined ? undefined : yield* couponFor(e.id, ticket.id, input.couponCode, now)
  return { event: e, ticket, addOns, coupon, breakdown: priceBooking(ticket.price, input.participants.length, ticket.currency, addOns, coupon) }
})

/** The billing breakdown of a booking; creates nothing. The public preview is the same without a caller (no coins or wallet exist to apply). */
export const previewBooking = Effect.fn("registrations.preview")(function*(input: BookingRequest) {
  const { breakdown, ticket } = yield* bookable(input, new Date())
  return { eventId: input.eventId, ticketId: ticket.id, ticketName: ticket.name, available: Math.max(0, ticket.capacity - ticket.sold), ...breakdown }
})

/** Books seats for the caller: one seat per participant, never more than the ticket and slot hold. */
export const book = Effect.fn("registrations.book")(function*(userId: string, input: BookingRequest) {
  const now = new Date()
  const { breakdown, ticket, event, addOns, coupon } = yield* bookable(input, now)
  const waiver = yield* waiverToAccept(input.eventId, input.waiverVersion)
  const random = yield* SecureRandom
  const hmac = yield* Hmac
  const bookingIds = yield* Effect.all(Array.from({ length: 5 }, () => Effect.map(random.digits(10), bookingIdFrom)))
  const participants = yield* Effect.forEach(input.participants, (p) =>
    Effect.gen(function*() {
      const id = yield* random.uuid
      const signature = yield* hmac.digest(TicketCodePurpose, id)
      return {
        id,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        phoneNumber: p.phoneNumber ?? null,
        ticketCode: ticketCodeOf(id, signature)
      }
    }))
  const paid = breakdown.total > 0
  const repo = yield* ParticipationRepo
  const tx = yield* Transactor
  const bookIt = repo.book({
    id: yield* random.uuid,
    bookingIds,
    eventId: input.eventId,
    slotId: ticket.slotId,
    ticketId: ticket.id,
    userId,
    status: paid ? "PENDING" : "CONFIRMED",
    amount: breakdown.total,
    currency: breakdown.currency,
    holdExpiresAt: paid ? new Date(now.getTime() + PaymentHoldMs) : null,
    participants,
    addOns,
    coupon: coupon === undefined ? null : { id: coupon.id, code: coupon.code, maxUsesPerUser: coupon.maxUsesPerUser },
    discount: breakdown.discount
  }, now, { action: paid ? "booked.pending_payment" : "booked.confirmed", actor: `user:${userId}`, data: { seats: participants.length, amount: breakdown.total } })
  // The acceptances are written with the booking: a booking of a waivered event never lacks them.
  const booked = Option.isNone(waiver) ? yield* bookIt : yield* tx.atomically(Effect.tap(bookIt, (b) => recordWaiverAcceptances(waiver.value, event, b, now)))
  if (!paid) return { booking: booked, breakdown, payment: null }
  const payment = yield* openPayment(booked, userId).pipe(
    // The gateway refused or is down: the hold must not keep the seats until it lapses.
    Effect.tapError(() =>
      repo.move(booked.participation.id, "cancel", {
        at: new Date(),
        reason: "payment could not be started",
        timeline: { action: "cancelled.payment_not_started", actor: "system" }
      }).pipe(Effect.ignore))
  )
  return { booking: (yield* repo.find(booked.participation.id)).pipe(Option.getOrElse(() => booked)), breakdown, payment }
})

/** Creates the gateway order of a PENDING booking and attaches it with a fresh hold. */
const openPayment = (booking: Booking, userId: string) =>
  Effect.gen(function*() {
    const p = booking.participation
    const { gatewayOrder } = yield* createGatewayOrder({
      purpose: ParticipationOrderPurpose,
      ownerRef: `participation:${p.id}`,
      amount: p.amount,
      currency: p.currency,
      notes: { participationId: p.id, eventId: p.eventId, bookingId: p.bookingId },
      createdBy: userId
    })
    const holdExpiresAt = new Date(Date.now() + PaymentHoldMs)
    yield* Effect.flatMap(ParticipationRepo, (r) => r.attachOrder(p.id, gatewayOrder.id, holdExpiresAt))
    return checkoutOf(gatewayOrder, holdExpiresAt)
  })

/** The caller's booking, or 404 (another athlete's booking is not revealed). */
export const myBooking = Effect.fn("registrations.myBooking")(function*(userId: string, id: string) {
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.find(id))
  if (Option.isNone(found) || found.value.participation.userId !== userId) return yield* new ParticipationNotFound({ ref: id })
  return found.value
})

export const myBookings = (userId: string, query: { readonly eventId?: string | undefined; readonly page: number; readonly limit: number }) =>
  Effect.flatMap(ParticipationRepo, (r) => r.list({ userId, eventId: query.eventId, page: query.page, limit: query.limit }))

/** A fresh payment session for the caller's PENDING booking (a new gateway order and hold). */
export const resumePayment = Effect.fn("registrations.resumePayment")(function*(userId: string, id: string) {
  const booking = yield* myBooking(userId, id)
  const repo = yield* ParticipationRepo
  if (booking.participation.status !== "PENDING") return yield* ParticipationMoves.refused(booking.participation.status, "resume payment")
  const payment = yield* openPayment(booking, userId)
  yield* repo.appendTimeline({ participationId: id, action: "payment.resumed", actor: `user:${userId}`, data: { orderId: payment.orderId } })
  return { booking: (yield* repo.find(id)).pipe(Option.getOrElse(() => booking)), payment }
})

/** The athlete cancels their own booking: a PENDING one, or a free confirmed one (a paid one is refunded by the organizer). */
export const cancelMyBooking = Effect.fn("registrations.cancelMine")(function*(userId: string, id: string) {
  const booking = yield* myBooking(userId, id)
  const p = booking.participation
  if (p.status === "CONFIRMED" && p.amount > 0) return yield* new PaidBookingNeedsOrganizer({ participationId: id })
  const repo = yield* ParticipationRepo
  yield* repo.move(id, "cancel", { at: new Date(), reason: "cancelled by the athlete", timeline: { action: "cancelled", actor: `user:${userId}` } })
  yield* notifyWaitlistOffers()
  return (yield* repo.find(id)).pipe(Option.getOrThrow)
})

/** Moves lapsed holds to EXPIRED (seats released once); the expiry job's body. */
export const expireLapsedHolds = (now: Date) => Effect.flatMap(ParticipationRepo, (r) => r.expireLapsed(now, 500))

const failed = (message: string) => new PaymentEventProcessingFailed({ processor: "registrations.booking", message })

/**
 * Confirms the booking of a captured payment: PENDING → CONFIRMED once. A replay or a second
 * delivery finds it confirmed and changes nothing; a payment captured after the hold lapsed is
 * recorded on the timeline (its seats may be gone; the organizer refunds it).
 */
export const confirmBookingPayment = Effect.fn("registrations.confirmPayment")(function*(gatewayOrderId: string, paymentId: string, amount: number) {
  const repo = yield* ParticipationRepo
  const found = yield* repo.findByOrder(gatewayOrderId)
  if (Option.isNone(found)) return yield* failed(`no booking for order ${gatewayOrderId}`)
  const p = found.value.participation
  if (amount !== p.amount) return yield* failed(`payment ${paymentId} amount ${amount} differs from the booking's ${p.amount}`)
  if (p.status === "PENDING") {
    yield* repo.move(p.id, "confirm", {
      at: new Date(),
      timeline: { action: "payment.captured", actor: "payment_gateway", data: { paymentId, orderId: gatewayOrderId } }
    }).pipe(Effect.catchTag("MoveRefused", () => Effect.void), Effect.catchTag("ParticipationNotFound", () => Effect.void))
  } else if (p.status !== "CONFIRMED") {
    // The seats may be gone: the money goes back (once per booking, executed by the refunds job).
    const gateway = yield* PaymentGateway
    const refund = yield* requestRefund({
      sourceKind: "booking",
      sourceId: p.id,
      userId: p.userId,
      eventId: p.eventId,
      challengeId: null,
      provider: gateway.provider,
      gatewayPaymentId: paymentId,
      amount,
      currency: p.currency,
      reason: `payment captured after the booking was ${p.status}`,
      requestedBy: "payment_gateway"
    })
    yield* repo.appendTimeline({
      participationId: p.id,
      action: "payment.captured_after_release",
      actor: "payment_gateway",
      reason: `the booking was ${p.status} when the payment arrived; refund due`,
      data: { paymentId, orderId: gatewayOrderId, refundId: refund.refund.id }
    })
  }
})

/** The payments inbox's processor for booking orders. */
export const ParticipationPaymentProcessor = registerPaymentEventProcessor({
  name: "registrations.booking",
  eventTypes: ["payment.captured"],
  purpose: ParticipationOrderPurpose,
  process: (event) =>
    Effect.gen(function*() {
      const p = event.payment
      if (p === null || p.orderId === null) return yield* failed("event carries no payment with an order id")
      yield* confirmBookingPayment(p.orderId, p.id, p.amount)
    })
})
