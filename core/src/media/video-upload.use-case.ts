/**
 * Video uploads, one piece for every scope (C "Challenges" and "Events" video-uploads): a short
 * video (MP4, MOV or WEBM up to 50 MB, recognised by its bytes; the declared content type is not
 * trusted) is stored in the blob store under an unguessable key and answered with a short-lived
 * private media URL. The record that comes to show it claims it (`claimVideoUpload`): a challenge
 * promo story created with `videoUploadId`, or an event gallery item added with `videoUploadId`.
 * The cleanup removes unclaimed uploads older than a day (rows first, then their blobs); a claim
 * and the cleanup race on one conditional row change, so a claimed upload never points at a
 * removed blob.
 */
import { DomainError, InputInvalid, type VideoUpload, type VideoUploadScope } from "@podium/kernel"
import { Clock, Effect, Option, Schema } from "effect"
import { SecureRandom } from "../identity/crypto.port.js"
import { BlobStore } from "./blob-store.port.js"
import { type Upload, VideoRule } from "./file-type.model.js"
import { mediaUrl } from "./media-token.model.js"
import { putUpload, uploadProblems } from "./stored-file.js"
import { type VideoClaimant, VideoUploadRepo } from "./video-upload.port.js"

/** How long an unclaimed upload is kept before the cleanup removes it. */
export const OrphanVideoAgeMs = 24 * 3_600_000

export class VideoUploadInvalid extends InputInvalid<VideoUploadInvalid>()("VideoUploadInvalid") {}

export class VideoUploadNotFound extends DomainError<VideoUploadNotFound>()("VideoUploadNotFound", { kind: "not-found", code: "VIDEO_UPLOAD_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Video upload not found"
  }
}

/** Another record claimed the upload first: one video backs one record. */
export class VideoUploadAlreadyClaimed extends DomainError<VideoUploadAlreadyClaimed>()(
  "VideoUploadAlreadyClaimed",
  { kind: "conflict", code: "VIDEO_UPLOAD_ALREADY_CLAIMED" },
  { id: Schema.String }
) {
  override get message() {
    return "This video upload is already used by another record"
  }
}

/** Key prefixes per scope (media tokens embed the key, so they stay short). */
const prefixes: Readonly<Record<VideoUploadScope, string>> = { challenge: "cv", event: "ev" }

const withUrl = (stored: VideoUpload) => Effect.map(mediaUrl(stored, "private"), (url) => ({ ...stored, url }))

/** Stores one checked video for `scope` (and the event it is for, for an event upload). */
export const uploadVideo = Effect.fn("media.videoUploads.upload")(function*(
  scope: VideoUploadScope,
  userId: string,
  upload: Upload | undefined,
  eventId: string | null = null
) {
  if (upload === undefined) return yield* new VideoUploadInvalid({ messages: ["file should not be empty"] })
  const problems = uploadProblems({ file: upload }, ["file"], VideoRule)
  if (problems.length > 0) return yield* new VideoUploadInvalid({ messages: problems })
  const file = yield* putUpload(prefixes[scope], "file", upload, VideoRule)
  const id = yield* Effect.flatMap(SecureRandom, (r) => r.uuid)
  const stored = yield* Effect.flatMap(VideoUploadRepo, (r) => r.create({ id, scope, eventId, userId, ...file })).pipe(
    Effect.onError(() => Effect.flatMap(BlobStore, (b) => b.remove(file.key)).pipe(Effect.ignore))
  )
  return yield* withUrl(stored)
})

/**
 * Claims an upload for the record `claimedBy` names: 404 VIDEO_UPLOAD_NOT_FOUND when it does not
 * exist, is of another scope, is not the claimant's or was already removed as an orphan; 409
 * VIDEO_UPLOAD_ALREADY_CLAIMED when another record holds it. Run it in the same unit of work as
 * the claimer's insert, so a claimer that cannot be saved leaves the upload unclaimed.
 */
export const claimVideoUpload = Effect.fn("media.videoUploads.claim")(function*(
  id: string,
  scope: VideoUploadScope,
  claimant: VideoClaimant,
  claimedBy: string
) {
  const repo = yield* VideoUploadRepo
  const claimed = yield* repo.claim(id, scope, claimant, claimedBy)
  if (Option.isSome(claimed)) return claimed.value
  const found = yield* repo.findById(id)
  const theirs = Option.filter(found, (u) =>
    u.scope === scope && (claimant.userId === undefined || u.userId === claimant.userId) && (claimant.eventId === undefined || u.eventId === claimant.eventId))
  if (Option.isSome(theirs) && theirs.value.claimedAt !== null) return yield* new VideoUploadAlreadyClaimed({ id })
  return yield* new VideoUploadNotFound({ id })
})

/** Forgets the upload behind `key` once its claimer is deleted (before the claimer removes the blob). */
export const releaseVideoUpload = (key: string) => Effect.flatMap(VideoUploadRepo, (r) => r.release(key))

/** Removes the unclaimed uploads of `scope` older than a day: the count and the cut-off used. */
export const cleanupVideoUploads = Effect.fn("media.videoUploads.cleanup")(function*(scope: VideoUploadScope) {
  const before = new Date((yield* Clock.currentTimeMillis) - OrphanVideoAgeMs)
  const removed = yield* Effect.flatMap(VideoUploadRepo, (r) => r.deleteOrphans(scope, before))
  // The rows are gone first, so a blob whose removal fails is at worst unreferenced, never served.
  yield* Effect.forEach(removed, (u) => Effect.flatMap(BlobStore, (b) => b.remove(u.key)), { discard: true, concurrency: 4 })
  return { removed: removed.length, before }
})
