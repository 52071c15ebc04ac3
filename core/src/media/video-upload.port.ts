/** Repository of video uploads, shared by every scope (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { VideoUpload, VideoUploadScope } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"

/** Who may claim an upload: its uploader (challenge stories), or any manager of the event it was uploaded for. */
export interface VideoClaimant {
  readonly userId?: string | undefined
  readonly eventId?: string | undefined
}

export class VideoUploadRepo extends Context.Tag("@podium/core/media/VideoUploadRepo")<VideoUploadRepo, {
  readonly create: (input: Omit<VideoUpload, "createdAt" | "claimedAt" | "claimedBy">) => Effect.Effect<VideoUpload>
  readonly findById: (id: string) => Effect.Effect<Option.Option<VideoUpload>>
  /**
   * Marks the upload claimed by `claimedBy` only if it is still unclaimed, of `scope` and the
   * claimant's (one conditional update): none when another claim or the cleanup got there first.
   */
  readonly claim: (id: string, scope: VideoUploadScope, claimant: VideoClaimant, claimedBy: string) => Effect.Effect<Option.Option<VideoUpload>>
  /** Forgets the upload stored under `key` (its claimer is gone); none when no upload holds that key. */
  readonly release: (key: string) => Effect.Effect<Option.Option<VideoUpload>>
  /**
   * Deletes every unclaimed upload of `scope` created before `before` and answers the deleted rows
   * (each row is deleted by one caller only, so two cleanups at once never both report the same file).
   */
  readonly deleteOrphans: (scope: VideoUploadScope, before: Date) => Effect.Effect<ReadonlyArray<VideoUpload>>
}>() {}
