/**
 * Memory monitoring for operators. Served only when MEMORY_ROUTES is on (default: off in
 * production) and only to callers presenting the operator token in `x-ops-token`.
 */
import { Forbidden, NotFound, ServiceUnavailable, Unauthorized } from "@podium/contracts/common"
import { PlatformApi } from "@podium/contracts/platform"
import { AppConfig } from "@podium/host-common"
import { Effect, Redacted } from "effect"
import { timingSafeEqual, createHash } from "node:crypto"
import { apiGroup } from "../serving/served-groups.js"

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

const usage = () => {
  const m = process.memoryUsage()
  return {
    rss: m.rss,
    heapTotal: m.heapTotal,
    heapUsed: m.heapUsed,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    uptimeSeconds: Math.round(process.uptime()),
    human: { rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external) }
  }
}

const digest = (s: string) => createHash("sha256").update(s).digest()

/** Leak threshold for the heap-diff probe: growth above this over the window is reported. */
const SuspectBytes = 8 * 1024 * 1024

export const MemoryHandlers = apiGroup(PlatformApi, "memory", (handlers) =>
  Effect.gen(function*() {
    const config = yield* AppConfig
    const expected = digest(Redacted.value(config.secrets.opsToken))
    const guard = (path: string, token: string | undefined) =>
      Effect.gen(function*() {
        if (!config.memoryRoutes) return yield* new NotFound({ message: `Cannot ${path}` })
        if (token === undefined || token === "") {
          return yield* new Unauthorized({ message: "Unauthorized: x-ops-token header required" })
        }
        if (!timingSafeEqual(digest(token), expected)) return yield* new Forbidden({ message: "Access Denied" })
      })
    const gc = (globalThis as { gc?: () => void }).gc
    return handlers
      .handle("usage", ({ headers }) => guard("GET /memory/usage", headers["x-ops-token"]).pipe(Effect.map(usage)))
      .handle("gc", ({ headers }) =>
        Effect.gen(function*() {
          yield* guard("POST /memory/gc", headers["x-ops-token"])
          if (gc === undefined) {
            return yield* new ServiceUnavailable({
              message: "Garbage collection is not exposed: start the process with node --expose-gc",
              code: "GC_NOT_EXPOSED"
            })
          }
          const before = usage()
          gc()
          const after = usage()
          return { before, after, freedBytes: Math.max(0, before.heapUsed - after.heapUsed) }
        }))
      .handle("testLeak", ({ headers, urlParams }) =>
        Effect.gen(function*() {
          yield* guard("GET /memory/test-leak", headers["x-ops-token"])
          const windowMs = urlParams.windowMs ?? 1000
          gc?.()
          const before = process.memoryUsage().heapUsed
          // Marks the start of the measurement in the log (operators and the shutdown test wait for it).
          yield* Effect.logInfo("memory test window open").pipe(Effect.annotateLogs({ windowMs }))
          yield* Effect.sleep(windowMs)
          gc?.()
          const after = process.memoryUsage().heapUsed
          const diff = after - before
          return {
            windowMs,
            heapUsedBefore: before,
            heapUsedAfter: after,
            heapDiffBytes: diff,
            gcForced: gc !== undefined,
            suspectedLeak: diff > SuspectBytes
          }
        }))
  }))
