import { type Notifications, Platform } from "@podium/core"
import { Config, Effect, Layer } from "effect"
import { hostname } from "node:os"
import { OutboxLoop } from "./outbox-loop.layer.js"

/** Worker settings from the environment: WORKER_CONCURRENCY (4), WORKER_POLL_MS (1000), WORKER_LEASE_MS (30000). */
export const workerOptionsConfig = Config.all({
  concurrency: Config.integer("WORKER_CONCURRENCY").pipe(
    Config.validate({ message: "Expected an integer between 1 and 256", validation: (n) => n >= 1 && n <= 256 }),
    Config.withDefault(4)
  ),
  pollMs: Config.integer("WORKER_POLL_MS").pipe(
    Config.validate({ message: "Expected an integer between 10 and 60000", validation: (n) => n >= 10 && n <= 60_000 }),
    Config.withDefault(1000)
  ),
  leaseMs: Config.integer("WORKER_LEASE_MS").pipe(
    Config.validate({ message: "Expected an integer between 1000 and 3600000", validation: (n) => n >= 1000 && n <= 3_600_000 }),
    Config.withDefault(30_000)
  )
}).pipe(
  Config.map(({ concurrency, leaseMs, pollMs }): Platform.WorkerOptions => ({
    workerId: `${hostname()}-${process.pid}`,
    concurrency,
    pollInterval: `${pollMs} millis`,
    leaseMs
  }))
)

/** Forks the worker loop in the layer's scope; closing the scope stops claiming and waits for running jobs. */
export const makeWorkerLoop = (options: Platform.WorkerOptions): Layer.Layer<never, never, Platform.JobQueue | Platform.JobHandlers> =>
  Layer.scopedDiscard(Effect.forkScoped(Platform.runWorker(options)))

/** The job-queue worker loop configured from the environment (see workerOptionsConfig). */
export const JobWorkerLoop: Layer.Layer<never, import("effect/ConfigError").ConfigError, Platform.JobQueue | Platform.JobHandlers> =
  Layer.unwrapEffect(Effect.map(workerOptionsConfig, makeWorkerLoop))

/** Everything a worker runs: the job-queue loop and the notification outbox loop (see outbox-loop.layer.ts). */
export const WorkerLoop: Layer.Layer<
  never,
  import("effect/ConfigError").ConfigError,
  Platform.JobQueue | Platform.JobHandlers | Notifications.DeliveryServices
> = Layer.merge(JobWorkerLoop, OutboxLoop)
