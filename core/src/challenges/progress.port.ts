/** Admins' verdicts on activities counted toward challenges (Postgres adapter in @podium/postgres). */
import type { ActivityValidation } from "@podium/kernel"
import { Context, type Effect } from "effect"

export class ActivityValidationRepo extends Context.Tag("@podium/core/challenges/ActivityValidationRepo")<ActivityValidationRepo, {
  /** Sets the verdict of one activity (insert or replace). */
  readonly set: (input: Omit<ActivityValidation, "validatedAt">) => Effect.Effect<ActivityValidation>
  /** The verdicts recorded for these activities (activities never judged are absent: PENDING). */
  readonly ofActivities: (activityIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<ActivityValidation>>
}>() {}
