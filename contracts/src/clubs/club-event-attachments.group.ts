/**
 * Club event attachments (C "Club admin", club OWNER/ADMIN): the published public upcoming events a
 * club may attach (searchable, excluding the ones it holds REQUESTED or ATTACHED), the attach
 * request (REQUESTED; emits `club.event_attach.requested`; asking again while open answers the same
 * attachment, so concurrent requests make one), the club's attachments and detach.
 *
 * Documented extras: the spec lists the request but not the organizer's decision, and an event is
 * its organizer's, so the organizer (OWNER/ADMIN; VIEWER reads) lists, approves and rejects the
 * requests under /v2/organizers/events/{eventId}/club-attachments. Athletes report a club under
 * POST /v2/clubs/{clubId}/reports (no report record existed anywhere to back the admins'
 * moderation-reports read); admins (`clubs.review`) read them.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, ClubEventAttachment, ClubEventAttachmentStatus, ClubReport, ClubReportCategory, ClubReportStatus, Event, Instant, Optional, Query, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, ClubManagers, op, OrganizerManagers, OrganizerReaders, PageOf, PageParams, Requires } from "../common/index.js"

export const AttachedEventSummary = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  slug: Schema.String,
  startsAt: Instant,
  endsAt: Instant,
  city: Schema.String,
  status: Schema.String
}).annotations({ identifier: "AttachedEventSummary" })

export const ClubEventAttachmentView = Schema.Struct({
  ...ClubEventAttachment.fields,
  /** The event's face (null once the event is gone). */
  event: Schema.NullOr(AttachedEventSummary)
}).annotations({ identifier: "ClubEventAttachmentWithEvent" })

const ClubPath = Schema.Struct({ clubId: Schema.String })
const ClubEventPath = Schema.Struct({ clubId: Schema.String, eventId: Schema.String })
const ClubAttachmentPath = Schema.Struct({ clubId: Schema.String, attachmentId: Schema.String })
const base = "/v2/clubs/:clubId/admin"

export class ClubEventAttachmentsGroup extends HttpApiGroup.make("clubEventAttachments")
  .add(op.get("clubDiscoverableEvents", `${base}/discoverable-events`, {
    path: ClubPath,
    query: Query({ ...PageParams, q: Optional(StrLength(1, 100)), city: Optional(StrLength(1, 100)), sport: Optional(StrLength(1, 40)) }),
    ok: PageOf(Event),
    summary: "Published public events that have not started and the club does not hold REQUESTED or ATTACHED, soonest first (`?q` searches, `?city`, `?sport`)"
  }).middleware(ClubManagers))
  .add(op.post("attachClubEvent", `${base}/events/:eventId/attach`, { path: ClubEventPath, ok: ClubEventAttachmentView, summary: "Ask the event's organizer to attach the event to the club (REQUESTED; emits club.event_attach.requested once)" })
    .middleware(ClubManagers)
    .annotate(OpenApi.Description, "404 when the event is not a published public event; 409 CLUB_EVENT_ENDED once it ended; 409 CLUB_EVENT_ATTACHMENT_LIMIT_REACHED past 200 requested or attached events. Asking again while REQUESTED or ATTACHED answers the same attachment; after a rejection or a detach it is asked anew."))
  .add(op.get("clubEventAttachments", `${base}/event-attachments`, { path: ClubPath, query: Query({ ...PageParams, status: Optional(ClubEventAttachmentStatus) }), ok: PageOf(ClubEventAttachmentView), summary: "The club's event attachments with their status and event, newest request first (`?status`)" }).middleware(ClubManagers))
  .add(op.post("detachClubEvent", `${base}/event-attachments/:attachmentId/detach`, { path: ClubAttachmentPath, ok: ClubEventAttachment, summary: "Detach an ATTACHED event, or withdraw a REQUESTED one (→ DETACHED; 409 CLUB_EVENT_ATTACHMENT_MOVE_REFUSED otherwise)" }).middleware(ClubManagers))
  .annotate(OpenApi.Title, "Club admin: event attachments")
{}

const EventPath = Schema.Struct({ eventId: UuidStr })
const EventAttachmentPath = Schema.Struct({ eventId: UuidStr, attachmentId: Schema.String })
const organizerBase = "/v2/organizers/events/:eventId/club-attachments"

export class OrganizerClubAttachmentsGroup extends HttpApiGroup.make("organizerClubAttachments")
  .add(op.get("organizerEventClubAttachments", organizerBase, { path: EventPath, query: Query({ ...PageParams, status: Optional(ClubEventAttachmentStatus) }), ok: PageOf(ClubEventAttachment), summary: "Clubs' attachment requests and attachments of the organizer's event, newest first (`?status`; documented extra)" }).middleware(OrganizerReaders))
  .add(op.post("approveClubAttachment", `${organizerBase}/:attachmentId/approve`, { path: EventAttachmentPath, ok: ClubEventAttachment, summary: "Approve a club's request (REQUESTED → ATTACHED; documented extra)" })
    .middleware(OrganizerManagers)
    .annotate(OpenApi.Description, "409 CLUB_EVENT_ATTACHMENT_MOVE_REFUSED unless REQUESTED (of two concurrent decisions one wins)."))
  .add(op.post("rejectClubAttachment", `${organizerBase}/:attachmentId/reject`, { path: EventAttachmentPath, body: Body({ reason: StrLength(10, 500) }), ok: ClubEventAttachment, summary: "Reject a club's request with a reason of 10-500 characters (REQUESTED → REJECTED; documented extra)" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / Club attachments")
{}

export class ClubReportsGroup extends HttpApiGroup.make("clubReports")
  .add(op.post("reportClub", "/v2/clubs/:clubId/reports", { path: ClubPath, body: Body({ category: ClubReportCategory, text: StrLength(10, 2000) }), ok: ClubReport, status: 201, summary: "Report a club to the platform's moderators (athletes; one OPEN report per reporter and club: 409 CLUB_REPORT_ALREADY_OPEN; documented extra)" }).middleware(Authenticated))
  .annotate(OpenApi.Title, "Clubs: reports")
{}

export class AdminClubModerationReportsGroup extends HttpApiGroup.make("adminClubModerationReports")
  .add(op.get("adminClubModerationReports", "/v2/admin/clubs/:id/moderation-reports", { path: Schema.Struct({ id: Schema.String }), query: Query({ ...PageParams, status: Optional(ClubReportStatus), category: Optional(ClubReportCategory) }), ok: PageOf(ClubReport), summary: "Reports athletes filed about the club, newest first (`?status`, `?category`)" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("clubs.review"))
  .annotate(OpenApi.Title, "Clubs (admin): moderation reports")
{}
