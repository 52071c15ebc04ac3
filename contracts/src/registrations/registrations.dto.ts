/**
 * Shapes of the registrations area: request bodies as projections of the kernel records, answers
 * as the records with what a client needs beside them (a booking's participants and payment
 * session, a scan's verdict).
 */
import {
  BookingTimelineEntry,
  Body,
  CheckIn,

  IntBetween,
  IntFromText,
  MaxSeatsPerBooking,
  OneOf,
  Optional,
  Participant,
  ParticipantInput,
  Participation,
  ParticipationStatus,
  Query,
  ScanVerdict,
  says,
  StrLength,
  UuidStr,
  ValidationText
} from "@podium/kernel"
import { Schema } from "effect"
import { GatewayCheckout } from "../common/checkout.js"

/** An array of `min`..`max` items (class-validator ArrayMinSize/ArrayMaxSize wording). */
const ArrayBetween = <S extends Schema.Schema.Any>(item: S, min: number, max: number) =>
  Schema.Array(item).pipe(
    Schema.filter((items) => items.length >= min && items.length <= max),
    // Not an override: a failing element keeps its own message ("participants.0.email must be an email").
    Schema.annotations({ message: () => ({ message: `must contain between ${min} and ${max} elements`, override: false }), [ValidationText]: `must contain between ${min} and ${max} elements` })
  )

/** An ISO 8601 instant given as text, decoded to a Date. */
export const IsoInstant = Schema.transform(
  Schema.String.pipe(
    Schema.filter((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s))),
    Schema.annotations(says("must be a valid ISO 8601 date string"))
  ),
  Schema.DateFromSelf,
  { strict: true, decode: (s) => new Date(s), encode: (d) => d.toISOString() }
).annotations({ ...says("must be a valid ISO 8601 date string"), jsonSchema: { type: "string", format: "date-time" } })

export const BookingBody = Body({
  eventId: UuidStr,
  ticketId: UuidStr,
  participants: ArrayBetween(ParticipantInput, 1, MaxSeatsPerBooking),
  addOnIds: Optional(Schema.Array(UuidStr)),
  couponCode: Optional(StrLength(1, 50)),
  /** The version of the event's active waiver the participants accept (required when the event has one: 409 WAIVER_NOT_ACCEPTED). */
  waiverVersion: Optional(IntBetween(1, 1_000_000))
})

/** The billing breakdown of a booking, in integer minor units; nothing is created. */
export const BookingPreview = Schema.Struct({
  eventId: UuidStr,
  ticketId: UuidStr,
  ticketName: Schema.String,
  /** The add-ons the booking names, each at today's price (`subtotal` counts them with the seats). */
  addOns: Schema.Array(Schema.Struct({ addOnId: UuidStr, name: Schema.String, quantity: Schema.Int, unitPrice: Schema.Int, subtotal: Schema.Int })),
  available: Schema.Int,
  seats: Schema.Int,
  unitPrice: Schema.Int,
  subtotal: Schema.Int,
  discount: Schema.Int,
  fees: Schema.Int,
  tax: Schema.Int,
  total: Schema.Int,
  currency: Schema.String
}).annotations({ identifier: "BookingPreview" })

/** What the app needs to open the gateway's checkout for a PENDING booking (the shape every paid flow shares). */
export const PaymentSession = GatewayCheckout

/** A booking: the participation with its participants (each with a ticket code) and, when paying, the payment session. */
export const BookingView = Schema.Struct({
  ...Participation.fields,
  participants: Schema.Array(Participant),
  payment: Schema.NullOr(PaymentSession)
}).annotations({ identifier: "Booking" })

export const BookingPage = Schema.Struct({ items: Schema.Array(BookingView), total: Schema.Number, page: Schema.Number, limit: Schema.Number })

export const PageQuery = {
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
}

export const MyBookingsQuery = Query({ ...PageQuery, eventId: Optional(UuidStr) })

export const BookingsQuery = Query({
  ...PageQuery,
  status: Optional(ParticipationStatus),
  ticketId: Optional(UuidStr),
  slotId: Optional(UuidStr),
  q: Optional(StrLength(1, 100))
})

export const CancelBody = Body({ reason: Optional(StrLength(1, 500)) })

export const BulkCancelBody = Body({
  reason: StrLength(1, 500),
  items: ArrayBetween(Schema.Struct({ participationId: UuidStr, reason: Optional(StrLength(1, 500)) }), 1, 100)
})

export const BulkCancelResult = Schema.Struct({
  cancelled: Schema.Int,
  failed: Schema.Int,
  results: Schema.Array(Schema.Struct({
    participationId: Schema.String,
    outcome: OneOf("cancelled", "failed"),
    status: Schema.NullOr(ParticipationStatus),
    code: Schema.NullOr(Schema.String),
    message: Schema.NullOr(Schema.String)
  }))
}).annotations({ identifier: "BulkCancelResult" })

export const ParticipantPatchBody = Body({
  firstName: Optional(Participant.fields.firstName),
  lastName: Optional(Participant.fields.lastName),
  email: Optional(Participant.fields.email),
  phoneNumber: Optional(Participant.fields.phoneNumber)
})

export const ResendTicketBody = Body({ participantIds: Optional(ArrayBetween(UuidStr, 1, MaxSeatsPerBooking)) })
export const ResendTicketResult = Schema.Struct({ queued: Schema.Int, participantIds: Schema.Array(UuidStr) })

export const Timeline = Schema.Array(BookingTimelineEntry)

export const CheckInToggleResult = Schema.Struct({
  checkedIn: Schema.Boolean,
  participants: Schema.Array(Schema.Struct({ participantId: UuidStr, checkIn: Schema.NullOr(CheckIn) }))
})

const Nonce = StrLength(1, 100)

export const ScanBody = Body({ code: StrLength(1, 200), nonce: Optional(Nonce), scannedAt: Optional(IsoInstant) })
export const ByBookingBody = Body({
  last7: Schema.String.pipe(Schema.filter((s) => /^\d{7,}$/.test(s)), Schema.annotations(says("must be at least 7 digits"))),
  nonce: Optional(Nonce)
})
export const SyncBatchBody = Body({
  scans: ArrayBetween(Schema.Struct({ code: StrLength(1, 200), nonce: Nonce, scannedAt: IsoInstant }), 1, 500)
})
export const UndoBody = Body({ reason: Optional(StrLength(1, 500)) })

export const ByBookingVerdict = Schema.Struct({ ...ScanVerdict.fields, participants: Schema.Array(ScanVerdict) }).annotations({ identifier: "BookingScanVerdict" })
export const SyncBatchResult = Schema.Struct({ results: Schema.Array(Schema.Struct({ nonce: Schema.String, ...ScanVerdict.fields })) })

export const CheckInStatusQuery = Query({ participantId: UuidStr })
export const CheckInState = Schema.Struct({ participant: Participant, participation: Participation, checkIn: Schema.NullOr(CheckIn) }).annotations({ identifier: "CheckInState" })
export const CheckInSearchQuery = Query({ ...PageQuery, q: Optional(StrLength(1, 100)) })
export const CheckInSearchPage = Schema.Struct({ items: Schema.Array(CheckInState), total: Schema.Number, page: Schema.Number, limit: Schema.Number })
export const CheckInSummary = Schema.Struct({
  checkedIn: Schema.Int,
  total: Schema.Int,
  byWave: Schema.Array(Schema.Struct({ slotId: UuidStr, checkedIn: Schema.Int, total: Schema.Int }))
}).annotations({ identifier: "CheckInSummary" })

