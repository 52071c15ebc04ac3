import { Platform } from "@podium/core"
import { Effect, Layer } from "effect"

/** Forks the scheduler loop for `schedules` in the layer's scope; closing the scope stops it. */
export const makeSchedulerLoop = (
  schedules: ReadonlyArray<Platform.ScheduledJob>,
  options: { readonly tickInterval?: import("effect").Duration.DurationInput } = {}
): Layer.Layer<never, never, Platform.JobQueue> =>
  Layer.scopedDiscard(Effect.forkScoped(Platform.runScheduler({ schedules, ...options })))
