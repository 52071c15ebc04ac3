import { Platform } from "@podium/core"
import { Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import { RedisClient, redisCall } from "./redis-client.js"

/**
 * Sliding-window log in one sorted set per key, all in one script so concurrent hits cannot both
 * take the last slot. Time comes from the Redis server (TIME) so every app instance agrees.
 * Returns {allowed, count, resetAt, now}. A denied hit also records the key in the blocked index
 * (`rl-blocked`, scored by when it unblocks; limits in the `rl-blocked-limits` hash) for the admin view.
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
if allowed == 0 then
  redis.call('ZADD', KEYS[2], resetAt, ARGV[4])
  redis.call('HSET', KEYS[3], ARGV[4], limit)
end
return {allowed, count, resetAt, now}
`

/** Drops passed entries of the blocked index and answers the rest, soonest first: [key, until, limit, …]. */
const BLOCKED = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local gone = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
for _, k in ipairs(gone) do redis.call('HDEL', KEYS[2], k) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local rows = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1, 'WITHSCORES')
local out = {}
for i = 1, #rows, 2 do
  table.insert(out, rows[i])
  table.insert(out, rows[i + 1])
  table.insert(out, redis.call('HGET', KEYS[2], rows[i]) or '0')
end
return out
`

const BlockedIndex = "rl-blocked"
const BlockedLimits = "rl-blocked-limits"

interface RateLimitScripts {
  podiumRateLimitHit(key: string, blocked: string, limits: string, limit: number, windowMs: number, member: string, name: string): Promise<[number, number, number, number]>
  podiumRateLimitBlocked(blocked: string, limits: string, limit: number): Promise<Array<string>>
}

/** RateLimiter on Redis (key `rl:<key>` under the client prefix). */
export const makeRateLimiterRedis = Effect.gen(function*() {
  const { client } = yield* RedisClient
  client.defineCommand("podiumRateLimitHit", { numberOfKeys: 3, lua: HIT })
  client.defineCommand("podiumRateLimitBlocked", { numberOfKeys: 2, lua: BLOCKED })
  const scripts = client as unknown as RateLimitScripts
  return Platform.RateLimiter.of({
    hit: (key, rule) =>
      Effect.suspend(() => {
        const window = Platform.positiveMillis(rule.window)
        return redisCall(() => scripts.podiumRateLimitHit(`rl:${key}`, BlockedIndex, BlockedLimits, rule.limit, window, randomUUID(), key))
      }).pipe(Effect.map(([allowed, count, resetAt, now]) => ({
        allowed: allowed === 1,
        limit: rule.limit,
        remaining: Math.max(0, rule.limit - count),
        resetAt,
        retryAfterMs: allowed === 1 ? 0 : Math.max(0, resetAt - now)
      }))),
    reset: (key) =>
      redisCall(() => client.multi().del(`rl:${key}`).zrem(BlockedIndex, key).hdel(BlockedLimits, key).exec()).pipe(Effect.asVoid),
    listBlocked: (limit) =>
      redisCall(() => scripts.podiumRateLimitBlocked(BlockedIndex, BlockedLimits, Math.max(1, limit))).pipe(Effect.map((flat) => {
        const out: Array<Platform.BlockedKey> = []
        for (let i = 0; i + 2 < flat.length; i += 3) {
          out.push({ key: flat[i]!, blockedUntil: Number(flat[i + 1]), limit: Number(flat[i + 2]) })
        }
        return out
      }))
  })
})

/** RateLimiter backed by Redis. */
export const RateLimiterRedis: Layer.Layer<Platform.RateLimiter, never, RedisClient> = Layer.effect(
  Platform.RateLimiter,
  makeRateLimiterRedis
)
