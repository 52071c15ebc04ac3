/**
 * Participations (C "Events / Participations"): an athlete books seats of a ticket (free → CONFIRMED
 * at once; paid → PENDING with a payment session, confirmed by the gateway's signed webhook), previews
 * the bill (the public preview needs no sign-in), reads, cancels and resumes the payment of their own
 * bookings. Sold out is 409 TICKET_SOLD_OUT however many requests arrive at once.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Participant, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { BookingBody, BookingPage, BookingPreview, BookingView, MyBookingsQuery, ParticipantPatchBody } from "./registrations.dto.js"

const athlete = Role("user")
const Id = Schema.Struct({ id: UuidStr })

export class ParticipationsGroup extends HttpApiGroup.make("participations")
  .add(op.post("book", "/v2/event-participations", { body: BookingBody, ok: BookingView, status: 201, summary: "Book one seat per participant: free tickets CONFIRMED, paid ones PENDING with a payment session (409 TICKET_SOLD_OUT, BOOKING_CLOSED)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.post("previewBooking", "/v2/event-participations/preview", { body: BookingBody, ok: BookingPreview, summary: "Billing breakdown of a booking (subtotal, discount, fees, tax, total); creates nothing" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.post("previewBookingPublic", "/v2/event-participations/public/preview", { body: BookingBody, ok: BookingPreview, summary: "Billing breakdown without sign-in (no coins or wallet); creates nothing" }))
  .add(op.get("myBookings", "/v2/event-participations", { query: MyBookingsQuery, ok: BookingPage, summary: "The caller's bookings, newest first (?eventId, page, limit)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("myBookingsForEvent", "/v2/event-participations/by-event/:eventId", { path: Schema.Struct({ eventId: UuidStr }), ok: Schema.Array(BookingView), summary: "The caller's bookings of one event" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("myBooking", "/v2/event-participations/:id", { path: Id, ok: BookingView, summary: "One of the caller's bookings with its participants and ticket codes" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.del("cancelMyBooking", "/v2/event-participations/:id", { path: Id, ok: BookingView, summary: "Cancel the caller's PENDING or free booking (seats released once); a paid confirmed booking is refunded by the organizer (409 PARTICIPATION_PAID)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.post("resumePayment", "/v2/event-participations/:id/resume-payment", { path: Id, ok: BookingView, summary: "A fresh payment session (new gateway order and hold) for a PENDING booking; 409 otherwise" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.patch("selfEditParticipant", "/v2/event-participations/:participationId/participants/:participantId/self-edit", { path: Schema.Struct({ participationId: UuidStr, participantId: UuidStr }), body: ParticipantPatchBody, ok: Participant, summary: "Correct a seat's own details as the organizer's policy allows (409 SELF_EDIT_DISABLED, FIELD_NOT_EDITABLE, NAME_CHANGE_IS_TRANSFER, PARTICIPANT_NOT_EDITABLE)" }).middleware(Authenticated).annotate(Requires, athlete))
  .annotate(OpenApi.Title, "Events / Participations")
  .annotate(OpenApi.Description, "Athletes' bookings of event tickets")
{}
