/**
 * Event announcements (C "Events": `POST /v2/events/{id}/announcements`, pushed to participants;
 * C "Organizations": `GET /v2/organizations/{id}/announcements`, the public ones). OWNER/ADMIN of
 * the event's organizer write; the organization's list is public and shows no delivery details.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { EventAnnouncement, inputOf, Query } from "@podium/kernel"
import { Schema } from "effect"
import { GetMany, op, OrganizerManagers, PageParams } from "../common/index.js"

export const AnnounceBody = inputOf(EventAnnouncement, { required: ["title", "message"], optional: ["channels", "visibility"] })
export const PublicAnnouncement = EventAnnouncement.pipe(Schema.pick("id", "eventId", "organizerId", "title", "message", "createdAt"))
  .annotations({ identifier: "PublicEventAnnouncement" })

const OrganizerHeader = Schema.Struct({ "x-organizer-id": Schema.optional(Schema.String) })

export class EventAnnouncementsGroup extends HttpApiGroup.make("eventAnnouncements")
  .add(op.post("announceToParticipants", "/v2/events/:id/announcements", { path: Schema.Struct({ id: Schema.String }), headers: OrganizerHeader, body: AnnounceBody, ok: EventAnnouncement, status: 201, summary: "Tell the event's participants (active seats of confirmed bookings): e-mail and SMS to each seat's contacts, push to the bookers' devices (channels default EMAIL and PUSH); queued with the announcement, delivered by the worker" }).middleware(OrganizerManagers))
  .add(op.get("organizationAnnouncements", "/v2/organizations/:id/announcements", { path: Schema.Struct({ id: Schema.String }), query: Query(PageParams), ok: GetMany(PublicAnnouncement), summary: "An organization's public announcements of its publicly visible events, newest first (public)" }))
  .annotate(OpenApi.Title, "Events / announcements")
  .annotate(OpenApi.Description, "An organizer's messages to an event's participants")
{}
