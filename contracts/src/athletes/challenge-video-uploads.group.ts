/**
 * Challenge video uploads (C "Challenges" video-uploads): a signed-in user (the creators who post
 * promo stories; admins need challenges.manage) uploads a short video for a promo story (multipart
 * `file`: MP4, MOV or WEBM, 50 MB, checked by its bytes) and gets a private media URL; a promo story
 * created with `videoUploadId` claims it. Admins with challenges.manage remove unclaimed uploads
 * older than a day.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { Form, Optional, says, VideoCleanup, VideoUploadView } from "@podium/kernel"
import { Option } from "effect"
import { AdminPermission, AdminsNeed, Authenticated, op, Requires } from "../common/index.js"

// One file of at most 50 MB is accepted (checked by its bytes); the parser stops a little above that.
const VideoUploadLimits = { maxFileSize: Option.some(60 * 1024 * 1024), maxParts: Option.some(5), maxFieldSize: 64 * 1024 }
export const ChallengeVideoForm = HttpApiSchema.Multipart(Form({ file: Optional(Multipart.SingleFileSchema.annotations(says("must be a single file"))) }), VideoUploadLimits)

export class ChallengeVideoUploadsGroup extends HttpApiGroup.make("challengeVideoUploads")
  .add(op.post("uploadChallengeVideo", "/v2/challenges/video-uploads", { body: ChallengeVideoForm, ok: VideoUploadView, status: 201, summary: "Upload a promo story video (multipart `file`: MP4, MOV or WEBM, 50 MB); a story created with its id claims it, unclaimed uploads are removed after a day" }).middleware(Authenticated).annotate(Requires, AdminsNeed("challenges.manage")))
  .add(op.post("cleanupChallengeVideos", "/v2/challenges/video-uploads/cleanup", { ok: VideoCleanup, summary: "Remove video uploads no promo story claimed that are older than a day (rows, then their blobs): the count removed and the cut-off" }).middleware(Authenticated).annotate(Requires, AdminPermission("challenges.manage")))
  .annotate(OpenApi.Title, "Challenges / Video uploads")
{}
