/**
 * The scheduler view: the named periodic jobs of `AllSchedules` with their last run read from the
 * durable job queue, and `run`, which enqueues one run now (executed by a worker like any slot's
 * job). Needs `platform.operate`.
 */
import { type HttpApiGroup } from "@effect/platform"
import { NotFound } from "@podium/contracts/common"
import { PlatformApi } from "@podium/contracts/platform"
import { Platform } from "@podium/core"
import { AllSchedules } from "@podium/host-common"
import { DateTime, Duration, Effect, type Layer, Option } from "effect"
import type { PlatformHandlerServices } from "./platform-services.js"
import { apiGroup } from "../serving/served-groups.js"

const iso = (d: DateTime.Utc | null) => (d === null ? null : DateTime.formatIso(d))

export const jobRunView = (job: Platform.Job) => ({
  jobId: job.id,
  status: job.status,
  attempts: job.attempts,
  maxAttempts: job.maxAttempts,
  runAt: DateTime.formatIso(job.runAt),
  finishedAt: iso(job.finishedAt),
  lastError: job.lastError,
  progress: job.progress
})

const scheduleView = (s: Platform.ScheduleStatus) => {
  const last = Option.getOrNull(s.lastRun)
  return {
    name: s.name,
    description: s.description,
    schedule: Duration.format(s.every),
    everySeconds: Duration.toSeconds(s.every),
    lastRun: last === null ? null : jobRunView(last),
    lastOutcome: last === null ? null : last.status,
    nextRunAt: DateTime.formatIso(s.nextRunAt)
  }
}

export const SchedulerHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "scheduler">, never, PlatformHandlerServices> = apiGroup(PlatformApi, "scheduler", (handlers) =>
  Effect.gen(function*() {
    const queue = yield* Platform.JobQueue
    const find = (name: string) =>
      Effect.gen(function*() {
        const schedule = AllSchedules.find((s) => s.name === name)
        if (schedule === undefined) return yield* new NotFound({ message: `No scheduled job named ${name}` })
        return schedule
      })
    const status = (schedules: ReadonlyArray<Platform.ScheduledJob>) =>
      Platform.scheduleStatus(schedules).pipe(Effect.provideService(Platform.JobQueue, queue))
    return handlers
      .handle("listScheduledJobs", () =>
        Effect.gen(function*() {
          const data = (yield* status(AllSchedules)).map(scheduleView)
          return { data, count: data.length }
        }))
      .handle("getScheduledJob", ({ path }) =>
        Effect.gen(function*() {
          const schedule = yield* find(path.name)
          const [one] = yield* status([schedule])
          return scheduleView(one!)
        }))
      .handle("runScheduledJob", ({ path }) =>
        Effect.gen(function*() {
          const schedule = yield* find(path.name)
          const { job } = yield* queue.enqueue({
            name: schedule.name,
            payload: schedule.payload ?? { manual: true },
            maxAttempts: schedule.maxAttempts ?? 3
          })
          return { name: schedule.name, job: jobRunView(job) }
        }))
  }))
