import { Layer } from "effect"
import type { RedisPorts } from "../platform/redis-ports.js"
import { DistributedLockMemory } from "./distributed-lock.memory.js"
import { LeaderboardMemory } from "./leaderboard.memory.js"
import { RateLimiterMemory } from "./rate-limiter.memory.js"
import { TtlCacheMemory } from "./ttl-cache.memory.js"

/** In-memory twins of every Redis-backed port (the default when REDIS_URL is unset, and for tests). */
export const RedisPortsMemory: Layer.Layer<RedisPorts> = Layer.mergeAll(
  RateLimiterMemory,
  TtlCacheMemory,
  DistributedLockMemory,
  LeaderboardMemory
)
