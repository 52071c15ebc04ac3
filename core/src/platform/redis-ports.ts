/**
 * Redis-shaped platform capabilities that later contexts reuse (OTP throttles and challenges,
 * session-active cache, leaderboards, locks). Adapters: `@podium/redis` (ioredis) and the in-memory
 * twins in `@podium/core/testing`; both pass the same contract suite (test/platform).
 */
import type { DistributedLock } from "./distributed-lock.port.js"
import type { Leaderboard } from "./leaderboard.port.js"
import type { RateLimiter } from "./rate-limiter.port.js"
import type { TtlCache } from "./ttl-cache.port.js"

export * from "./distributed-lock.port.js"
export * from "./leaderboard.port.js"
export * from "./rate-limiter.port.js"
export * from "./ttl-cache.port.js"

/** Every Redis-backed port; what `RedisPortsMemory`, `RedisPortsRedis` and `RedisPortsLive` provide. */
export type RedisPorts = RateLimiter | TtlCache | DistributedLock | Leaderboard
