import { Platform } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { RedisClient, redisCall } from "./redis-client.js"

/** Compare-and-delete: only the token's holder may release. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`

/** Compare-and-expire: only the token's holder may extend. */
const EXTEND = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
`

interface LockScripts {
  podiumLockRelease(key: string, token: string): Promise<number>
  podiumLockExtend(key: string, token: string, ttlMs: number): Promise<number>
}

const k = (key: string) => `lock:${key}`

/** DistributedLock on Redis (SET NX PX; key `lock:<key>` under the client prefix). */
export const makeDistributedLockRedis = Effect.gen(function*() {
  const { client } = yield* RedisClient
  client.defineCommand("podiumLockRelease", { numberOfKeys: 1, lua: RELEASE })
  client.defineCommand("podiumLockExtend", { numberOfKeys: 1, lua: EXTEND })
  const scripts = client as unknown as LockScripts
  return Platform.DistributedLock.of({
    acquire: (key, ttl) =>
      Effect.suspend(() => {
        const ms = Platform.positiveMillis(ttl)
        const token = randomUUID()
        return redisCall(() => client.set(k(key), token, "PX", ms, "NX")).pipe(
          Effect.map((reply) => reply === "OK" ? Option.some(token) : Option.none())
        )
      }),
    release: (key, token) => redisCall(() => scripts.podiumLockRelease(k(key), token)).pipe(Effect.map((n) => n === 1)),
    extend: (key, token, ttl) =>
      Effect.suspend(() => {
        const ms = Platform.positiveMillis(ttl)
        return redisCall(() => scripts.podiumLockExtend(k(key), token, ms))
      }).pipe(Effect.map((n) => n === 1))
  })
})

/** DistributedLock backed by Redis. */
export const DistributedLockRedis: Layer.Layer<Platform.DistributedLock, never, RedisClient> = Layer.effect(
  Platform.DistributedLock,
  makeDistributedLockRedis
)
