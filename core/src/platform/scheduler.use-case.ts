import { DateTime, Duration, Effect, Option } from "effect"
import type { Job } from "./job.model.js"
import { JobQueue } from "./job-queue.port.js"
import { nextSlotStart, type ScheduledJob, slotDedupeKey, slotStart } from "./schedule.model.js"

export interface TickResult {
  readonly name: string
  readonly slot: DateTime.Utc
  readonly inserted: boolean
}

/** Enqueues each schedule's job for the current slot unless some scheduler already did. */
export const schedulerTick = Effect.fn("platform.scheduler.tick")(function*(schedules: ReadonlyArray<ScheduledJob>) {
  const queue = yield* JobQueue
  const now = yield* DateTime.now
  return yield* Effect.forEach(schedules, (schedule) => {
    const slot = slotStart(schedule, now)
    return queue.enqueue({
      name: schedule.name,
      payload: schedule.payload ?? { slot: DateTime.formatIso(slot) },
      runAt: slot,
      maxAttempts: schedule.maxAttempts ?? 3,
      dedupeKey: slotDedupeKey(schedule, slot)
    }).pipe(
      Effect.tap(({ inserted }) =>
        inserted ? Effect.logInfo(`scheduled ${schedule.name} for ${DateTime.formatIso(slot)}`) : Effect.void
      ),
      Effect.map(({ inserted }): TickResult => ({ name: schedule.name, slot, inserted }))
    )
  })
})

export interface SchedulerOptions {
  readonly schedules: ReadonlyArray<ScheduledJob>
  /** Longest sleep between ticks (a tick also happens at every slot boundary); default 15 s. */
  readonly tickInterval?: Duration.DurationInput
}

/** The scheduler loop: ticks at every slot boundary (and at least every `tickInterval`) forever. */
export const runScheduler = (options: SchedulerOptions): Effect.Effect<never, never, JobQueue> =>
  Effect.gen(function*() {
    const maxSleep = Duration.toMillis(Duration.decode(options.tickInterval ?? "15 seconds"))
    yield* Effect.logInfo("scheduler started").pipe(
      Effect.annotateLogs("schedules", options.schedules.map((s) => s.name).join(","))
    )
    while (true) {
      yield* schedulerTick(options.schedules).pipe(
        Effect.catchAllCause((cause) => Effect.logError("scheduler tick failed", cause))
      )
      const now = yield* DateTime.now
      const nextBoundary = options.schedules.reduce(
        (min, s) => Math.min(min, DateTime.toEpochMillis(nextSlotStart(s, now))),
        Number.POSITIVE_INFINITY
      )
      const wait = Math.max(10, Math.min(maxSleep, nextBoundary - DateTime.toEpochMillis(now)))
      yield* Effect.sleep(Duration.millis(wait))
    }
  })

export interface ScheduleStatus {
  readonly name: string
  readonly every: Duration.Duration
  readonly description: string | null
  readonly lastRun: Option.Option<Job>
  readonly nextRunAt: DateTime.Utc
}

/** Last and next runs of each schedule, for the admin scheduler view. */
export const scheduleStatus = Effect.fn("platform.scheduler.status")(function*(schedules: ReadonlyArray<ScheduledJob>) {
  const queue = yield* JobQueue
  const now = yield* DateTime.now
  return yield* Effect.forEach(schedules, (schedule) =>
    queue.list({ name: schedule.name, limit: 1 }).pipe(
      Effect.map((jobs): ScheduleStatus => ({
        name: schedule.name,
        every: Duration.decode(schedule.every),
        description: schedule.description ?? null,
        lastRun: Option.fromNullable(jobs[0]),
        nextRunAt: nextSlotStart(schedule, now)
      }))
    ))
})
