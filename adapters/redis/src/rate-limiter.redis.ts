import { Platform } from "@podium/core"
import { Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import { RedisClient, redisCall } from "./redis-client.js"

/**
 * Sliding-window log in one sorted set per key, all in one script so concurrent hits cannot both
 * take the last slot. Time comes from the Redis server (TIME) so every app instance agrees.
 * Returns {allowed, count, resetAt, now}.
 */
const HIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  count = count + 1
  allowed = 1
end
local resetAt = now + window
if count > 0 then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  resetAt = tonumber(oldest[2]) + window
  redis.call('PEXPIRE', KEYS[1], window)
end
return {allowed, count, resetAt, now}
`

interface RateLimitScripts {
  podiumRateLimitHit(key: string, limit: number, windowMs: number, member: string): Promise<[number, number, number, number]>
}

/** RateLimiter on Redis (key `rl:<key>` under the client prefix). */
export const makeRateLimiterRedis = Effect.gen(function*() {
  const { client } = yield* RedisClient
  client.defineCommand("podiumRateLimitHit", { numberOfKeys: 1, lua: HIT })
  const scripts = client as unknown as RateLimitScripts
  return Platform.RateLimiter.of({
    hit: (key, rule) =>
      Effect.suspend(() => {
        const window = Platform.positiveMillis(rule.window)
        return redisCall(() => scripts.podiumRateLimitHit(`rl:${key}`, rule.limit, window, randomUUID()))
      }).pipe(Effect.map(([allowed, count, resetAt, now]) => ({
        allowed: allowed === 1,
        limit: rule.limit,
        remaining: Math.max(0, rule.limit - count),
        resetAt,
        retryAfterMs: allowed === 1 ? 0 : Math.max(0, resetAt - now)
      }))),
    reset: (key) => redisCall(() => client.del(`rl:${key}`)).pipe(Effect.asVoid)
  })
})

/** RateLimiter backed by Redis. */
export const RateLimiterRedis: Layer.Layer<Platform.RateLimiter, never, RedisClient> = Layer.effect(
  Platform.RateLimiter,
  makeRateLimiterRedis
)
