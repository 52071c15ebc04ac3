/** Records of the registrations context (bookings of event tickets and check-in); stored shape = wire shape. */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { EmailAddress, IntBetween, OneOf, PhoneNumber, StrLength, UuidStr } from "../validation.js"

/**
 * Statuses of a participation (C "Participations", states.tsv "Participation", "Booking"): a free
 * booking is CONFIRMED at once; a paid one is PENDING (its seats held) until the payment is
 * captured, or EXPIRED when its hold lapses (seats released); organizers or the athlete cancel.
 */
export const ParticipationStatuses = ["PENDING", "CONFIRMED", "CANCELLED", "EXPIRED"] as const
export const ParticipationStatus = OneOf(...ParticipationStatuses)
export type ParticipationStatus = typeof ParticipationStatus.Type

export const ParticipantStatus = OneOf("ACTIVE", "CANCELLED")
export type ParticipantStatus = typeof ParticipantStatus.Type

/** One booking of one ticket: `seats` places, one per participant. */
export const Participation = Schema.Struct({
  id: UuidStr,
  /** At least 7 digits; its last 7 digits are unique within the event (check-in by booking uses them). */
  bookingId: Schema.String,
  eventId: UuidStr,
  slotId: UuidStr,
  ticketId: UuidStr,
  userId: UuidStr,
  status: ParticipationStatus,
  seats: Schema.Int,
  /** Total in integer minor units (0 for a free ticket). */
  amount: Schema.Int,
  currency: Schema.String,
  /** The gateway order of a paid booking (the latest one after resume-payment). */
  gatewayOrderId: Schema.NullOr(Schema.String),
  /** Until when a PENDING booking holds its seats. */
  holdExpiresAt: Schema.NullOr(Instant),
  confirmedAt: Schema.NullOr(Instant),
  cancelledAt: Schema.NullOr(Instant),
  cancelReason: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Participation" })
export interface Participation extends Schema.Schema.Type<typeof Participation> {}

/** A person holding one seat of a participation; `ticketCode` is what the start line scans. */
export const Participant = Schema.Struct({
  id: UuidStr,
  participationId: UuidStr,
  eventId: UuidStr,
  firstName: StrLength(1, 60),
  lastName: StrLength(1, 60),
  email: EmailAddress,
  phoneNumber: Schema.NullOr(PhoneNumber),
  status: ParticipantStatus,
  /** HMAC-signed: `<participant id hex>.<signature>`; a forged code is recognised before any lookup. */
  ticketCode: Schema.String,
  cancelledAt: Schema.NullOr(Instant),
  createdAt: Instant
}).annotations({ identifier: "Participant" })
export interface Participant extends Schema.Schema.Type<typeof Participant> {}

export const CheckInMethod = OneOf("code", "booking", "manual")
export type CheckInMethod = typeof CheckInMethod.Type

/**
 * One check-in of a participant. At most one is live per participant (unique in the database);
 * an undo keeps the row with who, when and why.
 */
export const CheckIn = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  participantId: UuidStr,
  participationId: UuidStr,
  method: CheckInMethod,
  /** When the device saw the ticket (offline scans bring their own); `checkedInAt` is when it was recorded. */
  scannedAt: Instant,
  checkedInAt: Instant,
  /** `organizer:<memberId>` or `admin:<accountId>`. */
  checkedInBy: Schema.String,
  undoneAt: Schema.NullOr(Instant),
  undoneBy: Schema.NullOr(Schema.String),
  undoReason: Schema.NullOr(Schema.String)
}).annotations({ identifier: "CheckIn" })
export interface CheckIn extends Schema.Schema.Type<typeof CheckIn> {}

/** One line of a booking's timeline: what changed, who did it and why. */
export const BookingTimelineEntry = Schema.Struct({
  id: UuidStr,
  participationId: UuidStr,
  action: Schema.String,
  /** `user:<id>`, `organizer:<memberId>`, `admin:<id>`, `payment_gateway`, `system`. */
  actor: Schema.String,
  reason: Schema.NullOr(Schema.String),
  data: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  at: Instant
}).annotations({ identifier: "BookingTimelineEntry" })
export interface BookingTimelineEntry extends Schema.Schema.Type<typeof BookingTimelineEntry> {}

/** A participant as a booking request names them (one seat each). */
export const ParticipantInput = Schema.Struct({
  firstName: Participant.fields.firstName,
  lastName: Participant.fields.lastName,
  email: Participant.fields.email,
  phoneNumber: Schema.optionalWith(PhoneNumber, { exact: true })
}).annotations({ identifier: "ParticipantInput" })

/** Seats per booking: one per participant. */
export const MaxSeatsPerBooking = 10
export const SeatsInput = IntBetween(1, MaxSeatsPerBooking)

/** Why a scan was refused. */
export const ScanRejection = OneOf("already_checked_in", "cancelled", "unpaid", "wrong_event", "not_started", "unknown")
export type ScanRejection = typeof ScanRejection.Type

/** Who a scan found, as the device shows it. */
export const ScannedParticipant = Schema.Struct({
  id: UuidStr,
  participationId: UuidStr,
  bookingId: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  ticketId: UuidStr,
  slotId: UuidStr
}).annotations({ identifier: "ScannedParticipant" })
export interface ScannedParticipant extends Schema.Schema.Type<typeof ScannedParticipant> {}

/**
 * The answer to every scan (200 either way): `ok`, or `rejected` with the reason; for
 * `already_checked_in`, `checkedInAt`/`checkedInBy` say when and by whom the live check-in was made.
 */
export const ScanVerdict = Schema.Struct({
  result: OneOf("ok", "rejected"),
  reason: Schema.NullOr(ScanRejection),
  participant: Schema.NullOr(ScannedParticipant),
  checkInId: Schema.NullOr(UuidStr),
  checkedInAt: Schema.NullOr(Instant),
  checkedInBy: Schema.NullOr(Schema.String)
}).annotations({ identifier: "ScanVerdict" })
export interface ScanVerdict extends Schema.Schema.Type<typeof ScanVerdict> {}

/** A verdict as stored for a nonce (JSON: instants as ISO text). */
export const StoredScanVerdict = Schema.Struct({ ...ScanVerdict.fields, checkedInAt: Schema.NullOr(Schema.Date) })
