import { Clock, Effect, Layer } from "effect"
import { type BlockedKey, positiveMillis, RateLimiter, type RateLimitDecision } from "../platform/rate-limiter.port.js"

/** A RateLimiter in process memory with the Redis adapter's sliding-window semantics; time from effect's Clock. */
export const makeRateLimiterMemory = (): RateLimiter["Type"] => {
  const hits = new Map<string, { times: Array<number>; window: number }>()
  const blocked = new Map<string, BlockedKey>()
  let writes = 0
  const sweep = (now: number) => {
    // Keys are dropped lazily; a periodic sweep keeps idle keys from piling up in long-running dev hosts.
    for (const [key, { times, window }] of hits) {
      if ((times.at(-1) ?? 0) + window <= now) hits.delete(key)
    }
  }
  return RateLimiter.of({
    hit: (key, rule) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.sync((): RateLimitDecision => {
          const window = positiveMillis(rule.window)
          if (++writes % 1024 === 0) sweep(now)
          const times = (hits.get(key)?.times ?? []).filter((t) => t > now - window)
          let allowed = false
          if (times.length < rule.limit) {
            times.push(now)
            allowed = true
          }
          if (times.length === 0) hits.delete(key)
          else hits.set(key, { times, window })
          const resetAt = times.length > 0 ? times[0]! + window : now + window
          if (!allowed) blocked.set(key, { key, limit: rule.limit, blockedUntil: resetAt })
          return {
            allowed,
            limit: rule.limit,
            remaining: Math.max(0, rule.limit - times.length),
            resetAt,
            retryAfterMs: allowed ? 0 : Math.max(0, resetAt - now)
          }
        })),
    reset: (key) =>
      Effect.sync(() => {
        hits.delete(key)
        blocked.delete(key)
      }),
    listBlocked: (limit) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        for (const [key, b] of blocked) if (b.blockedUntil <= now) blocked.delete(key)
        return [...blocked.values()].sort((a, b) => a.blockedUntil - b.blockedUntil).slice(0, limit)
      })
  })
}

/** In-memory RateLimiter; each build has its own state. */
export const RateLimiterMemory: Layer.Layer<RateLimiter> = Layer.sync(RateLimiter, makeRateLimiterMemory)
