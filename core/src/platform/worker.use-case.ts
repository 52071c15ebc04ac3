import type { JobId } from "@podium/kernel"
import { Cause, DateTime, Duration, Effect, Exit, FiberSet, Option, Queue } from "effect"
import { CurrentJob, JobHandlers } from "./job-handlers.js"
import { afterFailure, type BackoffPolicy, DefaultBackoff, type Job } from "./job.model.js"
import { JobQueue } from "./job-queue.port.js"

export interface WorkerOptions {
  readonly workerId: string
  /** Jobs run at once by this worker. */
  readonly concurrency: number
  /** How long to wait before polling again when no job is due. */
  readonly pollInterval: Duration.DurationInput
  /** Lease length; the worker extends it every third of it while a handler runs. */
  readonly leaseMs: number
  readonly backoff?: BackoffPolicy
}

const MaxErrorLength = 4000

const describeCause = (cause: Cause.Cause<unknown>): string => {
  const failure = Cause.failureOption(cause)
  const text = Option.match(failure, {
    onNone: () => Cause.pretty(cause),
    onSome: (e) =>
      typeof e === "object" && e !== null && "message" in e && typeof e.message === "string" && e.message.length > 0
        ? `${"_tag" in e ? String(e._tag) + ": " : ""}${e.message}`
        : String(e)
  })
  return text.length > MaxErrorLength ? text.slice(0, MaxErrorLength) : text
}

const isPermanent = (cause: Cause.Cause<unknown>) =>
  Option.match(Cause.failureOption(cause), {
    onNone: () => false,
    onSome: (e) => typeof e === "object" && e !== null && "_tag" in e && e._tag === "JobFailedPermanently"
  })

/** Runs one claimed job to its outcome: SUCCEEDED, PENDING again with backoff, or DEAD; returns the stored job. */
export const runClaimedJob = Effect.fn("platform.jobs.runClaimedJob")(function*(
  job: Job,
  options: Pick<WorkerOptions, "workerId" | "leaseMs" | "backoff">
) {
  const queue = yield* JobQueue
  const handlers = yield* JobHandlers
  const ref = { id: job.id, workerId: options.workerId, attempt: job.attempts }
  const leaseLost = () =>
    Effect.logWarning("job lease lost; another worker owns it now").pipe(Effect.as(Option.none<Job>()))

  const handler = handlers.get(job.name)
  if (handler === undefined) {
    yield* Effect.logError(`No handler registered for job "${job.name}"; marking it DEAD`)
    return yield* queue.fail({ ...ref, error: `No handler registered for job "${job.name}"`, retryAt: null }).pipe(
      Effect.map(Option.some),
      Effect.catchTag("JobLeaseLost", leaseLost)
    )
  }

  const context = CurrentJob.of({
    job,
    reportProgress: (progress) =>
      queue.reportProgress({ ...ref, progress }).pipe(
        Effect.catchTag("JobLeaseLost", () => Effect.logWarning("progress not recorded: lease lost"))
      )
  })
  // Keeps the lease alive while the handler runs; completes only when the lease is lost.
  const keepLease = queue.heartbeat({ ...ref, leaseMs: options.leaseMs }).pipe(
    Effect.catchAllDefect((defect) => Effect.logWarning("lease heartbeat failed; will retry", defect)),
    Effect.delay(Duration.millis(Math.max(10, Math.floor(options.leaseMs / 3)))),
    Effect.forever,
    Effect.as("lease-lost" as const),
    Effect.catchTag("JobLeaseLost", () => Effect.succeed("lease-lost" as const))
  )
  const outcome = yield* Effect.raceFirst(
    handler(job.payload).pipe(Effect.provideService(CurrentJob, context), Effect.exit),
    keepLease
  )
  if (outcome === "lease-lost") return yield* leaseLost()

  if (Exit.isSuccess(outcome)) {
    yield* Effect.logDebug("job succeeded")
    return yield* queue.complete(ref).pipe(Effect.map(Option.some), Effect.catchTag("JobLeaseLost", leaseLost))
  }
  const error = describeCause(outcome.cause)
  const next = afterFailure(job, error, yield* DateTime.now, {
    permanent: isPermanent(outcome.cause),
    policy: options.backoff ?? DefaultBackoff
  })
  yield* next._tag === "Retry"
    ? Effect.logWarning(`job failed; retry at ${DateTime.formatIso(next.runAt)}`, error)
    : Effect.logError("job failed; DEAD", error)
  return yield* queue.fail({ ...ref, error, retryAt: next._tag === "Retry" ? next.runAt : null }).pipe(
    Effect.map(Option.some),
    Effect.catchTag("JobLeaseLost", leaseLost)
  )
}, (effect, job) =>
  effect.pipe(
    Effect.annotateLogs({ jobId: job.id, jobName: job.name, attempt: job.attempts })
  ))

/**
 * The worker loop: claims due jobs up to `concurrency`, runs their handlers, records outcomes.
 * Interrupting it stops claiming and waits for the jobs already running to finish.
 */
export const runWorker = (options: WorkerOptions): Effect.Effect<never, never, JobQueue | JobHandlers> =>
  Effect.scoped(Effect.gen(function*() {
    const queue = yield* JobQueue
    const running = yield* FiberSet.make<unknown, never>()
    // Signalled whenever a job finishes, so a full worker claims again at once.
    const slotFreed = yield* Queue.sliding<void>(1)
    const pollInterval = Duration.decode(options.pollInterval)

    // Claim and fork as one uninterruptible step: a claim must never be lost half-way.
    const claimAndStart = Effect.uninterruptible(Effect.gen(function*() {
      const free = options.concurrency - (yield* FiberSet.size(running))
      if (free <= 0) return { free, claimed: 0 }
      const jobs = yield* queue.claim({ workerId: options.workerId, limit: free, leaseMs: options.leaseMs })
      for (const job of jobs) {
        yield* FiberSet.run(
          running,
          // Forked from an uninterruptible region: restore interruptibility inside the job itself
          // (the lease keeper must be interruptible), while the worker still never interrupts it.
          Effect.interruptible(runClaimedJob(job, options)).pipe(
            Effect.catchAllCause((cause) => Effect.logError("job run crashed", cause)),
            Effect.ensuring(Queue.offer(slotFreed, undefined))
          )
        )
      }
      return { free, claimed: jobs.length }
    }))

    const loop = Effect.gen(function*() {
      yield* Effect.logInfo("worker started").pipe(
        Effect.annotateLogs({ concurrency: options.concurrency, leaseMs: options.leaseMs })
      )
      while (true) {
        const { claimed, free } = yield* claimAndStart.pipe(
          Effect.catchAllCause((cause) =>
            Effect.logError("claim failed; backing off", cause).pipe(Effect.as({ free: 1, claimed: 0 }))
          )
        )
        if (free > 0 && claimed === free) {
          yield* Effect.yieldNow()
        } else if (free <= 0) {
          yield* Queue.take(slotFreed)
        } else {
          yield* Effect.race(Queue.take(slotFreed), Effect.sleep(pollInterval))
        }
      }
    })

    return yield* loop.pipe(
      Effect.onInterrupt(() =>
        Effect.gen(function*() {
          const inFlight = yield* FiberSet.size(running)
          yield* Effect.logInfo(`worker stopping; waiting for ${inFlight} running job(s)`)
          yield* FiberSet.awaitEmpty(running)
          yield* Effect.logInfo("worker stopped")
        })
      )
    )
  })).pipe(Effect.annotateLogs("workerId", options.workerId))

/** Enqueues one job and runs it synchronously in this process (the CLI's `jobs run <name>`); returns its final record. */
export const runJobNow = Effect.fn("platform.jobs.runJobNow")(function*(input: {
  readonly name: string
  readonly payload?: unknown
  readonly workerId: string
  readonly leaseMs?: number
  readonly maxAttempts?: number
}) {
  const queue = yield* JobQueue
  const leaseMs = input.leaseMs ?? 60_000
  const { job } = yield* queue.enqueue({
    name: input.name,
    payload: input.payload ?? null,
    ...(input.maxAttempts !== undefined ? { maxAttempts: input.maxAttempts } : {})
  })
  const claimed = yield* queue.claim({ workerId: input.workerId, limit: 1, leaseMs, id: job.id })
  const first = claimed[0]
  if (first !== undefined) {
    yield* runClaimedJob(first, { workerId: input.workerId, leaseMs })
  }
  return yield* queue.get(job.id as JobId).pipe(Effect.orDie)
})
