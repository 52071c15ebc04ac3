/** In-memory twin of the challenge video uploads, with the Postgres adapter's visible rule: an orphan is removed by one cleanup only. */
import type { ChallengeVideoUpload } from "@podium/kernel"
import { Clock, Effect, Layer } from "effect"
import { ChallengeVideoUploadRepo } from "../challenges/video-upload.port.js"

export const ChallengeVideoUploadRepoMemory: Layer.Layer<ChallengeVideoUploadRepo> = Layer.sync(ChallengeVideoUploadRepo, () => {
  const uploads = new Map<string, ChallengeVideoUpload>()
  return ChallengeVideoUploadRepo.of({
    create: (input) =>
      Effect.map(Clock.currentTimeMillis, (ms) => {
        const row: ChallengeVideoUpload = { ...input, claimedAt: null, createdAt: new Date(ms) }
        uploads.set(row.id, row)
        return row
      }),
    // Synchronous, so two cleanups cannot interleave between the read and the delete.
    deleteOrphans: (before) =>
      Effect.sync(() => {
        const orphans = [...uploads.values()].filter((u) => u.claimedAt === null && u.createdAt.getTime() < before.getTime())
        for (const u of orphans) uploads.delete(u.id)
        return orphans
      })
  })
})
