/**
 * Badges (C "Badges"; the challenge's badges and the athlete's collection): admins with
 * `challenges.manage` design, duplicate, preview, map to challenges and award them (the retroactive
 * award is a durable job: 202 with the job, and running it twice awards nobody twice); the public
 * reads an active badge by code and a public challenge's badges; athletes read their own.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { BadgeAward, BadgeCode, Body, ChallengeBadge, HttpsLink, Instant, inputOf, Optional, Query, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, PageOf, PageParams, Requires, Role } from "../common/index.js"

const IdPath = Schema.Struct({ id: Schema.String })
const editable = ["code", "description", "criteria", "isActive"] as const
export const CreateBadgeBody = Body({ ...inputOf(ChallengeBadge, { required: ["name"], optional: editable }).fields, imageUrl: HttpsLink })
export const UpdateBadgeBody = Body({ ...inputOf(ChallengeBadge, { required: [], optional: ["name", "imageUrl", ...editable] }).fields })
export const DuplicateBadgeBody = Body({ code: Optional(BadgeCode), name: Optional(StrLength(2, 120)) })
export const PreviewBadgeBody = Body({ athleteName: Optional(StrLength(1, 80)) })
export const MapChallengeBody = Body({ challengeId: UuidStr })

export const BadgePreviewView = Schema.Struct({ badgeId: Schema.String, code: Schema.String, contentType: Schema.String, svg: Schema.String })
  .annotations({ identifier: "BadgePreview" })
export const BadgeMappingView = Schema.Struct({ badgeId: Schema.String, challengeIds: Schema.Array(Schema.String) }).annotations({ identifier: "BadgeMapping" })
export const BadgeStatsView = Schema.Struct({
  badgeId: Schema.String,
  mappedChallengeIds: Schema.Array(Schema.String),
  awarded: Schema.Number,
  lastAwardedAt: Schema.NullOr(Instant),
  byChallenge: Schema.Array(Schema.Struct({ challengeId: Schema.NullOr(Schema.String), awarded: Schema.Number }))
}).annotations({ identifier: "BadgeStats" })
export const PublicBadgeView = Schema.Struct({
  code: Schema.String,
  name: Schema.String,
  description: Schema.String,
  imageUrl: Schema.NullOr(Schema.String),
  criteria: Schema.String,
  awardedCount: Schema.Number
}).annotations({ identifier: "PublicBadge" })
/** The durable job of a retroactive award, as the job queue reports it. */
export const BadgeAwardJobView = Schema.Struct({
  jobId: Schema.String,
  status: Schema.String,
  attempts: Schema.Int,
  maxAttempts: Schema.Int,
  runAt: Schema.String,
  finishedAt: Schema.NullOr(Schema.String),
  lastError: Schema.NullOr(Schema.String),
  progress: Schema.NullOr(Schema.Struct({ done: Schema.Number, total: Schema.NullOr(Schema.Number), message: Schema.NullOr(Schema.String) }))
}).annotations({ identifier: "BadgeAwardJob" })
export const RetroactiveAwardView = Schema.Struct({ badgeId: Schema.String, job: BadgeAwardJobView }).annotations({ identifier: "BadgeRetroactiveAward" })
export const MyBadgeView = Schema.Struct({ ...BadgeAward.fields, badge: ChallengeBadge }).annotations({ identifier: "MyBadge" })
const Deleted = Schema.Struct({ id: Schema.String, deleted: Schema.Literal(true) })

export class BadgesGroup extends HttpApiGroup.make("badges")
  .add(op.get("listBadges", "/v2/badges", { query: Query({ ...PageParams, q: Optional(StrLength(1, 100)), isActive: Optional(Schema.Literal("true", "false")) }), ok: PageOf(ChallengeBadge), summary: "Badges, newest first, by name or code and active flag" }))
  .add(op.post("createBadge", "/v2/badges", { body: CreateBadgeBody, ok: ChallengeBadge, status: 201, summary: "Create a badge (code defaults to one made from the name; 409 BADGE_CODE_TAKEN)" }))
  .add(op.get("getBadge", "/v2/badges/:id", { path: IdPath, ok: ChallengeBadge, summary: "One badge" }))
  .add(op.patch("updateBadge", "/v2/badges/:id", { path: IdPath, body: UpdateBadgeBody, ok: ChallengeBadge, summary: "Change a badge; an inactive badge is hidden and awards nobody" }))
  .add(op.del("deleteBadge", "/v2/badges/:id", { path: IdPath, ok: Deleted, summary: "Delete a badge nobody holds (409 BADGE_ALREADY_AWARDED otherwise: deactivate it)" }))
  .add(op.post("duplicateBadge", "/v2/badges/:id/duplicate", { path: IdPath, body: DuplicateBadgeBody, ok: ChallengeBadge, status: 201, summary: "Copy a badge under a new code; the copy starts inactive" }))
  .add(op.post("previewBadge", "/v2/badges/:id/preview", { path: IdPath, body: PreviewBadgeBody, ok: BadgePreviewView, summary: "The badge as an athlete sees it once awarded (an SVG card with their name)" }))
  .add(op.post("retroactiveAwardBadge", "/v2/badges/:id/retroactive-award", { path: IdPath, ok: RetroactiveAwardView, status: 202, summary: "Queue the award of the badge to every athlete who completed a mapped challenge (a durable job with progress; idempotent)" }).annotate(OpenApi.Description, "409 BADGE_INACTIVE for an inactive badge. Each athlete holds a badge at most once, so running the job again awards only new completers."))
  .add(op.post("mapBadgeChallenge", "/v2/badges/:id/map-challenge", { path: IdPath, body: MapChallengeBody, ok: BadgeMappingView, summary: "Map the badge to a challenge (idempotent); answers every mapped challenge" }))
  .add(op.del("unmapBadgeChallenge", "/v2/badges/:id/map-challenge", { path: IdPath, query: Query({ challengeId: UuidStr }), ok: BadgeMappingView, summary: "Unmap the badge from a challenge (404 BADGE_NOT_MAPPED when it was not)" }))
  .add(op.get("badgeStats", "/v2/badges/:id/stats", { path: IdPath, ok: BadgeStatsView, summary: "How many athletes hold the badge, by challenge, and its mapped challenges" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("challenges.manage"))
  .annotate(OpenApi.Title, "Badges")
{}

export class PublicBadgesGroup extends HttpApiGroup.make("publicBadges")
  .add(op.get("publicBadge", "/v2/badges/:code/public", { path: Schema.Struct({ code: Schema.String }), ok: PublicBadgeView, summary: "An active badge by code, with how many athletes hold it (public)" }))
  .add(op.get("challengeBadges", "/v2/challenges/:id/badges", { path: IdPath, ok: Schema.Array(ChallengeBadge), summary: "The active badges a public challenge awards (public)" }))
  .annotate(OpenApi.Title, "Badges (public)")
{}

export class MyBadgesGroup extends HttpApiGroup.make("myBadges")
  .add(op.get("myChallengeBadges", "/v2/challenge-participations/badges/all", { ok: Schema.Array(MyBadgeView), summary: "The caller's badges, newest award first" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "My badges")
{}

