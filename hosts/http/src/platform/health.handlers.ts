/** Health probes: live never touches a dependency; health and ready run every probe. */
import { HealthCheckFailed, PlatformApi, type HealthResult } from "@podium/contracts/platform"
import { HealthProbes, runProbes, type ComponentHealth } from "@podium/host-common"
import { Effect } from "effect"
import { Lifecycle } from "../lifecycle.js"
import { apiGroup } from "../serving/served-groups.js"

type Indicators = Record<string, ComponentHealth>

const summarize = (entries: ReadonlyArray<readonly [string, ComponentHealth]>): HealthResult => {
  const details: Indicators = {}
  const info: Indicators = {}
  const error: Indicators = {}
  for (const [name, health] of entries) {
    details[name] = health
    if (health.status === "up") info[name] = health
    else error[name] = health
  }
  const failed = Object.keys(error).length > 0
  return { status: failed ? "error" : "ok", info, error, details }
}

export const HealthHandlers = apiGroup(PlatformApi, "health", (handlers) =>
  Effect.gen(function*() {
    const lifecycle = yield* Lifecycle
    const probes = yield* HealthProbes
    const check = Effect.gen(function*() {
      if (lifecycle.isDraining()) {
        const shutdown = { status: "down", message: "the process is shutting down" } as const
        return yield* new HealthCheckFailed({
          result: { status: "shutting_down", info: {}, error: { process: shutdown }, details: { process: shutdown } }
        })
      }
      const result = summarize(yield* runProbes(probes))
      return result.status === "ok" ? result : yield* new HealthCheckFailed({ result })
    })
    return handlers
      .handle("live", () =>
        Effect.sync(() => {
          const process = { status: "up" as const, uptimeSeconds: Math.round(globalThis.process.uptime()) }
          return { status: "ok" as const, info: { process }, error: {}, details: { process } }
        }))
      .handle("health", () => check)
      .handle("ready", () => check)
  }))
