/**
 * Challenge video uploads (C "Challenges" video-uploads): a signed-in user (an admin with
 * challenges.manage) uploads one short video for a challenge promo story: MP4, MOV or WEBM up to
 * 50 MB, recognised by its bytes (the declared content type is not trusted), stored in the blob
 * store under an unguessable key and answered with a short-lived private media URL. An upload is
 * claimed (`claimedAt`) by the record that comes to use it; promo stories carry one image today, so
 * nothing claims a video yet and every upload stays unclaimed until the cleanup admins run removes
 * unclaimed uploads older than a day (rows first, then their blobs).
 */
import type { ChallengeVideoUpload } from "@podium/kernel"
import { Clock, Effect, Schema } from "effect"
import { DomainError } from "@podium/kernel"
import { SecureRandom } from "../identity/crypto.port.js"
import { BlobStore } from "../media/blob-store.port.js"
import { type Upload, VideoRule } from "../media/file-type.model.js"
import { mediaUrl } from "../media/media-token.model.js"
import { putUpload, uploadProblems } from "../media/stored-file.js"
import { ChallengeVideoUploadRepo } from "./video-upload.port.js"

/** How long an unclaimed upload is kept before the cleanup removes it. */
export const OrphanVideoAgeMs = 24 * 3_600_000

export class ChallengeVideoInvalid extends DomainError<ChallengeVideoInvalid>()("ChallengeVideoInvalid", { kind: "invalid", messages: (e) => e.messages }, {
  messages: Schema.Array(Schema.String)
}) {
  override get message() {
    return this.messages.join("; ")
  }
}

const withUrl = (stored: ChallengeVideoUpload) => Effect.map(mediaUrl(stored, "private"), (url) => ({ ...stored, url }))

export const uploadChallengeVideo = Effect.fn("challenges.uploadVideo")(function*(userId: string, upload: Upload | undefined) {
  if (upload === undefined) return yield* new ChallengeVideoInvalid({ messages: ["file should not be empty"] })
  const problems = uploadProblems({ file: upload }, ["file"], VideoRule)
  if (problems.length > 0) return yield* new ChallengeVideoInvalid({ messages: problems })
  const file = yield* putUpload("cv", "file", upload, VideoRule)
  const id = yield* Effect.flatMap(SecureRandom, (r) => r.uuid)
  const stored = yield* Effect.flatMap(ChallengeVideoUploadRepo, (r) => r.create({ id, userId, ...file }))
  return yield* withUrl(stored)
})

/** Removes unclaimed uploads older than a day: the count and the cut-off used. */
export const cleanupChallengeVideoUploads = Effect.gen(function*() {
  const before = new Date((yield* Clock.currentTimeMillis) - OrphanVideoAgeMs)
  const removed = yield* Effect.flatMap(ChallengeVideoUploadRepo, (r) => r.deleteOrphans(before))
  // The rows are gone first, so a blob whose removal fails is at worst unreferenced, never served.
  yield* Effect.forEach(removed, (u) => Effect.flatMap(BlobStore, (b) => b.remove(u.key)), { discard: true, concurrency: 4 })
  return { removed: removed.length, before }
}).pipe(Effect.withSpan("challenges.cleanupVideoUploads"))
