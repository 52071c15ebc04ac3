/**
 * Club channels (C "Club channels"), announcements (C "Clubs" announcements; B "Clubs"
 * announcements), the club admin announcement e-mail blast (C "Club admin") and club event creation
 * (C "Club event creation": disabled at launch → 503 CLUB_EVENT_CREATION_DISABLED, like the spec's other switched-off feature, ACCOUNT_MERGE_EXECUTE_DISABLED).
 *
 * Channels: members read them; club OWNER/ADMIN create, update and archive (DELETE archives);
 * `#general` exists in every club and cannot be archived or renamed (409 GENERAL_CHANNEL_PROTECTED).
 * Club-side announcement posting (`POST /v2/clubs/{clubId}/admin/announcements`) is an addition to
 * the catalog: the e-mail blast presumes announcements the club writes.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, ClubAnnouncement, ClubChannel, Optional, Query, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, ClubManagers, ClubMembers, op, OptionalAuthenticated, PageOf, PageParams, Requires } from "../common/index.js"

const ChannelName = Schema.String.pipe(
  Schema.filter((s) => /^[a-z0-9][a-z0-9_-]{1,39}$/.test(s)),
  Schema.annotations({ ...says("name must be 2-40 lowercase letters, digits, _ or -"), jsonSchema: { type: "string", example: "sunday-long-run" } })
)

export const ChannelView = ClubChannel.omit("createdBy").annotations({ identifier: "ClubChannel" })

export const AnnouncementView = ClubAnnouncement.omit("updatedAt").annotations({ identifier: "ClubAnnouncement" })

export const AnnouncementBody = Body({ title: StrLength(3, 140), body: StrLength(1, 5000), pinned: Optional(Bool) })

const BlastStatusView = Schema.Struct({
  announcementId: Schema.String,
  sent: Schema.Boolean,
  blast: Schema.NullOr(Schema.Struct({
    recipients: Schema.Number,
    skippedWithoutEmail: Schema.Number,
    requestedBy: Schema.NullOr(Schema.String),
    createdAt: Schema.Date
  })),
  /** Outbox rows of the blast by status (null before a blast). */
  deliveries: Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.Number }))
}).annotations({ identifier: "ClubAnnouncementBlastStatus" })

const ChannelPath = Schema.Struct({ clubId: Schema.String, channelId: Schema.String })
const AnnouncementPath = Schema.Struct({ clubId: Schema.String, id: Schema.String })

export class ClubContentGroup extends HttpApiGroup.make("clubContent")
  .add(op.get("clubChannels", "/v2/clubs/:clubId/channels", { path: Schema.Struct({ clubId: Schema.String }), query: Query({ includeArchived: Optional(Schema.Literal("true", "false").annotations(says("includeArchived must be true or false"))) }), ok: Schema.Array(ChannelView), summary: "The club's channels, #general first (members; `?includeArchived=true` for OWNER/ADMIN)" }).middleware(ClubMembers))
  .add(op.post("createClubChannel", "/v2/clubs/:clubId/channels", { path: Schema.Struct({ clubId: Schema.String }), body: Body({ name: ChannelName, topic: Optional(StrLength(0, 200)), staffOnly: Optional(Bool) }), ok: ChannelView, status: 201, summary: "Create a channel (OWNER/ADMIN; 409 CLUB_CHANNEL_NAME_TAKEN)" }).middleware(ClubManagers))
  .add(op.patch("updateClubChannel", "/v2/clubs/:clubId/channels/:channelId", { path: ChannelPath, body: Body({ name: Optional(ChannelName), topic: Optional(Schema.NullOr(StrLength(0, 200))), staffOnly: Optional(Bool) }), ok: ChannelView, summary: "Rename a channel or change its topic or posting rule (#general keeps its name)" }).middleware(ClubManagers))
  .add(op.del("archiveClubChannel", "/v2/clubs/:clubId/channels/:channelId", { path: ChannelPath, ok: ChannelView, summary: "Archive a channel (idempotent; #general cannot be archived: 409 GENERAL_CHANNEL_PROTECTED)" }).middleware(ClubManagers))
  .add(op.get("clubAnnouncements", "/v2/clubs/:id/announcements", { path: Schema.Struct({ id: Schema.String }), query: Query(PageParams), ok: PageOf(AnnouncementView), summary: "A club's announcements, pinned first then newest" }).middleware(OptionalAuthenticated))
  .add(op.post("postClubAnnouncement", "/v2/clubs/:clubId/admin/announcements", { path: Schema.Struct({ clubId: Schema.String }), body: AnnouncementBody, ok: AnnouncementView, status: 201, summary: "Post an announcement (OWNER/ADMIN; an addition to the catalog)" }).middleware(ClubManagers))
  .add(op.get("announcementBlastStatus", "/v2/clubs/:clubId/admin/announcements/:id/email-blast", { path: AnnouncementPath, ok: BlastStatusView, summary: "Whether the announcement was e-mailed, to how many members, and the deliveries by status" }).middleware(ClubManagers))
  .add(op.post("sendAnnouncementBlast", "/v2/clubs/:clubId/admin/announcements/:id/email-blast", { path: AnnouncementPath, ok: Schema.Struct({ announcementId: Schema.String, recipients: Schema.Number, skippedWithoutEmail: Schema.Number }), status: 202, summary: "E-mail the announcement to every ACTIVE member with an e-mail address, once (409 ANNOUNCEMENT_ALREADY_BLASTED)" }).middleware(ClubManagers))
  .add(op.post("createClubEvent", "/v2/clubs/:clubId/events", { path: Schema.Struct({ clubId: Schema.String }), ok: Schema.Null, summary: "Club event creation: disabled at launch (503 CLUB_EVENT_CREATION_DISABLED)" }).middleware(ClubManagers))
  .annotate(OpenApi.Title, "Club channels and announcements")
{}

export class AdminClubAnnouncementsGroup extends HttpApiGroup.make("adminClubAnnouncements")
  .add(op.get("adminClubAnnouncements", "/v2/admin/clubs/:id/announcements", { path: Schema.Struct({ id: Schema.String }), query: Query(PageParams), ok: PageOf(AnnouncementView), summary: "A club's announcements (any club status)" }).middleware(Authenticated))
  .add(op.post("adminPostClubAnnouncement", "/v2/admin/clubs/:id/announcements", { path: Schema.Struct({ id: Schema.String }), body: AnnouncementBody, ok: AnnouncementView, status: 201, summary: "Post an announcement to a club as the platform" }).middleware(Authenticated))
  .add(op.del("adminDeleteClubAnnouncement", "/v2/admin/clubs/announcements/:annId", { path: Schema.Struct({ annId: Schema.String }), ok: AnnouncementView, summary: "Delete an announcement (any club)" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("clubs.review"))
  .annotate(OpenApi.Title, "Club announcements (admin)")
{}
