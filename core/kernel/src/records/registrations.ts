/** Records of the registrations context (bookings of event tickets and check-in); stored shape = wire shape. */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { Bool, EmailAddress, IntBetween, OneOf, PhoneNumber, says, StrLength, UuidStr } from "../validation.js"

/**
 * Statuses of a participation (C "Participations", states.tsv "Participation", "Booking"): a free
 * booking is CONFIRMED at once; a paid one is PENDING (its seats held) until the payment is
 * captured, or EXPIRED when its hold lapses (seats released); organizers or the athlete cancel.
 * TRANSFERRED / DEFERRED: every seat left by a transfer or a deferral (no seat is released by the move).
 */
export const ParticipationStatuses = ["PENDING", "CONFIRMED", "CANCELLED", "EXPIRED", "TRANSFERRED", "DEFERRED"] as const
export const ParticipationStatus = OneOf(...ParticipationStatuses)
export type ParticipationStatus = typeof ParticipationStatus.Type

/** TRANSFERRED / DEFERRED: the seat moved to another booking (its ticket code is dead, the seat was not released by it). */
export const ParticipantStatus = OneOf("ACTIVE", "CANCELLED", "TRANSFERRED", "DEFERRED")
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

export const CheckInMethod = OneOf("code", "booking", "manual", "bib")
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

/** Who may change what themselves, per event (C "Organizer event tools / self-service-config"). */
export const SelfEditableField = OneOf("firstName", "lastName", "email", "phoneNumber")
export const SelfServiceConfig = Schema.Struct({
  eventId: UuidStr,
  /** Participants may correct their own details (the fields listed). */
  allowSelfEdit: Bool,
  editableFields: Schema.Array(SelfEditableField),
  /** A name change is a new person: refused as a self-edit (it must go through a transfer). */
  nameChangeIsTransfer: Bool,
  allowTransfers: Bool,
  /** Accepted transfers per seat (the chain of holders), 1 by default. */
  maxTransfersPerParticipant: IntBetween(1, 10),
  /** Null: until the event starts. */
  transferDeadline: Schema.NullOr(Instant),
  allowDeferrals: Bool,
  /** Null: until the event starts. */
  deferralDeadline: Schema.NullOr(Instant),
  waitlistEnabled: Bool,
  /** How long a waitlist offer holds its seats: 1 h to 7 days, 12 h by default. */
  waitlistOfferHours: IntBetween(1, 168),
  updatedAt: Instant
}).annotations({ identifier: "SelfServiceConfig" })
export interface SelfServiceConfig extends Schema.Schema.Type<typeof SelfServiceConfig> {}

export const WaitlistStatuses = ["WAITING", "OFFERED", "BOOKED", "EXPIRED", "CANCELLED", "REMOVED"] as const
export const WaitlistStatus = OneOf(...WaitlistStatuses)
export type WaitlistStatus = typeof WaitlistStatus.Type

/**
 * A place on a sold-out ticket's waitlist. An OFFERED entry holds `partySize` seats of the ticket
 * (counted like a booking) until `offerExpiresAt`; only its athlete can book them.
 */
export const WaitlistEntry = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  ticketId: UuidStr,
  slotId: UuidStr,
  userId: UuidStr,
  partySize: IntBetween(1, MaxSeatsPerBooking),
  status: WaitlistStatus,
  /** Join order (a sequence: smaller is earlier). */
  seq: Schema.Int,
  offeredAt: Schema.NullOr(Instant),
  offerExpiresAt: Schema.NullOr(Instant),
  offerNotifiedAt: Schema.NullOr(Instant),
  /** Set when an organizer offered out of order. */
  promotedBy: Schema.NullOr(Schema.String),
  promoteReason: Schema.NullOr(Schema.String),
  participationId: Schema.NullOr(UuidStr),
  closedBy: Schema.NullOr(Schema.String),
  closedReason: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "WaitlistEntry" })
export interface WaitlistEntry extends Schema.Schema.Type<typeof WaitlistEntry> {}

export const TransferStatuses = ["PENDING", "ACCEPTED", "REJECTED", "CANCELLED"] as const
export const TransferStatus = OneOf(...TransferStatuses)
export type TransferStatus = typeof TransferStatus.Type

/** A participant's seat handed to someone else; the recipient accepts by token or in the app. */
export const Transfer = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  participationId: UuidStr,
  participantId: UuidStr,
  fromUserId: UuidStr,
  toEmail: Schema.NullOr(EmailAddress),
  toPhone: Schema.NullOr(PhoneNumber),
  toFirstName: StrLength(1, 60),
  toLastName: StrLength(1, 60),
  status: TransferStatus,
  /** The first participant of the seat's chain of holders (counts transfers per seat). */
  originParticipantId: UuidStr,
  acceptedBy: Schema.NullOr(UuidStr),
  newParticipationId: Schema.NullOr(UuidStr),
  newParticipantId: Schema.NullOr(UuidStr),
  respondedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Transfer" })
export interface Transfer extends Schema.Schema.Type<typeof Transfer> {}

export const DeferralStatuses = ["REQUESTED", "CANCELLED", "FULFILLED", "COMP_ISSUED", "REJECTED"] as const
export const DeferralStatus = OneOf(...DeferralStatuses)
export type DeferralStatus = typeof DeferralStatus.Type

/** A participant's request to move their seat to a future edition (or be compensated). */
export const Deferral = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  participationId: UuidStr,
  participantId: UuidStr,
  userId: UuidStr,
  reason: Schema.NullOr(StrLength(1, 1000)),
  status: DeferralStatus,
  targetEventId: Schema.NullOr(UuidStr),
  targetTicketId: Schema.NullOr(UuidStr),
  newParticipationId: Schema.NullOr(UuidStr),
  /** The complimentary entry's code (issue-comp). */
  compCode: Schema.NullOr(Schema.String),
  decidedBy: Schema.NullOr(Schema.String),
  decisionReason: Schema.NullOr(Schema.String),
  decidedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Deferral" })
export interface Deferral extends Schema.Schema.Type<typeof Deferral> {}

/** A version of an event's waiver: `body` may use the variables the waiver lists (`{{participant_name}}`…). */
export const Waiver = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  version: Schema.Int,
  title: StrLength(3, 150),
  body: StrLength(10, 20_000),
  isActive: Bool,
  createdBy: Schema.String,
  createdAt: Instant,
  deactivatedAt: Schema.NullOr(Instant)
}).annotations({ identifier: "Waiver" })
export interface Waiver extends Schema.Schema.Type<typeof Waiver> {}

/** A participant's acceptance: the exact version and the text they accepted, who accepted it and when. */
export const WaiverAcceptance = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  waiverId: UuidStr,
  waiverVersion: Schema.Int,
  participantId: UuidStr,
  participationId: UuidStr,
  acceptedBy: UuidStr,
  acceptedAt: Instant,
  title: Schema.String,
  text: Schema.String
}).annotations({ identifier: "WaiverAcceptance" })
export interface WaiverAcceptance extends Schema.Schema.Type<typeof WaiverAcceptance> {}

export const WaveStatuses = ["OPEN", "CLOSED", "STARTED"] as const
export const WaveStatus = OneOf(...WaveStatuses)
export type WaveStatus = typeof WaveStatus.Type

/** A slot acting as a start wave: OPEN takes bookings, CLOSED does not, STARTED is under way (final). */
export const WaveState = Schema.Struct({
  /** The slot's id. */
  id: UuidStr,
  eventId: UuidStr,
  status: WaveStatus,
  closedAt: Schema.NullOr(Instant),
  startedAt: Schema.NullOr(Instant),
  updatedBy: Schema.NullOr(Schema.String),
  updatedAt: Instant
}).annotations({ identifier: "WaveState" })
export interface WaveState extends Schema.Schema.Type<typeof WaveState> {}

/** Seats of a ticket or slot by booking status, with the confirmed revenue (integer minor units). */
export const SeatTally = Schema.Struct({
  key: UuidStr,
  confirmedSeats: Schema.Int,
  pendingSeats: Schema.Int,
  cancelledSeats: Schema.Int,
  bookings: Schema.Int,
  revenue: Schema.Int
}).annotations({ identifier: "SeatTally" })
export interface SeatTally extends Schema.Schema.Type<typeof SeatTally> {}

/** A range of bib numbers, for one ticket's participants or (ticketId null) for every other ticket. */
export const BibRange = Schema.Struct({
  ticketId: Schema.NullOr(UuidStr),
  from: IntBetween(1, 999_999),
  to: IntBetween(1, 999_999)
}).annotations({ identifier: "BibRange" })
export interface BibRange extends Schema.Schema.Type<typeof BibRange> {}

/** How an event numbers its bibs: a prefix printed before the number and non-overlapping ranges. */
export const BibConfig = Schema.Struct({
  eventId: UuidStr,
  prefix: StrLength(0, 10),
  ranges: Schema.Array(BibRange),
  updatedAt: Instant
}).annotations({ identifier: "BibConfig" })
export interface BibConfig extends Schema.Schema.Type<typeof BibConfig> {}

/** A participant's bib number (unique in the event); `pinned` when assigned by hand (auto-assign never moves it). */
export const Bib = Schema.Struct({
  participantId: UuidStr,
  eventId: UuidStr,
  participationId: UuidStr,
  number: Schema.Int,
  label: Schema.String,
  pinned: Bool,
  assignedBy: Schema.String,
  assignedAt: Instant
}).annotations({ identifier: "Bib" })
export interface Bib extends Schema.Schema.Type<typeof Bib> {}

export const DigitalBibStatuses = ["ISSUED", "REISSUED", "REVOKED"] as const
export const DigitalBibStatus = OneOf(...DigitalBibStatuses)
export type DigitalBibStatus = typeof DigitalBibStatus.Type

/**
 * The athlete-facing copy of a participant's bib: an unguessable `slug` behind the public link
 * `/v2/b/{slug}`; a reissue gives a new slug (the old link dies) and bumps `version`, a revoke
 * kills the link. The number is read from the participant's `Bib` at read time, so a renumbering
 * never leaves a stale card. `displayName` is what the card prints (the athlete may set it where the
 * organizer's self-service policy allows); `emergencyContact` is never shown publicly.
 */
export const DigitalBib = Schema.Struct({
  id: UuidStr,
  participantId: UuidStr,
  eventId: UuidStr,
  participationId: UuidStr,
  slug: Schema.String,
  status: DigitalBibStatus,
  version: Schema.Int,
  displayName: Schema.NullOr(StrLength(1, 40)),
  emergencyContact: Schema.NullOr(StrLength(1, 120)),
  issuedBy: Schema.String,
  issuedAt: Instant,
  revokedReason: Schema.NullOr(Schema.String),
  updatedAt: Instant
}).annotations({ identifier: "DigitalBib" })
export interface DigitalBib extends Schema.Schema.Type<typeof DigitalBib> {}

/** Who a roster line is about: a participant, their booking and ticket (bib roster, wave roster). */
export const RosterParticipantFields = {
  participantId: UuidStr,
  participationId: UuidStr,
  bookingId: Schema.String,
  ticketId: UuidStr,
  firstName: Schema.String,
  lastName: Schema.String
}

/** One line of an event's bib roster: an active participant of a confirmed booking, their number and digital bib. */
export const BibRosterRow = Schema.Struct({
  ...RosterParticipantFields,
  number: Schema.NullOr(Schema.Int),
  label: Schema.NullOr(Schema.String),
  pinned: Schema.NullOr(Bool),
  digitalBib: Schema.NullOr(DigitalBib)
}).annotations({ identifier: "BibRosterRow" })
export interface BibRosterRow extends Schema.Schema.Type<typeof BibRosterRow> {}

/** The public bib card behind `/v2/b/{slug}`: what a share page renders, no contact details. */
export const PublicBibCard = Schema.Struct({
  slug: Schema.String,
  label: Schema.String,
  number: Schema.Int,
  name: Schema.String,
  eventId: UuidStr,
  eventTitle: Schema.String,
  startsAt: Instant,
  version: Schema.Int
}).annotations({ identifier: "PublicBibCard" })
export interface PublicBibCard extends Schema.Schema.Type<typeof PublicBibCard> {}

/**
 * A file an athlete uploaded for an event's registration form (a medical certificate, an ID):
 * stored in the blob store under an unguessable key, served only through short-lived private media
 * URLs; the row says whose and for which event.
 */
export const FormUpload = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  userId: UuidStr,
  key: Schema.String,
  contentType: Schema.String,
  fileName: Schema.String,
  size: Schema.Int,
  createdAt: Instant
}).annotations({ identifier: "FormUpload" })
export interface FormUpload extends Schema.Schema.Type<typeof FormUpload> {}

/** Where a deliverable is shipped (an Indian postal address). */
export const ShippingAddress = Schema.Struct({
  name: StrLength(1, 120),
  line1: StrLength(1, 200),
  line2: Schema.optionalWith(StrLength(1, 200), { exact: true }),
  city: StrLength(1, 100),
  state: StrLength(1, 100),
  postalCode: Schema.String.pipe(
    Schema.filter((s) => /^[1-9][0-9]{5}$/.test(s)),
    Schema.annotations({ ...says("must be a 6-digit PIN code"), jsonSchema: { type: "string", pattern: "^[1-9][0-9]{5}$" } })
  ),
  phoneNumber: PhoneNumber
}).annotations({ identifier: "ShippingAddress" })
export interface ShippingAddress extends Schema.Schema.Type<typeof ShippingAddress> {}

/**
 * One add-on bought with a booking (a T-shirt, a meal, a medal to ship): its units and price as
 * sold, and how it reaches the athlete — collected at the venue (the organizer's desk marks it
 * COLLECTED), or shipped once the athlete gives an address; the athlete claims it on receipt.
 * Each line is one of the booking's deliverables.
 */
export const BookingAddOn = Schema.Struct({
  id: UuidStr,
  participationId: UuidStr,
  eventId: UuidStr,
  addOnId: UuidStr,
  name: Schema.String,
  quantity: Schema.Int,
  unitPrice: Schema.Int,
  currency: Schema.String,
  status: OneOf("NOT_COLLECTED", "COLLECTED"),
  collectedAt: Schema.NullOr(Instant),
  /** `organizer:<memberId>` or `admin:<accountId>`. */
  collectedBy: Schema.NullOr(Schema.String),
  fulfilment: OneOf("PICKUP", "SHIP"),
  shippingAddress: Schema.NullOr(ShippingAddress),
  claimedAt: Schema.NullOr(Instant),
  createdAt: Instant
}).annotations({ identifier: "BookingAddOn" })
export interface BookingAddOn extends Schema.Schema.Type<typeof BookingAddOn> {}

/** Channels an event announcement goes out on: e-mail and SMS to each seat's contacts, push to the bookers' devices. */
export const AnnouncementChannel = OneOf("EMAIL", "SMS", "PUSH")

/**
 * An organizer's message to an event's participants (the active seats of confirmed bookings), queued
 * in the notifications outbox with the record; `public` ones also show on the organization's page.
 */
export const EventAnnouncement = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  organizerId: UuidStr,
  title: StrLength(3, 150),
  message: StrLength(1, 5000),
  channels: Schema.Array(AnnouncementChannel).pipe(
    Schema.filter((cs) => cs.length >= 1 && cs.length <= 3 && new Set(cs).size === cs.length),
    Schema.annotations(says("must name 1 to 3 different channels"))
  ),
  visibility: OneOf("participants", "public"),
  /** Distinct seats reached, and the outbox messages queued for them. */
  recipients: Schema.Int,
  messages: Schema.Int,
  /** `organizer:<memberId>` or `admin:<accountId>`. */
  createdBy: Schema.String,
  createdAt: Instant
}).annotations({ identifier: "EventAnnouncement" })
export interface EventAnnouncement extends Schema.Schema.Type<typeof EventAnnouncement> {}
