/**
 * Challenge promo stories: the challenge's manager posts an image (PNG, JPG or WEBP, 5 MB, checked
 * by its bytes) with an optional caption; the image goes to the blob store first and is removed
 * again when the story cannot be kept, and with the story when it is deleted. The public reads the
 * stories of a public challenge with a short-lived URL to each image.
 */
import type { ChallengePromoStory } from "@podium/kernel"
import { Effect, Option } from "effect"
import { isUuid } from "../organizers/tenancy.policy.js"
import type { Principal } from "../identity/principal.model.js"
import { BlobStore } from "../media/blob-store.port.js"
import { checkUpload, ImageRule, type Upload } from "../media/file-type.model.js"
import { mediaUrl } from "../media/media-token.model.js"
import { putUpload } from "../media/stored-file.js"
import { getPublicChallenge, managedChallenge } from "./challenge.use-case.js"
import { PromoStoryInvalid, PromoStoryNotFound } from "./promo-story.model.js"
import { ChallengePromoStoryRepo } from "./promo-story.port.js"
import { auditSubject } from "../platform/audit-subject.js"

const CaptionMax = 280

const viewOf = (story: ChallengePromoStory) =>
  Effect.map(mediaUrl({ key: story.mediaKey, contentType: story.mediaContentType }, "public"), (mediaUrl) => ({ ...story, mediaUrl }))

const audit = (principal: Principal, action: string, s: ChallengePromoStory) =>
  auditSubject(`challenges.challenge.${action}`, principal, { kind: "challenge", id: s.challengeId }, { data: { storyId: s.id, mediaKey: s.mediaKey } })

/** The stories of a public challenge, newest first (404 for a draft, rejected or cancelled one). */
export const challengePromoStories = Effect.fn("challenges.promoStories.list")(function*(id: string) {
  const challenge = yield* getPublicChallenge(id)
  const stories = yield* Effect.flatMap(ChallengePromoStoryRepo, (r) => r.ofChallenge(challenge.id))
  return yield* Effect.forEach(stories, viewOf)
})

export const createChallengePromoStory = Effect.fn("challenges.promoStories.create")(function*(
  principal: Principal,
  id: string,
  input: { readonly media: Upload; readonly caption: string | undefined }
) {
  const challenge = yield* managedChallenge(principal, id)
  // A caption of only spaces says nothing: it is stored as none rather than refused.
  const caption = input.caption?.trim() || null
  const messages: Array<string> = []
  if (caption !== null && caption.length > CaptionMax) messages.push(`caption must be at most ${CaptionMax} characters`)
  const checked = checkUpload("media", input.media, ImageRule)
  if ("error" in checked) messages.push(checked.error)
  if (messages.length > 0) return yield* new PromoStoryInvalid({ messages })
  const file = yield* putUpload("cs", "media", input.media, ImageRule)
  const story = yield* Effect.flatMap(ChallengePromoStoryRepo, (r) =>
    r.add({ challengeId: challenge.id, caption, mediaKey: file.key, mediaContentType: file.contentType, mediaSize: file.size, createdBy: principal.accountId })).pipe(
      Effect.onError(() => Effect.flatMap(BlobStore, (b) => b.remove(file.key)).pipe(Effect.ignore))
    )
  yield* audit(principal, "promo_story_created", story)
  return yield* viewOf(story)
})

// The row is gone first, so no reader is left pointing at a missing file; a failed removal only leaves an orphan blob.
const removed = (principal: Principal, storyId: string, story: Option.Option<ChallengePromoStory>) =>
  Effect.gen(function*() {
    if (Option.isNone(story)) return yield* new PromoStoryNotFound({ id: storyId })
    yield* Effect.flatMap(BlobStore, (b) => b.remove(story.value.mediaKey)).pipe(Effect.ignore)
    yield* audit(principal, "promo_story_deleted", story.value)
    return { id: storyId, deleted: true as const }
  })

export const deleteChallengePromoStory = Effect.fn("challenges.promoStories.delete")(function*(principal: Principal, id: string, storyId: string) {
  const challenge = yield* managedChallenge(principal, id)
  const story = isUuid(storyId) ? yield* Effect.flatMap(ChallengePromoStoryRepo, (r) => r.remove(challenge.id, storyId)) : Option.none()
  return yield* removed(principal, storyId, story)
})

/** The stories the caller posted, on every challenge, newest first. */
export const myPromoStories = Effect.fn("challenges.promoStories.mine")(function*(principal: Principal) {
  const stories = yield* Effect.flatMap(ChallengePromoStoryRepo, (r) => r.ofCreator(principal.accountId))
  return yield* Effect.forEach(stories, viewOf)
})

/**
 * Deletes a story the caller posted. Its author may take it down even after losing the right to
 * manage the challenge; another manager deletes it through the challenge's own path.
 */
export const deleteMyPromoStory = Effect.fn("challenges.promoStories.deleteMine")(function*(principal: Principal, storyId: string) {
  const story = isUuid(storyId) ? yield* Effect.flatMap(ChallengePromoStoryRepo, (r) => r.removeOwn(principal.accountId, storyId)) : Option.none()
  return yield* removed(principal, storyId, story)
})
