/**
 * Challenge badge requests: the creator's side (C "Challenge badge requests",
 * `/v2/challenges/{creatorType}/{creatorId}/badge-requests`) and the admin's side (A 4.5,
 * `/v2/admins/challenge-badge-requests…`). A creator (creatorType `organizer`: an OWNER or ADMIN of
 * that organizer; `club`: answered 404 CREATOR_NOT_FOUND until the clubs issue brings clubs) asks
 * the platform for a badge design; an admin with the `challenges.badges` permission completes the
 * request by creating the badge (CreateBadgeDto) or rejects it (RejectBadgeRequestDto, a 10–500
 * character reason returned verbatim to the creator). pending_admin_approval → completed | rejected;
 * any other move is 409 BADGE_REQUEST_NOT_PENDING.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { Body, Form, OneOf, Optional, says, StrLength, UuidStr } from "@podium/kernel"
import { Option, Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"

export const BadgeRequestStatusParam = OneOf("pending_admin_approval", "completed", "rejected")
export const CreatorTypeParam = OneOf("organizer", "club")

/** A calendar date `YYYY-MM-DD`. */
export const CalendarDate = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
    new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)),
  Schema.annotations({ ...says("must be a valid date (YYYY-MM-DD)"), jsonSchema: { type: "string", format: "date", example: "2026-12-31" } })
)

/** An absolute https URL. */
export const HttpsUrl = Schema.String.pipe(
  Schema.filter((s) => s.length <= 2048 && /^https:\/\/[^\s/?#]+\.[^\s/?#]+(\/[^\s]*)?$/.test(s)),
  Schema.annotations({ ...says("must be an https URL"), jsonSchema: { type: "string", format: "uri", example: "https://cdn.example.com/badge.png" } })
)

/** The creator's request body (the spec does not show it; this is our design). */
export const CreateBadgeRequestBody = Body({
  challengeId: Optional(UuidStr),
  title: StrLength(3, 120),
  description: StrLength(10, 2000),
  artworkNotes: Optional(StrLength(1, 2000)),
  dueDate: Optional(CalendarDate)
})

/**
 * CreateBadgeDto: name, description, criteria and the image as `imageUrl` (https) or an uploaded
 * `image` file (PNG, JPG or WEBP, 5 MB) — exactly one of the two. Sent as multipart/form-data (for
 * an upload) or as JSON with `imageUrl`.
 */
export const CreateBadgeForm = HttpApiSchema.Multipart(
  Form({
    name: StrLength(2, 100),
    description: StrLength(1, 1000),
    criteria: StrLength(1, 1000),
    imageUrl: Optional(HttpsUrl),
    image: Optional(Multipart.SingleFileSchema.annotations(says("must be a single file")))
  }),
  { maxFileSize: Option.some(10 * 1024 * 1024), maxParts: Option.some(10), maxFieldSize: 16 * 1024 }
)

/** RejectBadgeRequestDto. */
export const RejectBadgeRequestBody = Body({ reason: StrLength(10, 500) })

export const BadgeView = Schema.Struct({
  id: Schema.String,
  requestId: Schema.NullOr(Schema.String),
  challengeId: Schema.NullOr(Schema.String),
  name: Schema.String,
  description: Schema.String,
  /** The given https URL, or a short-lived signed `/v2/media/content/…` URL of the uploaded image. */
  imageUrl: Schema.String,
  criteria: Schema.String,
  createdAt: Schema.Date
}).annotations({ identifier: "Badge" })

export const BadgeRequestView = Schema.Struct({
  id: Schema.String,
  creatorType: Schema.String,
  creatorId: Schema.String,
  challengeId: Schema.NullOr(Schema.String),
  title: Schema.String,
  description: Schema.String,
  artworkNotes: Schema.NullOr(Schema.String),
  dueDate: Schema.NullOr(Schema.String),
  status: Schema.String,
  /** The admin's reason, verbatim, once rejected. */
  rejectionReason: Schema.NullOr(Schema.String),
  badgeId: Schema.NullOr(Schema.String),
  badge: Schema.NullOr(BadgeView),
  requestedBy: Schema.Struct({ kind: Schema.String, id: Schema.NullOr(Schema.String) }),
  reviewedAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "ChallengeBadgeRequest" })

const CreatorPath = Schema.Struct({ creatorType: CreatorTypeParam, creatorId: Schema.String })

export class ChallengeBadgeRequestsGroup extends HttpApiGroup.make("challengeBadgeRequests")
  .add(op.get("listCreatorBadgeRequests", "/v2/challenges/:creatorType/:creatorId/badge-requests", { path: CreatorPath, ok: Schema.Array(BadgeRequestView), summary: "The creator's badge requests, newest first (organizer OWNER/ADMIN)" }).middleware(Authenticated))
  .add(op.post("createCreatorBadgeRequest", "/v2/challenges/:creatorType/:creatorId/badge-requests", { path: CreatorPath, body: CreateBadgeRequestBody, ok: BadgeRequestView, status: 201, summary: "Ask the platform for a badge design (status pending_admin_approval)" }).middleware(Authenticated).annotate(OpenApi.Description, "Body `{challengeId?, title (3–120), description (10–2000), artworkNotes?, dueDate? (YYYY-MM-DD)}`. creatorType `organizer`: the caller must be an OWNER or ADMIN of the organizer (403 otherwise). creatorType `club`: 404 CREATOR_NOT_FOUND until clubs exist."))
  .annotate(OpenApi.Title, "Challenge badge requests")
  .annotate(OpenApi.Description, "A challenge creator asks the platform for a badge design")
{}

export class AdminChallengeBadgeRequestsGroup extends HttpApiGroup.make("adminChallengeBadgeRequests")
  .add(op.get("adminListBadgeRequests", "/v2/admins/challenge-badge-requests", { query: Schema.Struct({ status: Optional(BadgeRequestStatusParam) }), ok: Schema.Array(BadgeRequestView), summary: "Every badge request, newest first, optionally of one status" }).middleware(Authenticated))
  .add(op.get("adminGetBadgeRequest", "/v2/admins/challenge-badge-requests/:id", { path: Schema.Struct({ id: Schema.String }), ok: BadgeRequestView, summary: "One badge request with its badge" }).middleware(Authenticated))
  .add(op.post("adminCompleteBadgeRequest", "/v2/admins/challenge-badge-requests/:id/complete", { path: Schema.Struct({ id: Schema.String }), body: CreateBadgeForm, ok: BadgeRequestView, status: 201, summary: "Create the badge (CreateBadgeDto) and complete the request" }).middleware(Authenticated).annotate(OpenApi.Description, "pending_admin_approval → completed, in one transaction with the badge row; 409 BADGE_REQUEST_NOT_PENDING otherwise (also for the loser of two concurrent completes). multipart/form-data with an `image` file, or JSON with `imageUrl`."))
  .add(op.post("adminRejectBadgeRequest", "/v2/admins/challenge-badge-requests/:id/reject", { path: Schema.Struct({ id: Schema.String }), body: RejectBadgeRequestBody, ok: BadgeRequestView, status: 201, summary: "Reject the request with a reason (10–500 characters, shown verbatim to the creator)" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("challenges.badges"))
  .annotate(OpenApi.Title, "Admin: challenge badge requests")
  .annotate(OpenApi.Description, "Admins complete (create the badge) or reject creators' badge requests; permission challenges.badges")
{}
