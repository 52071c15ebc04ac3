/**
 * Health probes of the running host's dependencies. Each host registers one probe per component
 * (database, redis, configured providers); /health and /health/ready run them with a timeout.
 */
import { Context, Duration, Effect } from "effect"

/** One component's state as the health result of A 2.2 shows it. */
export interface ComponentHealth {
  readonly status: "up" | "down"
  readonly [extra: string]: unknown
}

export interface HealthProbe {
  readonly name: string
  /** Probes never fail: an outage is `{status: "down", message}`. */
  readonly check: Effect.Effect<ComponentHealth>
}

/** The probes of this host, in display order. */
export class HealthProbes extends Context.Tag("@podium/host-common/HealthProbes")<HealthProbes, ReadonlyArray<HealthProbe>>() {}

/** Runs every probe concurrently, each bounded by `timeout`; a timed-out probe reads as down. */
export const runProbes = (probes: ReadonlyArray<HealthProbe>, timeout: Duration.DurationInput = "2 seconds") =>
  Effect.forEach(
    probes,
    (probe) =>
      probe.check.pipe(
        Effect.timeoutTo({
          duration: timeout,
          onSuccess: (health) => health,
          onTimeout: (): ComponentHealth => ({ status: "down", message: `no answer within ${Duration.format(timeout)}` })
        }),
        Effect.catchAllDefect((defect) => Effect.succeed<ComponentHealth>({ status: "down", message: String(defect) })),
        Effect.map((health) => [probe.name, health] as const)
      ),
    { concurrency: "unbounded" }
  )
