/** Repository of challenge video uploads (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { ChallengeVideoUpload } from "@podium/kernel"
import { Context, type Effect } from "effect"

export class ChallengeVideoUploadRepo extends Context.Tag("@podium/core/challenges/ChallengeVideoUploadRepo")<ChallengeVideoUploadRepo, {
  readonly create: (input: Omit<ChallengeVideoUpload, "createdAt" | "claimedAt">) => Effect.Effect<ChallengeVideoUpload>
  /**
   * Deletes every unclaimed upload created before `before` and answers the deleted rows (each row
   * is deleted by one caller only, so two cleanups at once never both report the same file).
   */
  readonly deleteOrphans: (before: Date) => Effect.Effect<ReadonlyArray<ChallengeVideoUpload>>
}>() {}
