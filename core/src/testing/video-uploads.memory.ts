/**
 * In-memory twin of the video uploads, with the Postgres adapter's visible rules: a claim only takes
 * an unclaimed upload of its scope and claimant, and an orphan is removed by one cleanup only.
 */
import type { VideoUpload } from "@podium/kernel"
import { Clock, Effect, Layer, Option } from "effect"
import { VideoUploadRepo } from "../media/video-upload.port.js"

export const VideoUploadRepoMemory: Layer.Layer<VideoUploadRepo> = Layer.sync(VideoUploadRepo, () => {
  const uploads = new Map<string, VideoUpload>()
  return VideoUploadRepo.of({
    create: (input) =>
      Effect.map(Clock.currentTimeMillis, (ms) => {
        const row: VideoUpload = { ...input, claimedBy: null, claimedAt: null, createdAt: new Date(ms) }
        uploads.set(row.id, row)
        return row
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(uploads.get(id))),
    // Synchronous between the check and the write, like the adapter's conditional update.
    claim: (id, scope, claimant, claimedBy) =>
      Effect.map(Clock.currentTimeMillis, (ms) => {
        const u = uploads.get(id)
        if (
          u === undefined || u.claimedAt !== null || u.scope !== scope ||
          (claimant.userId !== undefined && u.userId !== claimant.userId) ||
          (claimant.eventId !== undefined && u.eventId !== claimant.eventId)
        ) return Option.none()
        const claimed: VideoUpload = { ...u, claimedBy, claimedAt: new Date(ms) }
        uploads.set(id, claimed)
        return Option.some(claimed)
      }),
    release: (key) =>
      Effect.sync(() => {
        const u = [...uploads.values()].find((x) => x.key === key)
        if (u === undefined) return Option.none()
        uploads.delete(u.id)
        return Option.some(u)
      }),
    deleteOrphans: (scope, before) =>
      Effect.sync(() => {
        const orphans = [...uploads.values()].filter((u) => u.scope === scope && u.claimedAt === null && u.createdAt.getTime() < before.getTime())
        for (const u of orphans) uploads.delete(u.id)
        return orphans
      })
  })
})
