/**
 * Challenge promo stories (C "Badges and challenges / Challenges"): the challenge's manager (its
 * creator's OWNER/ADMIN, or an admin with `challenges.manage`) posts a story — multipart `media`
 * (PNG, JPG or WEBP, 5 MB, checked by its bytes) and an optional `caption` — and deletes it; the
 * public lists the stories of a public challenge, newest first, each with a short-lived image URL.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { ChallengePromoStory, Form, Optional, says, StrLength } from "@podium/kernel"
import { Option, Schema } from "effect"
import { AdminsNeed, Authenticated, op, Requires } from "../common/index.js"

export const PromoStoryForm = HttpApiSchema.Multipart(
  Form({
    media: Multipart.SingleFileSchema.annotations(says("must be a single file")),
    caption: Optional(StrLength(1, 280))
  }),
  { maxFileSize: Option.some(5 * 1024 * 1024), maxParts: Option.some(3), maxFieldSize: 16 * 1024 }
)

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
