/**
 * The organizer's bookings of an event (C "Events / Bookings"): team readers list and read, managers
 * cancel (a booking, one participant, or in bulk with per-row outcomes), correct participants,
 * toggle the check-in of every active participant, resend tickets. The event must belong to the
 * organizer the tenancy guard granted (another organizer's event is 404).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"
import {
  BookingPage,
  BookingsQuery,
  BookingView,
  BulkCancelBody,
  BulkCancelResult,
  CancelBody,
  CheckInToggleResult,
  ParticipantPatchBody,
  ResendTicketBody,
  ResendTicketResult,
  Timeline
} from "./registrations.dto.js"
import { Participant } from "@podium/kernel"

const Event = Schema.Struct({ eventId: UuidStr })
const Booking = Schema.Struct({ eventId: UuidStr, participationId: UuidStr })
const Person = Schema.Struct({ eventId: UuidStr, participationId: UuidStr, participantId: UuidStr })
const base = "/v2/organizers/events/:eventId/bookings"

export class OrganizerBookingsGroup extends HttpApiGroup.make("organizerBookings")
  .add(op.get("listBookings", base, { path: Event, query: BookingsQuery, ok: BookingPage, summary: "Bookings of the event, newest first (?status, ticketId, slotId, q = name, e-mail, phone or booking id; page, limit)" }).middleware(OrganizerReaders))
  .add(op.get("getBooking", `${base}/:participationId`, { path: Booking, ok: BookingView, summary: "One booking with its participants" }).middleware(OrganizerReaders))
  .add(op.post("cancelBooking", `${base}/:participationId/cancel`, { path: Booking, body: CancelBody, ok: BookingView, summary: "Cancel a booking; its seats are released once (409 when already cancelled or expired)" }).middleware(OrganizerManagers))
  .add(op.patch("toggleBookingCheckIn", `${base}/:participationId/checkin`, { path: Booking, ok: CheckInToggleResult, summary: "Check in every active participant, or undo them all when all are checked in" }).middleware(OrganizerManagers))
  .add(op.patch("updateBookingParticipant", `${base}/:participationId/participants/:participantId`, { path: Person, body: ParticipantPatchBody, ok: Participant, summary: "Correct a participant's name, e-mail or phone (recorded on the timeline)" }).middleware(OrganizerManagers))
  .add(op.post("cancelBookingParticipant", `${base}/:participationId/participants/:participantId/cancel`, { path: Person, body: CancelBody, ok: BookingView, summary: "Cancel one participant (one seat released); the booking is cancelled with its last participant" }).middleware(OrganizerManagers))
  .add(op.post("resendBookingTicket", `${base}/:participationId/participants/resend-ticket`, { path: Booking, body: ResendTicketBody, ok: ResendTicketResult, summary: "Queue the ticket e-mail of the active participants (or the listed ones) in the notifications outbox" }).middleware(OrganizerManagers))
  .add(op.get("bookingTimeline", `${base}/:participationId/timeline`, { path: Booking, ok: Timeline, summary: "Every change of the booking with who and why, oldest first" }).middleware(OrganizerReaders))
  .add(op.post("bulkCancelBookings", `${base}/bulk-cancel`, { path: Event, body: BulkCancelBody, ok: BulkCancelResult, summary: "Cancel up to 100 bookings: a shared reason with per-row overrides; every row answered" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Bookings")
  .annotate(OpenApi.Description, "The organizer's bookings of an event")
{}
