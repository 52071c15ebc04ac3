/**
 * Admin oversight reads of one event's bookings (B "Events oversight"): bookings (filtered, as the
 * organizer sees them), participants (without ticket codes) and revenue. `events.manage`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { IntFromText, OneOf, Optional, Participant, Participation, ParticipationStatus, Query, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"

const PageQuery = { page: Optional(IntFromText(1, 1_000_000)), limit: Optional(IntFromText(1, 100)) }
export const AdminBookingsQuery = Query({
  ...PageQuery,
  status: Optional(ParticipationStatus),
  ticketId: Optional(UuidStr),
  slotId: Optional(UuidStr),
  q: Optional(StrLength(1, 100))
})

/** A participant as admins read it: ticket codes (check-in credentials) withheld. */
const { ticketCode: _code, ...participantFields } = Participant.fields
export const AdminParticipant = Schema.Struct(participantFields)

/** A booking as admins read it: the participation with its participants. */
export const AdminBooking = Schema.Struct({ ...Participation.fields, participants: Schema.Array(AdminParticipant) }).annotations({ identifier: "AdminEventBooking" })
export const AdminBookingPage = Schema.Struct({ items: Schema.Array(AdminBooking), total: Schema.Number, page: Schema.Number, limit: Schema.Number })
  .annotations({ identifier: "AdminEventBookingPage" })

export const AdminEventParticipant = Schema.Struct({
  ...AdminParticipant.fields,
  bookingId: Schema.String,
  bookingStatus: ParticipationStatus,
  ticketId: Schema.String,
  userId: Schema.String
}).annotations({ identifier: "AdminEventParticipant" })
export const AdminEventParticipantPage = Schema.Struct({ items: Schema.Array(AdminEventParticipant), total: Schema.Number, page: Schema.Number, limit: Schema.Number })
  .annotations({ identifier: "AdminEventParticipantPage" })

export const AdminEventRevenue = Schema.Struct({
  eventId: Schema.String,
  currency: Schema.String,
  bookings: Schema.Struct({ confirmed: Schema.Int, pending: Schema.Int, cancelled: Schema.Int, expired: Schema.Int }),
  seatsSold: Schema.Int,
  grossMinor: Schema.Int,
  pendingMinor: Schema.Int,
  cancelledMinor: Schema.Int,
  byTicket: Schema.Array(Schema.Struct({ ticketId: Schema.String, bookings: Schema.Int, seats: Schema.Int, grossMinor: Schema.Int }))
}).annotations({ identifier: "AdminEventRevenue" })

const IdPath = Schema.Struct({ id: Schema.String })

export class AdminEventBookingsGroup extends HttpApiGroup.make("adminEventBookings")
  .add(op.get("adminEventBookings", "/v2/admin/events/:id/bookings", { path: IdPath, query: AdminBookingsQuery, ok: AdminBookingPage, summary: "Bookings of any event, newest first (?status, ticketId, slotId, q; page, limit)" }))
  .add(op.get("adminEventParticipants", "/v2/admin/events/:id/participants", { path: IdPath, query: Query({ ...PageQuery, status: Optional(OneOf("ACTIVE", "CANCELLED")) }), ok: AdminEventParticipantPage, summary: "Participants of any event with their booking (ticket codes withheld)" }))
  .add(op.get("adminEventRevenue", "/v2/admin/events/:id/revenue", { path: IdPath, ok: AdminEventRevenue, summary: "Bookings per status, seats sold and amounts (minor units) confirmed, pending and cancelled, per ticket" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("events.manage"))
  .annotate(OpenApi.Title, "Events oversight / bookings")
  .annotate(OpenApi.Description, "Admin reads of an event's bookings, participants and revenue (events.manage)")
{}
