/**
 * Challenge promo stories (C "Badges and challenges / Challenges"): the challenge's manager (its
 * creator's OWNER/ADMIN, or an admin with `challenges.manage`) posts a story — multipart `media`
 * (PNG, JPG or WEBP, 5 MB, checked by its bytes) and an optional `caption` — and deletes it; the
 * public lists the stories of a public challenge, newest first, each with a short-lived image URL.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { Body, ChallengePromoStory, Form, Optional, PromoStoryReaction, PromoStoryReactionKind, PromoStoryReply, Query, says, StrLength, UuidStr } from "@podium/kernel"
import { Option, Schema } from "effect"
import { AdminsNeed, Authenticated, op, PageOf, PageParams, Requires, Role } from "../common/index.js"

// Exactly one of `media` (an image) and `videoUploadId` (a video uploaded through
// /v2/challenges/video-uploads, claimed by the story); the use case says which is missing.
const StoryFields = {
  media: Optional(Multipart.SingleFileSchema.annotations(says("must be a single file"))),
  videoUploadId: Optional(UuidStr),
  caption: Optional(StrLength(1, 280))
}
const StoryLimits = { maxFileSize: Option.some(5 * 1024 * 1024), maxParts: Option.some(4), maxFieldSize: 16 * 1024 }
export const PromoStoryForm = HttpApiSchema.Multipart(Form(StoryFields), StoryLimits)
/** The caller's story form names the challenge it promotes. */
export const MyPromoStoryForm = HttpApiSchema.Multipart(Form({ challengeId: UuidStr, ...StoryFields }), StoryLimits)

/** The stored story and a short-lived signed `/v2/media/content/…` URL of its image. */
export const ChallengePromoStoryView = Schema.Struct({ ...ChallengePromoStory.fields, mediaUrl: Schema.String }).annotations({ identifier: "ChallengePromoStoryView" })

const IdPath = Schema.Struct({ id: Schema.String })
const StoryPath = Schema.Struct({ id: Schema.String, storyId: Schema.String })
const Managers = AdminsNeed("challenges.manage")

export const PromoStoryInsightsView = Schema.Struct({
  storyId: Schema.String,
  challengeId: Schema.String,
  /** Every time the story was seen. */
  views: Schema.Int,
  /** Athletes who saw it, each once. */
  uniqueViewers: Schema.Int,
  reactions: Schema.Struct({ total: Schema.Int, byReaction: Schema.Record({ key: PromoStoryReactionKind, value: Schema.Int }) }),
  replies: Schema.Int,
  /** Unique viewers who reacted or replied, in percent (one decimal). */
  engagementRate: Schema.Number
}).annotations({ identifier: "PromoStoryInsights" })
const ReactionPage = PageOf(PromoStoryReaction)
const ReplyPage = PageOf(PromoStoryReply)
const Paged = Query(PageParams)

export class ChallengePromoStoriesGroup extends HttpApiGroup.make("challengePromoStories")
  .add(op.get("challengePromoStories", "/v2/challenges/:id/promo-stories", { path: IdPath, ok: Schema.Array(ChallengePromoStoryView), summary: "The promo stories of a public challenge, newest first (public)" }))
  .add(op.post("createChallengePromoStory", "/v2/challenges/:id/promo-story", { path: IdPath, body: PromoStoryForm, ok: ChallengePromoStoryView, status: 201, summary: "Post a promo story (multipart media: PNG, JPG or WEBP, 5 MB, or videoUploadId of the caller's video upload, which the story claims: 404 VIDEO_UPLOAD_NOT_FOUND, 409 VIDEO_UPLOAD_ALREADY_CLAIMED; optional caption up to 280 characters)" }).middleware(Authenticated).annotate(Requires, Managers))
  .add(op.get("challengePromoStoryInsights", "/v2/challenges/:id/promo-stories/:storyId/insights", { path: StoryPath, ok: PromoStoryInsightsView, summary: "A story's views, unique viewers, reactions by kind, replies and engagement rate (the challenge's managers)" }).middleware(Authenticated).annotate(Requires, Managers))
  .add(op.get("challengePromoStoryReactions", "/v2/challenges/:id/promo-stories/:storyId/reactions", { path: StoryPath, query: Paged, ok: ReactionPage, summary: "Who reacted to a story and how, newest first (the challenge's managers)" }).middleware(Authenticated).annotate(Requires, Managers))
  .add(op.get("challengePromoStoryReplies", "/v2/challenges/:id/promo-stories/:storyId/replies", { path: StoryPath, query: Paged, ok: ReplyPage, summary: "Athletes' replies to a story, newest first (the challenge's managers)" }).middleware(Authenticated).annotate(Requires, Managers))
  .add(op.del("deleteChallengePromoStory", "/v2/challenges/:id/promo-stories/:storyId", { path: StoryPath, ok: Schema.Struct({ id: Schema.String, deleted: Schema.Literal(true) }), summary: "Delete a promo story and its image (404 PROMO_STORY_NOT_FOUND)" }).middleware(Authenticated).annotate(Requires, Managers))
  .annotate(OpenApi.Title, "Challenge promo stories")
{}

/** The caller's own promo stories across challenges (C "Badges and challenges / Promo stories"). */
export class MyPromoStoriesGroup extends HttpApiGroup.make("myPromoStories")
  .add(op.get("myPromoStories", "/v2/challenges/promo-stories", { ok: Schema.Array(ChallengePromoStoryView), summary: "The promo stories the caller posted, on every challenge, newest first" }))
  .add(op.post("createMyPromoStory", "/v2/challenges/promo-stories", { body: MyPromoStoryForm, ok: ChallengePromoStoryView, status: 201, summary: "Post a promo story for a challenge the caller manages (multipart challengeId, media: PNG, JPG or WEBP, 5 MB, or videoUploadId of the caller's video upload; optional caption)" }))
  .add(op.del("deleteMyPromoStory", "/v2/challenges/promo-stories/:id", { path: IdPath, ok: Schema.Struct({ id: Schema.String, deleted: Schema.Literal(true) }), summary: "Delete a promo story the caller posted, with its image (404 PROMO_STORY_NOT_FOUND)" }))
  .add(op.get("myPromoStoryInsights", "/v2/challenges/promo-stories/:id/insights", { path: IdPath, ok: PromoStoryInsightsView, summary: "A story the caller posted: views, unique viewers, reactions by kind, replies and engagement rate" }))
  .add(op.get("myPromoStoryReactions", "/v2/challenges/promo-stories/:id/reactions", { path: IdPath, query: Paged, ok: ReactionPage, summary: "Who reacted to a story the caller posted, newest first" }))
  .add(op.get("myPromoStoryReplies", "/v2/challenges/promo-stories/:id/replies", { path: IdPath, query: Paged, ok: ReplyPage, summary: "Athletes' replies to a story the caller posted, newest first" }))
  .middleware(Authenticated)
  .annotate(Requires, Managers)
  .annotate(OpenApi.Title, "Promo stories")
{}

/**
 * What athletes do with a story of a public challenge: see it, react (one reaction each, a new one
 * replaces it) and reply to its author. The spec lists only the reads of these; the writes are our
 * design, so insights, reactions and replies have something real to read.
 */
export class PromoStoryEngagementGroup extends HttpApiGroup.make("promoStoryEngagement")
  .add(op.post("viewPromoStory", "/v2/challenges/promo-stories/:id/views", { path: IdPath, ok: Schema.Struct({ storyId: Schema.String, viewed: Schema.Literal(true) }), summary: "Count a view of a story by the caller (the first makes them a viewer)" }))
  .add(op.post("reactToPromoStory", "/v2/challenges/promo-stories/:id/reactions", { path: IdPath, body: Body({ reaction: PromoStoryReactionKind }), ok: PromoStoryReaction, summary: "React to a story (LIKE, LOVE, FIRE, CLAP or STRONG); a new reaction replaces the caller's earlier one" }))
  .add(op.del("removePromoStoryReaction", "/v2/challenges/promo-stories/:id/reactions", { path: IdPath, ok: Schema.Struct({ storyId: Schema.String, removed: Schema.Boolean }), summary: "Take back the caller's reaction (removed: false when there was none)" }))
  .add(op.post("replyToPromoStory", "/v2/challenges/promo-stories/:id/replies", { path: IdPath, body: Body({ text: StrLength(1, 500) }), ok: PromoStoryReply, status: 201, summary: "Reply to a story's author (1–500 characters; seen by the author and the challenge's managers only)" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Promo story engagement")
  .annotate(OpenApi.Description, "404 PROMO_STORY_NOT_FOUND for a story that is gone or whose challenge is not public.")
{}
