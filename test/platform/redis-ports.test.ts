/**
 * Runs the contract suites of the Redis-backed ports against the in-memory twins (TestClock) and
 * against the real Redis (TEST_REDIS_URL or 127.0.0.1:6379, own key prefix, keys deleted after).
 */
import { describe, expect, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { Platform } from "@podium/core"
import { RedisPortsMemory } from "@podium/core/testing"
import { AppConfig, appConfigFrom, RedisBackend, RedisPortsLive } from "@podium/host-common"
import { RedisClient, RedisClientLive, redisProbe, RedisUnavailable } from "@podium/redis"
import { Cause, Effect, Either, Exit, Layer, ManagedRuntime, Option, TestClock } from "effect"
import { deleteRedisKeys, listRedisKeys, resolveTestRedis, testRedisPortsLayer, testRedisPrefix } from "../support/redis.js"
import { distributedLockContract } from "./distributed-lock.contract.js"
import { leaderboardContract } from "./leaderboard.contract.js"
import type { PortHarness } from "./port-harness.js"
import { rateLimiterContract } from "./rate-limiter.contract.js"
import { ttlCacheContract } from "./ttl-cache.contract.js"

const target = await resolveTestRedis(import.meta.url)

const contracts = (harness: PortHarness<Platform.RedisPorts>) => {
  describe("RateLimiter", () => rateLimiterContract(harness))
  describe("TtlCache", () => ttlCacheContract(harness))
  describe("DistributedLock", () => distributedLockContract(harness))
  describe("Leaderboard", () => leaderboardContract(harness))
}

describe("memory twins (TestClock)", () => {
  contracts({
    backend: "memory",
    test: (name, body, timeout) => it.scoped(name, () => body().pipe(Effect.provide(RedisPortsMemory)), timeout),
    passTime: (duration) => TestClock.adjust(duration)
  })
})

// One client for the whole block, real clock on both sides. (Not @effect/vitest's `layer()`: it
// Object.assigns its methods onto the shared `it`, so later `it.effect` calls in this file would
// silently lose TestClock and run inside that layer.)
describe(target.kind === "redis" ? "redis adapters (real server)" : "redis adapters (FALLBACK: memory twins, real time)", () => {
  const runtime = ManagedRuntime.make(testRedisPortsLayer(target))
  beforeAll(() => runtime.runtime(), 15_000)
  afterAll(() => runtime.dispose(), 15_000)
  contracts({
    backend: target.kind,
    test: (name, body, timeout) =>
      it.live(name, () => Effect.flatMap(Effect.promise(() => runtime.runtime()), (rt) => Effect.provide(Effect.scoped(body()), rt)), timeout),
    passTime: (duration) => Effect.sleep(duration)
  })
})

// Needs the Redis server: these tests exercise the ioredis client against it (keys under the
// prefix, clean-up, probe, REDIS_URL selection), which the memory twins do not have.
describe.runIf(target.kind === "redis")("redis client", () => {
  const url = target.kind === "redis" ? target.url : ""
  const secrets = {
    JWT_SECRET: "test-jwt-secret",
    HASH_SECRET: "test-hash-secret",
    ENCRYPTION_KEY: "test-encryption-key",
    OPS_TOKEN: "test-ops-token",
    APP_ENV: "test"
  }

  it.live("keys land under the prefix, including the KEYS of Lua scripts", () =>
    Effect.gen(function*() {
      const prefix = testRedisPrefix("prefix-check")
      yield* Effect.gen(function*() {
        yield* Effect.flatMap(Platform.RateLimiter, (rl) => rl.hit("k", { limit: 5, window: "1 minute" }))
        yield* Effect.flatMap(Platform.TtlCache, (c) => c.incr("counter", { ttl: "1 minute" }))
        yield* Effect.flatMap(Platform.TtlCache, (c) => c.set("value", "v", "1 minute"))
        yield* Effect.flatMap(Platform.DistributedLock, (l) => l.acquire("job", "1 minute"))
        yield* Effect.flatMap(Platform.Leaderboard, (lb) => lb.add("board", "m", 1))
        const keys = yield* Effect.promise(() => listRedisKeys(prefix, url))
        expect(keys).toEqual([`${prefix}kv:counter`, `${prefix}kv:value`, `${prefix}lb:board`, `${prefix}lock:job`, `${prefix}rl:k`])
      }).pipe(Effect.provide(testRedisPortsLayer({ kind: "redis", url, prefix })))
      // Releasing the test layer deleted the keys.
      expect(yield* Effect.promise(() => listRedisKeys(prefix, url))).toEqual([])
    }))

  it.live("deleteRedisKeys removes only its prefix and refuses non-test prefixes", () =>
    Effect.gen(function*() {
      const mine = testRedisPrefix("cleanup-a")
      const other = testRedisPrefix("cleanup-b")
      yield* Effect.gen(function*() {
        const { client } = yield* RedisClient
        yield* Effect.promise(() => client.set("x", "1", "PX", 60_000))
        yield* Effect.promise(() => client.set("y*[?", "1", "PX", 60_000))
      }).pipe(Effect.provide(RedisClientLive({ url, prefix: mine })))
      yield* Effect.gen(function*() {
        const { client } = yield* RedisClient
        yield* Effect.promise(() => client.set("x", "1", "PX", 60_000))
      }).pipe(Effect.provide(RedisClientLive({ url, prefix: other })))
      expect(yield* Effect.promise(() => deleteRedisKeys(mine, url))).toBe(2)
      expect(yield* Effect.promise(() => listRedisKeys(mine, url))).toEqual([])
      expect(yield* Effect.promise(() => listRedisKeys(other, url))).toEqual([`${other}x`])
      expect(yield* Effect.promise(() => deleteRedisKeys(other, url))).toBe(1)
      const refused = yield* Effect.either(Effect.tryPromise(() => deleteRedisKeys("podium:", url)))
      expect(Either.isLeft(refused)).toBe(true)
    }))

  it.live("redisProbe answers up, and down with a message once the connection is gone", () =>
    Effect.gen(function*() {
      const up = yield* redisProbe()
      expect(up).toMatchObject({ status: "up", backend: "redis" })
      const { client } = yield* RedisClient
      client.disconnect()
      const down = yield* redisProbe("300 millis")
      expect(down.status).toBe("down")
      expect(down).toHaveProperty("message")
      expect((down as { message: string }).message.length).toBeGreaterThan(0)
    }).pipe(Effect.provide(RedisClientLive({ url, prefix: testRedisPrefix("probe") }))))

  it.live("RedisPortsLive picks ioredis when REDIS_URL is set, with a redacted description and a probe", () =>
    Effect.gen(function*() {
      const prefix = testRedisPrefix("live")
      const withCredentials = url.replace("redis://", "redis://user-x:hunter2@")
      const config = yield* appConfigFrom({ ...secrets, REDIS_URL: url, REDIS_PREFIX: prefix })
      yield* Effect.gen(function*() {
        const backend = yield* RedisBackend
        expect(backend.kind).toBe("redis")
        expect(backend.description).toContain(prefix)
        expect(yield* backend.probe).toMatchObject({ status: "up", backend: "redis" })
        const decision = yield* Effect.flatMap(Platform.RateLimiter, (rl) => rl.hit("x", { limit: 1, window: "1 minute" }))
        expect(decision.allowed).toBe(true)
        expect(yield* Effect.promise(() => listRedisKeys(prefix, url))).toEqual([`${prefix}rl:x`])
      }).pipe(Effect.provide(RedisPortsLive.pipe(Layer.provide(Layer.succeed(AppConfig, config)))))
      yield* Effect.promise(() => deleteRedisKeys(prefix, url))
      const described = yield* appConfigFrom({ ...secrets, REDIS_URL: withCredentials, REDIS_PREFIX: prefix }).pipe(
        Effect.map((c) => c.redisUrl)
      )
      expect(Option.isSome(described)).toBe(true)
      const { describeRedisBackend } = yield* Effect.promise(() => import("@podium/host-common"))
      const line = describeRedisBackend({ redisUrl: described, redisPrefix: prefix })
      expect(line).not.toContain("hunter2")
      expect(line).not.toContain("user-x")
    }))
})

describe("redis client without a server", () => {
  it.live("an unreachable server fails the layer with RedisUnavailable after bounded retries", () =>
    Effect.gen(function*() {
      const started = Date.now()
      const exit = yield* Effect.exit(
        Effect.provide(
          RedisClient,
          RedisClientLive({ url: "redis://127.0.0.1:1", prefix: testRedisPrefix("down"), connectAttempts: 3 })
        )
      )
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        const error = Option.getOrThrow(Cause.failureOption(exit.cause))
        expect(error).toBeInstanceOf(RedisUnavailable)
        expect(error.message).toContain("127.0.0.1:1")
      }
      expect(Date.now() - started).toBeLessThan(5_000)
    }))
})

describe("RedisPortsLive without REDIS_URL", () => {
  it.effect("uses the memory twins and reports them up", () =>
    Effect.gen(function*() {
      const config = yield* appConfigFrom({
        JWT_SECRET: "a",
        HASH_SECRET: "b",
        ENCRYPTION_KEY: "c",
        OPS_TOKEN: "d",
        APP_ENV: "test"
      })
      yield* Effect.gen(function*() {
        const backend = yield* RedisBackend
        expect(backend.kind).toBe("memory")
        expect(backend.description).toContain("in-memory")
        expect(yield* backend.probe).toEqual({ status: "up", backend: "memory" })
        const cache = yield* Platform.TtlCache
        yield* cache.set("k", "v", "1 second")
        yield* TestClock.adjust("2 seconds")
        expect(yield* cache.get("k")).toEqual(Option.none())
      }).pipe(Effect.provide(RedisPortsLive.pipe(Layer.provide(Layer.succeed(AppConfig, config)))))
    }))
})
