import type { Platform } from "@podium/core"
import { Layer } from "effect"
import { DistributedLockRedis } from "./distributed-lock.redis.js"
import { LeaderboardRedis } from "./leaderboard.redis.js"
import { RateLimiterRedis } from "./rate-limiter.redis.js"
import { type RedisClient, RedisClientLive, type RedisClientConfig, type RedisUnavailable } from "./redis-client.js"
import { TtlCacheRedis } from "./ttl-cache.redis.js"

/** Every Redis-backed port on one shared RedisClient. */
export const RedisPortsRedis: Layer.Layer<Platform.RedisPorts, never, RedisClient> = Layer.mergeAll(
  RateLimiterRedis,
  TtlCacheRedis,
  DistributedLockRedis,
  LeaderboardRedis
)

/** The ports plus their client, opened from a URL and prefix (the client stays available for probes). */
export const RedisPortsRedisFrom = (
  config: RedisClientConfig
): Layer.Layer<Platform.RedisPorts | RedisClient, RedisUnavailable> =>
  Layer.provideMerge(RedisPortsRedis, RedisClientLive(config))
