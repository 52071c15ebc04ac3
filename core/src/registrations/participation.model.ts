/**
 * Registrations: the participation machine (states.tsv "Participation", "Booking"), the errors the
 * context answers with, the billing breakdown and the rules of booking ids and ticket codes.
 */
import { defineMoves, DomainError, type ParticipationStatus } from "@podium/kernel"
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

/** Add-ons and coupons are sold by their own capability; until an event has any, a named one does not exist. */
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
export interface Breakdown {
  readonly seats: number
  readonly unitPrice: number
  readonly subtotal: number
  readonly discount: number
  readonly fees: number
  readonly tax: number
  readonly total: number
  readonly currency: string
}

/**
 * Prices a booking. No coupon or add-on exists yet (they are refused before pricing), no platform
 * fee is configured and ticket prices are tax-inclusive, so discount, fees and tax are 0 and the
 * total is the subtotal; the fields are there so clients render the same breakdown when they exist.
 */
export const priceBooking = (unitPrice: number, seats: number, currency: string): Breakdown => {
  const subtotal = unitPrice * seats
  return { seats, unitPrice, subtotal, discount: 0, fees: 0, tax: 0, total: subtotal, currency }
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
