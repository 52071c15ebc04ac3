/**
 * Challenge promo stories (C "Badges and challenges / Challenges"): the challenge's manager (its
 * creator's OWNER/ADMIN, or an admin with `challenges.manage`) posts a story — multipart `media`
 * (PNG, JPG or WEBP, 5 MB, checked by its bytes) and an optional `caption` — and deletes it; the
 * public lists the stories of a public challenge, newest first, each with a short-lived image URL.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { ChallengePromoStory, Form, Optional, says, StrLength, UuidStr } from "@podium/kernel"
import { Option, Schema } from "effect"
import { AdminsNeed, Authenticated, op, Requires } from "../common/index.js"

const StoryFields = {
  media: Multipart.SingleFileSchema.annotations(says("must be a single file")),
  caption: Optional(StrLength(1, 280))
}
const StoryLimits = { maxFileSize: Option.some(5 * 1024 * 1024), maxParts: Option.some(4), maxFieldSize: 16 * 1024 }
export const PromoStoryForm = HttpApiSchema.Multipart(Form(StoryFields), StoryLimits)
/** The caller's story form names the challenge it promotes. */
export const MyPromoStoryForm = HttpApiSchema.Multipart(Form({ challengeId: UuidStr, ...StoryFields }), StoryLimits)

/** The stored story and a short-lived signed `/v2/media/content/…` URL of its image. */
export const ChallengePromoStoryView = Schema.Struct({ ...ChallengePromoStory.fields, mediaUrl: Schema.String }).annotations({ identifier: "ChallengePromoStoryView" })

const IdPath = Schema.Struct({ id: Schema.String })
const Managers = AdminsNeed("challenges.manage")

export class ChallengePromoStoriesGroup extends HttpApiGroup.make("challengePromoStories")
  .add(op.get("challengePromoStories", "/v2/challenges/:id/promo-stories", { path: IdPath, ok: Schema.Array(ChallengePromoStoryView), summary: "The promo stories of a public challenge, newest first (public)" }))
  .add(op.post("createChallengePromoStory", "/v2/challenges/:id/promo-story", { path: IdPath, body: PromoStoryForm, ok: ChallengePromoStoryView, status: 201, summary: "Post a promo story (multipart media: PNG, JPG or WEBP, 5 MB; optional caption up to 280 characters)" }).middleware(Authenticated).annotate(Requires, Managers))
  .add(op.del("deleteChallengePromoStory", "/v2/challenges/:id/promo-stories/:storyId", { path: Schema.Struct({ id: Schema.String, storyId: Schema.String }), ok: Schema.Struct({ id: Schema.String, deleted: Schema.Literal(true) }), summary: "Delete a promo story and its image (404 PROMO_STORY_NOT_FOUND)" }).middleware(Authenticated).annotate(Requires, Managers))
  .annotate(OpenApi.Title, "Challenge promo stories")
{}

/** The caller's own promo stories across challenges (C "Badges and challenges / Promo stories"). */
export class MyPromoStoriesGroup extends HttpApiGroup.make("myPromoStories")
  .add(op.get("myPromoStories", "/v2/challenges/promo-stories", { ok: Schema.Array(ChallengePromoStoryView), summary: "The promo stories the caller posted, on every challenge, newest first" }))
  .add(op.post("createMyPromoStory", "/v2/challenges/promo-stories", { body: MyPromoStoryForm, ok: ChallengePromoStoryView, status: 201, summary: "Post a promo story for a challenge the caller manages (multipart challengeId, media: PNG, JPG or WEBP, 5 MB; optional caption)" }))
  .add(op.del("deleteMyPromoStory", "/v2/challenges/promo-stories/:id", { path: IdPath, ok: Schema.Struct({ id: Schema.String, deleted: Schema.Literal(true) }), summary: "Delete a promo story the caller posted, with its image (404 PROMO_STORY_NOT_FOUND)" }))
  .middleware(Authenticated)
  .annotate(Requires, Managers)
  .annotate(OpenApi.Title, "Promo stories")
{}
