/**
 * The outbox delivery loop. It runs as its own loop beside the job worker rather than as
 * a scheduled job: the outbox already has its own claim/lease/attempt bookkeeping per row, and a
 * loop polling every OUTBOX_POLL_MS (continuing at once while batches come back full) keeps the
 * delivery lag at a fraction of a second instead of a scheduler slot. Any number of worker hosts
 * (and the all-in-one HTTP host) may run it: rows are claimed with SKIP LOCKED and a lease.
 */
import { Notifications } from "@podium/core"
import { Config, Effect, Layer } from "effect"
import { hostname } from "node:os"

/** Settings: OUTBOX_BATCH_SIZE (50), OUTBOX_CONCURRENCY (8), OUTBOX_POLL_MS (500), OUTBOX_LEASE_MS (60000), OUTBOX_DELIVERY (true). */
export const outboxWorkerOptionsConfig = Config.all({
  enabled: Config.boolean("OUTBOX_DELIVERY").pipe(Config.withDefault(true)),
  batchSize: Config.integer("OUTBOX_BATCH_SIZE").pipe(
    Config.validate({ message: "Expected an integer between 1 and 1000", validation: (n) => n >= 1 && n <= 1000 }),
    Config.withDefault(50)
  ),
  concurrency: Config.integer("OUTBOX_CONCURRENCY").pipe(
    Config.validate({ message: "Expected an integer between 1 and 256", validation: (n) => n >= 1 && n <= 256 }),
    Config.withDefault(8)
  ),
  pollMs: Config.integer("OUTBOX_POLL_MS").pipe(
    Config.validate({ message: "Expected an integer between 10 and 60000", validation: (n) => n >= 10 && n <= 60_000 }),
    Config.withDefault(500)
  ),
  leaseMs: Config.integer("OUTBOX_LEASE_MS").pipe(
    Config.validate({ message: "Expected an integer between 1000 and 3600000", validation: (n) => n >= 1000 && n <= 3_600_000 }),
    Config.withDefault(60_000)
  )
})

/** Forks the outbox loop in the layer's scope; closing the scope stops claiming and lets the batch in flight finish (up to 10 s). */
export const makeOutboxLoop = (
  options: Notifications.OutboxWorkerOptions
): Layer.Layer<never, never, Notifications.DeliveryServices> =>
  Layer.scopedDiscard(Effect.forkScoped(Notifications.runOutboxWorker(options)))

/** The outbox loop configured from the environment (OUTBOX_DELIVERY=false turns it off). */
export const OutboxLoop: Layer.Layer<never, import("effect/ConfigError").ConfigError, Notifications.DeliveryServices> = Layer
  .unwrapEffect(Effect.map(outboxWorkerOptionsConfig, (o) =>
    o.enabled
      ? makeOutboxLoop({
        workerId: `${hostname()}-${process.pid}-outbox`,
        batchSize: o.batchSize,
        concurrency: o.concurrency,
        pollInterval: `${o.pollMs} millis`,
        leaseMs: o.leaseMs
      })
      : Layer.empty))
