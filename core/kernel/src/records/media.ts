/** Records of the media context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { OneOf, UuidStr } from "../validation.js"

/** What a video upload is for: a challenge promo story, or an event (its gallery). */
export const VideoUploadScope = OneOf("challenge", "event")
export type VideoUploadScope = typeof VideoUploadScope.Type

/**
 * A short video uploaded ahead of the record that will show it (the bytes live in the blob store).
 * It stays unclaimed (`claimedAt` null) until that record takes it — a promo story for a
 * `challenge` upload, the event's gallery for an `event` upload (`eventId` names the event it was
 * uploaded for) — and `claimedBy` says which record did. Unclaimed uploads older than a day are
 * orphans the cleanup removes.
 */
export const VideoUpload = Schema.Struct({
  id: UuidStr,
  scope: VideoUploadScope,
  eventId: Schema.NullOr(UuidStr),
  userId: UuidStr,
  key: Schema.String,
  contentType: Schema.String,
  fileName: Schema.String,
  size: Schema.Int,
  claimedBy: Schema.NullOr(Schema.String),
  claimedAt: Schema.NullOr(Instant),
  createdAt: Instant
}).annotations({ identifier: "VideoUpload" })
export interface VideoUpload extends Schema.Schema.Type<typeof VideoUpload> {}

/** An upload as its uploader sees it: the record and a short-lived private media URL of the video. */
export const VideoUploadView = Schema.Struct({ ...VideoUpload.fields, url: Schema.String }).annotations({ identifier: "VideoUploadView" })

/** What a cleanup removed: how many unclaimed uploads, and the cut-off (older than this). */
export const VideoCleanup = Schema.Struct({ removed: Schema.Number, before: Instant }).annotations({ identifier: "VideoCleanup" })
