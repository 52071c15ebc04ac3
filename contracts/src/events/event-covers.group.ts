/**
 * Event covers (C "Events": `PATCH /v2/events/{id}/desktop-cover`, `/mobile-cover`): multipart
 * `image` (PNG, JPG or WEBP, 5 MB). The event keeps the stored file's key; the answer carries a
 * short-lived URL to show it. OWNER/ADMIN of the event's organizer; not while suspended.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Form } from "@podium/kernel"
import { Option, Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"
import { FileField } from "./organizer.dto.js"

export const CoverUploadForm = HttpApiSchema.Multipart(Form({ image: FileField }), {
  maxFileSize: Option.some(5 * 1024 * 1024),
  maxParts: Option.some(2),
  maxFieldSize: 16 * 1024
})

export const EventCoverView = Schema.Struct({
  eventId: Schema.String,
  field: Schema.Literal("desktopCover", "mobileCover"),
  key: Schema.String,
  contentType: Schema.String,
  size: Schema.Int,
  url: Schema.String
}).annotations({ identifier: "EventCover" })

const OrganizerHeader = Schema.Struct({ "x-organizer-id": Schema.optional(Schema.String) })
const IdPath = Schema.Struct({ id: Schema.String })

export class EventCoversGroup extends HttpApiGroup.make("eventCovers")
  .add(op.patch("setEventDesktopCover", "/v2/events/:id/desktop-cover", { path: IdPath, headers: OrganizerHeader, body: CoverUploadForm, ok: EventCoverView, summary: "Replace the desktop cover (multipart image: PNG, JPG or WEBP, 5 MB)" }).middleware(OrganizerManagers))
  .add(op.patch("setEventMobileCover", "/v2/events/:id/mobile-cover", { path: IdPath, headers: OrganizerHeader, body: CoverUploadForm, ok: EventCoverView, summary: "Replace the mobile cover (multipart image: PNG, JPG or WEBP, 5 MB)" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Events / covers")
  .annotate(OpenApi.Description, "The event's desktop and mobile cover images")
{}

/** RFC 4180 CSV: bookingId, participantId, firstName, lastName, email, phoneNumber, ticket, confirmedAt. */
export const RosterCsv = HttpApiSchema.Text({ contentType: "text/csv" })

export class EventRosterGroup extends HttpApiGroup.make("eventRoster")
  .add(op.get("eventRosterCsv", "/v2/events/:eventId/roster.csv", { path: Schema.Struct({ eventId: Schema.String }), headers: OrganizerHeader, success: RosterCsv, summary: "The event's roster as CSV: active participants of confirmed bookings (team members; ticket codes withheld)" }).middleware(OrganizerReaders))
  .annotate(OpenApi.Title, "Events / roster")
  .annotate(OpenApi.Description, "The organizer's participant roster of an event")
{}
