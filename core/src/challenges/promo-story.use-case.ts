/**
 * Challenge promo stories: the challenge's manager posts an image (PNG, JPG or WEBP, 5 MB, checked
 * by its bytes) or a video uploaded beforehand (claimed by the story) with an optional caption; the image goes to the blob store first and is removed
 * again when the story cannot be kept, and with the story when it is deleted. The public reads the
 * stories of a public challenge with a short-lived URL to each image.
 */
import { type ChallengePromoStory, type PromoStoryReaction, PromoStoryReactionKind } from "@podium/kernel"
import { Effect, Option } from "effect"
import { isUuid } from "../organizers/tenancy.policy.js"
import type { Principal } from "../identity/principal.model.js"
import { BlobStore } from "../media/blob-store.port.js"
import { checkUpload, ImageRule, type Upload } from "../media/file-type.model.js"
import { mediaUrl } from "../media/media-token.model.js"
import { putUpload } from "../media/stored-file.js"
import { claimVideoUpload, releaseVideoUpload } from "../media/video-upload.use-case.js"
import { Transactor } from "../platform/transactor.port.js"
import { getPublicChallenge, managedChallenge } from "./challenge.use-case.js"
import { PromoStoryInvalid, PromoStoryNotFound } from "./promo-story.model.js"
import type { PageRequest } from "./challenge.port.js"
import { ChallengePromoStoryRepo, PromoStoryEngagementRepo } from "./promo-story.port.js"
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

/**
 * Posts a story showing either an uploaded image (`media`) or a video uploaded beforehand through
 * /v2/challenges/video-uploads (`videoUploadId`): the story claims the upload in the same unit of
 * work as its insert, so the cleanup can no longer remove it, and only the uploader may claim it.
 */
export const createChallengePromoStory = Effect.fn("challenges.promoStories.create")(function*(
  principal: Principal,
  id: string,
  input: { readonly media: Upload | undefined; readonly videoUploadId?: string | undefined; readonly caption: string | undefined }
) {
  const challenge = yield* managedChallenge(principal, id)
  // A caption of only spaces says nothing: it is stored as none rather than refused.
  const caption = input.caption?.trim() || null
  const messages: Array<string> = []
  if (caption !== null && caption.length > CaptionMax) messages.push(`caption must be at most ${CaptionMax} characters`)
  if (input.media === undefined && input.videoUploadId === undefined) messages.push("media should not be empty")
  if (input.media !== undefined && input.videoUploadId !== undefined) messages.push("media and videoUploadId must not both be given")
  if (input.media !== undefined && input.videoUploadId === undefined) {
    const checked = checkUpload("media", input.media, ImageRule)
    if ("error" in checked) messages.push(checked.error)
  }
  if (messages.length > 0) return yield* new PromoStoryInvalid({ messages })
  const story = input.videoUploadId !== undefined
    ? yield* withClaimedVideo(principal, challenge.id, input.videoUploadId, caption)
    : yield* withImage(principal, challenge.id, input.media!, caption)
  yield* audit(principal, "promo_story_created", story)
  return yield* viewOf(story)
})

const withImage = (principal: Principal, challengeId: string, media: Upload, caption: string | null) =>
  Effect.gen(function*() {
    const file = yield* putUpload("cs", "media", media, ImageRule)
    return yield* Effect.flatMap(ChallengePromoStoryRepo, (r) =>
      r.add({ challengeId, caption, mediaKey: file.key, mediaContentType: file.contentType, mediaSize: file.size, createdBy: principal.accountId })).pipe(
        Effect.onError(() => Effect.flatMap(BlobStore, (b) => b.remove(file.key)).pipe(Effect.ignore))
      )
  })

const withClaimedVideo = (principal: Principal, challengeId: string, videoUploadId: string, caption: string | null) =>
  Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const video = yield* claimVideoUpload(videoUploadId, "challenge", { userId: principal.accountId }, `challenge-promo-story:${challengeId}`)
      return yield* Effect.flatMap(ChallengePromoStoryRepo, (r) =>
        r.add({ challengeId, caption, mediaKey: video.key, mediaContentType: video.contentType, mediaSize: video.size, createdBy: principal.accountId }))
    })))

// The row is gone first, so no reader is left pointing at a missing file; a failed removal only leaves an orphan blob.
const removed = (principal: Principal, storyId: string, story: Option.Option<ChallengePromoStory>) =>
  Effect.gen(function*() {
    if (Option.isNone(story)) return yield* new PromoStoryNotFound({ id: storyId })
    // A story showing a claimed video lets its upload go first, so no upload points at the removed blob.
    yield* releaseVideoUpload(story.value.mediaKey)
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

// ---------------------------------------------------------------------------------------------
// What athletes do with a story, and what its author and the challenge's managers read of it.
// The spec lists only the reads; athletes view, react and reply through routes of our design.

const publicStory = (storyId: string) =>
  Effect.gen(function*() {
    const story = isUuid(storyId) ? yield* Effect.flatMap(ChallengePromoStoryRepo, (r) => r.findById(storyId)) : Option.none()
    if (Option.isNone(story)) return yield* new PromoStoryNotFound({ id: storyId })
    // A story of a draft, rejected or cancelled challenge is nobody's to see.
    yield* getPublicChallenge(story.value.challengeId).pipe(Effect.catchTag("ChallengeNotFound", () => new PromoStoryNotFound({ id: storyId })))
    return story.value
  })

/** A story of the challenge the caller manages (404 for a story of another challenge). */
const managedStory = (principal: Principal, id: string, storyId: string) =>
  Effect.gen(function*() {
    const challenge = yield* managedChallenge(principal, id)
    const story = isUuid(storyId) ? yield* Effect.flatMap(ChallengePromoStoryRepo, (r) => r.findById(storyId)) : Option.none()
    if (Option.isNone(story) || story.value.challengeId !== challenge.id) return yield* new PromoStoryNotFound({ id: storyId })
    return story.value
  })

/** A story the caller posted (404 for anyone else's). */
const ownStory = (principal: Principal, storyId: string) =>
  Effect.gen(function*() {
    const story = isUuid(storyId) ? yield* Effect.flatMap(ChallengePromoStoryRepo, (r) => r.findById(storyId)) : Option.none()
    if (Option.isNone(story) || story.value.createdBy !== principal.accountId) return yield* new PromoStoryNotFound({ id: storyId })
    return story.value
  })

/** Which story a read is about: one of a managed challenge, or one the caller posted. */
export type StoryRef = { readonly challengeId: string; readonly storyId: string } | { readonly storyId: string }
const storyOf = (principal: Principal, ref: StoryRef) =>
  "challengeId" in ref ? managedStory(principal, ref.challengeId, ref.storyId) : ownStory(principal, ref.storyId)

export const viewPromoStory = Effect.fn("challenges.promoStories.view")(function*(principal: Principal, storyId: string) {
  const story = yield* publicStory(storyId)
  yield* Effect.flatMap(PromoStoryEngagementRepo, (r) => r.view(story.id, principal.accountId))
  return { storyId: story.id, viewed: true as const }
})

export const reactToPromoStory = Effect.fn("challenges.promoStories.react")(function*(
  principal: Principal,
  storyId: string,
  reaction: PromoStoryReaction["reaction"]
) {
  const story = yield* publicStory(storyId)
  return yield* Effect.flatMap(PromoStoryEngagementRepo, (r) => r.react(story.id, principal.accountId, reaction))
})

export const removePromoStoryReaction = Effect.fn("challenges.promoStories.unreact")(function*(principal: Principal, storyId: string) {
  const story = yield* publicStory(storyId)
  const removed = yield* Effect.flatMap(PromoStoryEngagementRepo, (r) => r.unreact(story.id, principal.accountId))
  return { storyId: story.id, removed }
})

export const replyToPromoStory = Effect.fn("challenges.promoStories.reply")(function*(principal: Principal, storyId: string, text: string) {
  const trimmed = text.trim()
  if (trimmed.length === 0) return yield* new PromoStoryInvalid({ messages: ["text should not be empty"] })
  const story = yield* publicStory(storyId)
  return yield* Effect.flatMap(PromoStoryEngagementRepo, (r) => r.reply(story.id, principal.accountId, trimmed))
})

const ReactionKinds = PromoStoryReactionKind.literals

/**
 * A story's insights: views and unique viewers, reactions by kind (every kind listed), replies,
 * and the engagement rate — the share of unique viewers who reacted or replied, in percent.
 */
export const promoStoryInsights = Effect.fn("challenges.promoStories.insights")(function*(principal: Principal, ref: StoryRef) {
  const story = yield* storyOf(principal, ref)
  const c = yield* Effect.flatMap(PromoStoryEngagementRepo, (r) => r.counts(story.id))
  const byReaction = Object.fromEntries(ReactionKinds.map((k) => [k, c.reactions[k] ?? 0])) as Record<PromoStoryReaction["reaction"], number>
  return {
    storyId: story.id,
    challengeId: story.challengeId,
    views: c.views,
    uniqueViewers: c.uniqueViewers,
    reactions: { total: Object.values(byReaction).reduce((a, b) => a + b, 0), byReaction },
    replies: c.replies,
    engagementRate: c.uniqueViewers === 0 ? 0 : Math.round((Math.min(c.engagedAthletes, c.uniqueViewers) / c.uniqueViewers) * 1000) / 10
  }
})

export const promoStoryReactions = Effect.fn("challenges.promoStories.reactions")(function*(principal: Principal, ref: StoryRef, page: PageRequest) {
  const story = yield* storyOf(principal, ref)
  return yield* Effect.flatMap(PromoStoryEngagementRepo, (r) => r.reactions(story.id, page))
})

export const promoStoryReplies = Effect.fn("challenges.promoStories.replies")(function*(principal: Principal, ref: StoryRef, page: PageRequest) {
  const story = yield* storyOf(principal, ref)
  return yield* Effect.flatMap(PromoStoryEngagementRepo, (r) => r.replies(story.id, page))
})
