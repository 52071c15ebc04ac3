/**
 * Registrations: the participation machine (states.tsv "Participation", "Booking"), the errors the
 * context answers with, the billing breakdown and the rules of booking ids and ticket codes.
 */
import { defineMoves, DomainError, type EventCoupon, type ParticipationStatus } from "@podium/kernel"
import { Schema } from "effect"

/**
 * Seats are taken when the participation is created (PENDING or CONFIRMED) and released by the
 * moves into CANCELLED or EXPIRED, which are final: a move applies at most once, so seats are
 * released at most once.
 */
export const ParticipationMoves = defineMoves<ParticipationStatus>()({ machine: "participation", code: "PARTICIPATION_STATUS_CONFLICT" }, {
  confirm: { from: ["PENDING"], to: "CONFIRMED" },
  expire: { from: ["PENDING"], to: "EXPIRED" },
  cancel: { from: ["PENDING", "CONFIRMED"], to: "CANCELLED" },
  "resume payment": { from: ["PENDING"], to: "PENDING" }
})
export type ParticipationMove = keyof typeof ParticipationMoves.table

/** How long a paid booking holds its seats while the athlete pays. */
export const PaymentHoldMs = 15 * 60_000

/** Check-in opens this long before the event starts (race-pack pickup on the eve). */
export const CheckInOpensBeforeMs = 24 * 3_600_000

/** The payment order purpose of bookings in `payments.orders`. */
export const ParticipationOrderPurpose = "event_participation"

export class TicketSoldOut extends DomainError<TicketSoldOut>()("TicketSoldOut", { kind: "conflict", code: "TICKET_SOLD_OUT" }, {
  ticketId: Schema.String
}) {
  override get message() {
    return "Ticket is sold out"
  }
}

/** The event or ticket does not take bookings now (not published, bookings closed, outside the sale window…). */
export class BookingClosed extends DomainError<BookingClosed>()("BookingClosed", { kind: "conflict", code: "BOOKING_CLOSED" }, {
  reason: Schema.String
}) {
  override get message() {
    return `Bookings are closed: ${this.reason}`
  }
}

export class ParticipationNotFound extends DomainError<ParticipationNotFound>()("ParticipationNotFound", { kind: "not-found" }, {
  ref: Schema.String
}) {
  override get message() {
    return `Participation ${this.ref} not found`
  }
}

export class ParticipantNotFound extends DomainError<ParticipantNotFound>()("ParticipantNotFound", { kind: "not-found" }, {
  ref: Schema.String
}) {
  override get message() {
    return `Participant ${this.ref} not found`
  }
}

export class CheckInNotFound extends DomainError<CheckInNotFound>()("CheckInNotFound", { kind: "not-found" }, { ref: Schema.String }) {
  override get message() {
    return `Check-in ${this.ref} not found`
  }
}

export class CheckInAlreadyUndone extends DomainError<CheckInAlreadyUndone>()("CheckInAlreadyUndone", { kind: "conflict", code: "CHECK_IN_ALREADY_UNDONE" }, {
  checkInId: Schema.String
}) {
  override get message() {
    return "This check-in was already undone"
  }
}

/** An add-on the booking names that the event does not sell (unknown, of another event, or switched off). */
export class AddOnNotFound extends DomainError<AddOnNotFound>()("AddOnNotFound", { kind: "not-found", code: "ADD_ON_NOT_FOUND" }, {
  addOnId: Schema.String
}) {
  override get message() {
    return `Add-on ${this.addOnId} not found`
  }
}

export class CouponInvalid extends DomainError<CouponInvalid>()("CouponInvalid", { kind: "invalid", code: "COUPON_INVALID" }, {
  couponCode: Schema.String
}) {
  override get message() {
    return `Coupon ${this.couponCode} is not valid for this booking`
  }
}

/** A paid, confirmed booking is cancelled (and refunded) by the organizer, not by the athlete. */
export class PaidBookingNeedsOrganizer extends DomainError<PaidBookingNeedsOrganizer>()("PaidBookingNeedsOrganizer", {
  kind: "conflict",
  code: "PARTICIPATION_PAID"
}, { participationId: Schema.String }) {
  override get message() {
    return "A paid booking is cancelled by the organizer (refund)"
  }
}

/** The last participant of a booking is cancelled by cancelling the booking. */
export class ParticipantAlreadyCancelled extends DomainError<ParticipantAlreadyCancelled>()("ParticipantAlreadyCancelled", {
  kind: "conflict",
  code: "PARTICIPANT_ALREADY_CANCELLED"
}, { participantId: Schema.String }) {
  override get message() {
    return "This participant is already cancelled"
  }
}

/**
 * Why a participant may not change their own details: the organizer's self-service policy is off
 * (SELF_EDIT_DISABLED), a field is not in its editable list (FIELD_NOT_EDITABLE), a new name where
 * the policy makes a name change a transfer (NAME_CHANGE_IS_TRANSFER), or the seat is no longer
 * open to edits (PARTICIPANT_NOT_EDITABLE: cancelled, checked in, or the event has started).
 */
export class SelfEditRefused extends DomainError<SelfEditRefused>()("SelfEditRefused", { kind: "conflict", code: (e) => e.code }, {
  code: Schema.Literal("SELF_EDIT_DISABLED", "FIELD_NOT_EDITABLE", "NAME_CHANGE_IS_TRANSFER", "PARTICIPANT_NOT_EDITABLE"),
  reason: Schema.String
}) {
  override get message() {
    return `The details cannot be changed: ${this.reason}`
  }
}

/** The billing breakdown of a booking, in integer minor units. */
/** An add-on as a booking buys it: its units at the price of the moment. */
export interface AddOnPurchase {
  readonly addOnId: string
  readonly name: string
  readonly quantity: number
  readonly unitPrice: number
}

export interface Breakdown {
  readonly seats: number
  readonly unitPrice: number
  readonly addOns: ReadonlyArray<AddOnPurchase & { readonly subtotal: number }>
  /** Seats and add-ons. */
  readonly subtotal: number
  readonly discount: number
  readonly fees: number
  readonly tax: number
  readonly total: number
  readonly currency: string
}

/**
 * Prices a booking: the seats, the add-ons and the coupon's discount. No platform fee is
 * configured and prices are tax-inclusive, so fees and tax are 0; the fields are there so clients
 * render the same breakdown when they exist.
 */
export const priceBooking = (
  unitPrice: number,
  seats: number,
  currency: string,
  addOns: ReadonlyArray<AddOnPurchase> = [],
  coupon?: Pick<EventCoupon, "discountType" | "discountValue">
): Breakdown => {
  const lines = addOns.map((a) => ({ ...a, subtotal: a.unitPrice * a.quantity }))
  const seatsSubtotal = unitPrice * seats
  const subtotal = seatsSubtotal + lines.reduce((n, l) => n + l.subtotal, 0)
  // A coupon discounts the seats (it is a ticket coupon), never below zero; percent rounds down to the paisa.
  const discount = coupon === undefined
    ? 0
    : Math.min(seatsSubtotal, coupon.discountType === "percent" ? Math.floor((seatsSubtotal * coupon.discountValue) / 100) : coupon.discountValue)
  return { seats, unitPrice, addOns: lines, subtotal, discount, fees: 0, tax: 0, total: subtotal - discount, currency }
}

/** The coupon's redemptions are all taken (in all, or by this athlete). */
export class CouponExhausted extends DomainError<CouponExhausted>()("CouponExhausted", { kind: "conflict", code: "COUPON_EXHAUSTED" }, {
  couponCode: Schema.String
}) {
  override get message() {
    return `Coupon ${this.couponCode} has no uses left`
  }
}

export class AddOnSoldOut extends DomainError<AddOnSoldOut>()("AddOnSoldOut", { kind: "conflict", code: "ADD_ON_SOLD_OUT" }, {
  addOnId: Schema.String
}) {
  override get message() {
    return `Add-on ${this.addOnId} is sold out`
  }
}

/** More units of an add-on than one booking may buy. */
export class AddOnLimitExceeded extends DomainError<AddOnLimitExceeded>()("AddOnLimitExceeded", { kind: "invalid", messages: (e) => [`addOnIds may name add-on ${e.addOnId} at most ${e.maxPerBooking} times`] }, {
  addOnId: Schema.String,
  maxPerBooking: Schema.Number
}) {}

export class BookingAddOnNotFound extends DomainError<BookingAddOnNotFound>()("BookingAddOnNotFound", { kind: "not-found", code: "BOOKING_ADD_ON_NOT_FOUND" }, {
  ref: Schema.String
}) {
  override get message() {
    return "Add-on of the booking not found"
  }
}

/** A collected, shipped-to or claimed deliverable cannot take that step again. */
export class DeliverableRefused extends DomainError<DeliverableRefused>()("DeliverableRefused", { kind: "conflict", code: "DELIVERABLE_REFUSED" }, {
  reason: Schema.String
}) {
  override get message() {
    return this.reason
  }
}

/** The last 7 digits of a booking id (check-in by booking). */
export const last7Of = (bookingId: string): string => bookingId.slice(-7)

/** A booking id from 10 random digits: a non-zero first digit, then 9 more (the last 7 must be unique per event). */
export const bookingIdFrom = (digits: string): string => `${(Number(digits[0]) % 9) + 1}${digits.slice(1, 10)}`

/** The signed ticket code of a participant: its id without dashes, a dot, the first 20 hex of the HMAC. */
export const ticketCodeOf = (participantId: string, signature: string): string => `${participantId.replaceAll("-", "")}.${signature.slice(0, 20)}`

/** The participant id a ticket code claims (not yet verified), or undefined for a malformed code. */
export const claimedParticipantId = (code: string): string | undefined => {
  const m = /^([0-9a-f]{32})\.([0-9a-f]{16,20})$/.exec(code.trim().toLowerCase())
  if (m === null) return undefined
  const h = m[1]!
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** The HMAC purpose of ticket codes. */
export const TicketCodePurpose = "registrations.ticket-code"

/** Why a line cannot be collected at the desk (it is the same for every store). */
export const collectRefusal = (line: { readonly status: string; readonly fulfilment: string }) =>
  line.status === "COLLECTED" ? "the add-on was already collected" : "the add-on is being shipped, not collected at the venue"

/** Why a line cannot be shipped. */
export const shipRefusal = (line: { readonly status: string; readonly claimedAt: Date | null }) =>
  line.status === "COLLECTED" ? "the add-on was already collected at the venue" : "the deliverable was already claimed"
