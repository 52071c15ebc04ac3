import { Platform } from "@podium/core"
import { Duration, Effect, Layer, Option } from "effect"
import { RedisClient, redisCall } from "./redis-client.js"

/** INCRBY that gives a new counter its TTL and leaves an existing counter's expiry alone. */
const INCR = `
local v = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return v
`

interface CacheScripts {
  podiumCacheIncr(key: string, by: number, ttlMs: number): Promise<number>
}

const k = (key: string) => `kv:${key}`

/** TtlCache on Redis (key `kv:<key>` under the client prefix). */
export const makeTtlCacheRedis = Effect.gen(function*() {
  const { client } = yield* RedisClient
  client.defineCommand("podiumCacheIncr", { numberOfKeys: 1, lua: INCR })
  const scripts = client as unknown as CacheScripts
  return Platform.TtlCache.of({
    get: (key) => redisCall(() => client.get(k(key))).pipe(Effect.map(Option.fromNullable)),
    getMany: (keys) =>
      keys.length === 0
        ? Effect.succeed([])
        : redisCall(() => client.mget(keys.map(k))).pipe(Effect.map((values) => values.map(Option.fromNullable))),
    set: (key, value, ttl) =>
      Effect.suspend(() => {
        const ms = Platform.positiveMillis(ttl)
        return redisCall(() => client.set(k(key), value, "PX", ms))
      }).pipe(Effect.asVoid),
    setIfAbsent: (key, value, ttl) =>
      Effect.suspend(() => {
        const ms = Platform.positiveMillis(ttl)
        return redisCall(() => client.set(k(key), value, "PX", ms, "NX"))
      }).pipe(Effect.map((reply) => reply === "OK")),
    take: (key) => redisCall(() => client.getdel(k(key))).pipe(Effect.map(Option.fromNullable)),
    delete: (key) => redisCall(() => client.del(k(key))).pipe(Effect.map((n) => n > 0)),
    incr: (key, options) =>
      Effect.suspend(() => {
        const ms = Platform.positiveMillis(options.ttl)
        const by = options.by ?? 1
        if (!Number.isSafeInteger(by)) return Effect.die(new RangeError(`incr: expected an integer step, got ${by}`))
        return redisCall(() => scripts.podiumCacheIncr(k(key), by, ms))
      }),
    ttl: (key) =>
      redisCall(() => client.pttl(k(key))).pipe(Effect.map((ms) =>
        ms === -2 ? Option.none() : Option.some(ms === -1 ? Duration.infinity : Duration.millis(ms))
      ))
  })
})

/** TtlCache backed by Redis. */
export const TtlCacheRedis: Layer.Layer<Platform.TtlCache, never, RedisClient> = Layer.effect(
  Platform.TtlCache,
  makeTtlCacheRedis
)
