/**
 * Chooses the backend of the Redis-backed ports from configuration: ioredis when REDIS_URL is set,
 * the in-memory twins otherwise (single-process only: limits, locks and caches are not shared).
 */
import type { Platform } from "@podium/core"
import { RedisPortsMemory } from "@podium/core/testing"
import { describeRedisUrl, redisProbe, RedisPortsRedisFrom, type RedisProbeResult, type RedisUnavailable } from "@podium/redis"
import { Context, Effect, Layer, Option } from "effect"
import { AppConfig, type AppConfigShape } from "./config.js"
import type { HealthProbe } from "./health.js"

/** Which backend serves the Redis-backed ports, and how to probe it. */
export class RedisBackend extends Context.Tag("@podium/host-common/RedisBackend")<RedisBackend, {
  readonly kind: "redis" | "memory"
  /** One line for the start-up summary, credentials stripped. */
  readonly description: string
  /** Health of the backend; never fails (memory is always up). */
  readonly probe: Effect.Effect<RedisProbeResult>
}>() {}

/** The start-up summary line for the Redis-backed ports, without building anything. */
export const describeRedisBackend = (config: Pick<AppConfigShape, "redisUrl" | "redisPrefix">): string =>
  Option.match(config.redisUrl, {
    onNone: () => "in-memory (REDIS_URL unset; rate limits, caches, locks and leaderboards are per process)",
    onSome: (url) => `redis ${describeRedisUrl(url)} (key prefix "${config.redisPrefix}")`
  })

const memoryProbe: Effect.Effect<RedisProbeResult> = Effect.succeed({ status: "up", backend: "memory" })

/** The Redis-backed ports from a loaded configuration. */
export const redisPortsFrom = (
  config: Pick<AppConfigShape, "redisUrl" | "redisPrefix">
): Layer.Layer<Platform.RedisPorts | RedisBackend, RedisUnavailable> => {
  const description = describeRedisBackend(config)
  return Option.match(config.redisUrl, {
    onNone: () =>
      Layer.merge(RedisPortsMemory, Layer.succeed(RedisBackend, { kind: "memory", description, probe: memoryProbe })),
    onSome: (url) =>
      RedisPortsRedisFrom({ url, prefix: config.redisPrefix }).pipe(
        Layer.map((context) => {
          // Capture the client once so the probe needs nothing from its caller's context.
          const probe = redisProbe().pipe(Effect.provide(context))
          return Context.add(context, RedisBackend, RedisBackend.of({ kind: "redis", description, probe }))
        })
      )
  })
}

/** The Redis-backed ports chosen from `AppConfig`: ioredis when REDIS_URL is set, else the memory twins. */
export const RedisPortsLive: Layer.Layer<Platform.RedisPorts | RedisBackend, RedisUnavailable, AppConfig> = Layer
  .unwrapEffect(Effect.map(AppConfig, redisPortsFrom))

/** The `redis` entry for `HealthProbes`. */
export const redisHealthProbe: Effect.Effect<HealthProbe, never, RedisBackend> = Effect.map(
  RedisBackend,
  (backend): HealthProbe => ({ name: "redis", check: backend.probe })
)
