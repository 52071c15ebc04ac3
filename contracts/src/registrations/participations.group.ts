/**
 * Participations (C "Events / Participations"): an athlete books seats of a ticket (free → CONFIRMED
 * at once; paid → PENDING with a payment session, confirmed by the gateway's signed webhook), previews
 * the bill (the public preview needs no sign-in), reads, cancels and resumes the payment of their own
 * bookings. Sold out is 409 TICKET_SOLD_OUT however many requests arrive at once.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { Body, Form, FormUpload, PhoneNumber, Instant, MedalKind, Optional, Participant, ParticipationStatus, says, StrLength, UuidStr } from "@podium/kernel"
import { Option, Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { BookingBody, BookingPage, BookingPreview, BookingView, MyBookingsQuery, ParticipantPatchBody } from "./registrations.dto.js"

const athlete = Role("user")
const Id = Schema.Struct({ id: UuidStr })
// One file of at most 5 MB is accepted (checked by its bytes); the parser stops well above that.
const FormUploadLimits = { maxFileSize: Option.some(10 * 1024 * 1024), maxParts: Option.some(5), maxFieldSize: 64 * 1024 }
export const FormUploadForm = HttpApiSchema.Multipart(Form({ file: Optional(Multipart.SingleFileSchema.annotations(says("must be a single file"))) }), FormUploadLimits)
export const FormUploadView = Schema.Struct({ ...FormUpload.fields, url: Schema.String }).annotations({ identifier: "FormUploadView" })
const BookingNumber = Schema.Struct({ bookingId: StrLength(7, 20) })
export const UpdateBookingBody = Body({
  participants: Schema.Array(Schema.Struct({ id: UuidStr, email: Optional(Participant.fields.email), phoneNumber: Optional(PhoneNumber) }))
    .pipe(Schema.minItems(1), Schema.maxItems(10))
})

const CardParticipant = Schema.Struct({ participantId: UuidStr, firstName: Schema.String, bibLabel: Schema.NullOr(Schema.String) })
const ShareCardFields = {
  bookingId: Schema.String,
  status: ParticipationStatus,
  eventId: UuidStr,
  eventTitle: Schema.String,
  city: Schema.String,
  startsAt: Instant,
  timezone: Schema.String,
  ticketName: Schema.NullOr(Schema.String),
  participants: Schema.Array(CardParticipant)
}
const SvgText = {
  eventTitle: Schema.String,
  city: Schema.String,
  ticketName: Schema.NullOr(Schema.String),
  participants: Schema.Array(Schema.Struct({ firstName: Schema.String, bibLabel: Schema.NullOr(Schema.String) }))
}
/** What a share card renderer needs; `svgText` holds the same texts XML-escaped for pasting into SVG. */
export const ShareCardContext = Schema.Struct({ ...ShareCardFields, svgText: Schema.Struct(SvgText) }).annotations({ identifier: "ShareCardContext" })
export const FinisherCardContext = Schema.Struct({
  ...ShareCardFields,
  results: Schema.Array(Schema.Struct({
    leaderboardId: UuidStr,
    leaderboardName: Schema.String,
    place: Schema.Int,
    medal: MedalKind,
    elapsedMs: Schema.Int,
    finishTime: Schema.String,
    publishedAt: Instant
  })),
  svgText: Schema.Struct({ ...SvgText, leaderboardNames: Schema.Array(Schema.String) })
}).annotations({ identifier: "FinisherCardContext" })

export class ParticipationsGroup extends HttpApiGroup.make("participations")
  .add(op.post("book", "/v2/event-participations", { body: BookingBody, ok: BookingView, status: 201, summary: "Book one seat per participant: free tickets CONFIRMED, paid ones PENDING with a payment session (409 TICKET_SOLD_OUT, BOOKING_CLOSED)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.post("previewBooking", "/v2/event-participations/preview", { body: BookingBody, ok: BookingPreview, summary: "Billing breakdown of a booking (subtotal, discount, fees, tax, total); creates nothing" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.post("previewBookingPublic", "/v2/event-participations/public/preview", { body: BookingBody, ok: BookingPreview, summary: "Billing breakdown without sign-in (no coins or wallet); creates nothing" }))
  .add(op.get("myBookings", "/v2/event-participations", { query: MyBookingsQuery, ok: BookingPage, summary: "The caller's bookings, newest first (?eventId, page, limit)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("myBookingsForEvent", "/v2/event-participations/by-event/:eventId", { path: Schema.Struct({ eventId: UuidStr }), ok: Schema.Array(BookingView), summary: "The caller's bookings of one event" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("myBooking", "/v2/event-participations/:id", { path: Id, ok: BookingView, summary: "One of the caller's bookings with its participants and ticket codes" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.patch("updateMyBooking", "/v2/event-participations/:id", { path: Id, body: UpdateBookingBody, ok: BookingView, summary: "Correct the e-mail or phone of the caller's seats (names change by self-edit or a transfer); on the timeline" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.del("cancelMyBooking", "/v2/event-participations/:id", { path: Id, ok: BookingView, summary: "Cancel the caller's PENDING or free booking (seats released once); a paid confirmed booking is refunded by the organizer (409 PARTICIPATION_PAID)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.post("resumePayment", "/v2/event-participations/:id/resume-payment", { path: Id, ok: BookingView, summary: "A fresh payment session (new gateway order and hold) for a PENDING booking; 409 otherwise" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.patch("selfEditParticipant", "/v2/event-participations/:participationId/participants/:participantId/self-edit", { path: Schema.Struct({ participationId: UuidStr, participantId: UuidStr }), body: ParticipantPatchBody, ok: Participant, summary: "Correct a seat's own details as the organizer's policy allows (409 SELF_EDIT_DISABLED, FIELD_NOT_EDITABLE, NAME_CHANGE_IS_TRANSFER, PARTICIPANT_NOT_EDITABLE)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("shareCardContext", "/v2/event-participations/:bookingId/share-card-context", { path: BookingNumber, ok: ShareCardContext, summary: "What a share card of the caller's booking shows: event, ticket, first names and bibs, with SVG-escaped texts" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("finisherCardContext", "/v2/event-participations/:bookingId/finisher-card-context", { path: BookingNumber, ok: FinisherCardContext, summary: "The share card's data plus the booker's published results (404 RESULT_NOT_FOUND before results are published)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.post("uploadEventFormFile", "/v2/event-participations/events/:eventId/form-uploads", { path: Schema.Struct({ eventId: UuidStr }), body: FormUploadForm, ok: FormUploadView, status: 201, summary: "Upload a file for the event's registration form (multipart `file`: PDF, JPG or PNG, 5 MB; 20 per event; 409 FORM_UPLOAD_LIMIT_REACHED)" }).middleware(Authenticated).annotate(Requires, athlete))
  .annotate(OpenApi.Title, "Events / Participations")
  .annotate(OpenApi.Description, "Athletes' bookings of event tickets")
{}
