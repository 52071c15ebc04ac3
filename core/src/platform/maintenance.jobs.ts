/**
 * The platform's own day-one jobs: pruning finished jobs and a heartbeat that proves the
 * scheduler → queue → worker pipeline is alive (and logs queue depth for dashboards).
 */
import { DateTime, Duration, Effect } from "effect"
import type { JobHandler } from "./job-handlers.js"
import { JobQueue } from "./job-queue.port.js"
import type { ScheduledJob } from "./schedule.model.js"

export const PruneJobsName = "platform.jobs.prune"
export const HeartbeatName = "platform.heartbeat"

/** SUCCEEDED jobs are kept 7 days, DEAD jobs 30 days (long enough to investigate). */
export const JobRetention = { succeeded: Duration.days(7), dead: Duration.days(30) } as const

/** Deletes finished jobs past their retention; returns how many were deleted. */
export const pruneJobs = Effect.fn("platform.jobs.prune")(function*() {
  const queue = yield* JobQueue
  const now = yield* DateTime.now
  const deleted = yield* queue.prune({
    succeededBefore: DateTime.subtractDuration(now, JobRetention.succeeded),
    deadBefore: DateTime.subtractDuration(now, JobRetention.dead)
  })
  yield* Effect.logInfo(`pruned ${deleted} finished job(s)`)
  return deleted
})

/** Logs a heartbeat with the queue's counts by status. */
export const recordHeartbeat = Effect.fn("platform.heartbeat")(function*() {
  const queue = yield* JobQueue
  const counts = yield* queue.counts
  yield* Effect.logInfo("platform heartbeat").pipe(Effect.annotateLogs({ heartbeat: true, jobs: counts }))
  return counts
})

/** Handlers of the platform's own jobs, bound to the JobQueue in context. */
export const platformJobHandlers: Effect.Effect<Readonly<Record<string, JobHandler>>, never, JobQueue> = Effect.map(
  JobQueue,
  (queue): Readonly<Record<string, JobHandler>> => ({
    [PruneJobsName]: () => Effect.asVoid(Effect.provideService(pruneJobs(), JobQueue, queue)),
    [HeartbeatName]: () => Effect.asVoid(Effect.provideService(recordHeartbeat(), JobQueue, queue))
  })
)

/** The platform's periodic jobs. */
export const platformSchedules: ReadonlyArray<ScheduledJob> = [
  { name: PruneJobsName, every: "1 hour", description: "Deletes SUCCEEDED jobs after 7 days and DEAD jobs after 30 days" },
  { name: HeartbeatName, every: "1 minute", description: "Logs a heartbeat with the job queue's counts by status" }
]
