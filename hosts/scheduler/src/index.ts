/** @podium/scheduler — enqueues named periodic jobs once per slot; its loop layer is reused by the all-in-one HTTP host. */
import type { Platform } from "@podium/core"
import { AllSchedules } from "@podium/host-common"
import type { Layer } from "effect"
import { makeSchedulerLoop } from "./scheduler-loop.layer.js"

export * from "./scheduler-loop.layer.js"

/** The scheduler loop over every registered schedule (AllSchedules). */
export const SchedulerLoop: Layer.Layer<never, never, Platform.JobQueue> = makeSchedulerLoop(AllSchedules)
