/**
 * Redis for tests: every test file gets its own key prefix `podium:t:<runId>:<label>:` and deletes
 * its keys afterwards (SCAN + UNLINK by prefix). The server is TEST_REDIS_URL or 127.0.0.1:6379.
 * When it is unreachable, tests fall back to the in-memory twins and say so — except under CI=true
 * or PODIUM_TEST_BACKEND=server, where that is an error. PODIUM_TEST_BACKEND=embedded picks the
 * twins without trying the server.
 */
import type { Platform } from "@podium/core"
import { RedisPortsMemory } from "@podium/core/testing"
import { RedisPortsRedisFrom, type RedisUnavailable } from "@podium/redis"
import { Effect, Layer } from "effect"
import { Redis } from "ioredis"
import { randomBytes } from "node:crypto"
import { basename } from "node:path"
import { testBackend } from "./backend.js"
import { redisPrefix } from "./run.js"

/** The Redis server tests use. */
export const testRedisUrl: string = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379"

const slug = (s: string) => s.replace(/\.[cm]?[jt]s$/, "").replace(/[^A-Za-z0-9_.-]+/g, "-").slice(0, 60)

/**
 * A fresh key prefix under this run's `podium:t:<runId>:`, then `<label>-<random>:` (label may be a
 * file path or URL; its base name is used) or `<random>:`. Unique per call.
 */
export const testRedisPrefix = (label?: string): string =>
  `${redisPrefix}${label === undefined ? "" : `${slug(basename(label))}-`}${randomBytes(3).toString("hex")}:`

/** A raw client (no key prefix) for set-up and clean-up; caller quits it. */
const rawClient = (url: string) =>
  new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null })

/** True when a PING to `url` answers within `timeoutMs`. */
export const redisReachable = async (url: string = testRedisUrl, timeoutMs = 1_000): Promise<boolean> => {
  const client = rawClient(url)
  client.on("error", () => {})
  try {
    await client.connect()
    const pong = await Promise.race([
      client.ping(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs).unref())
    ])
    return pong === "PONG"
  } catch {
    return false
  } finally {
    client.disconnect()
  }
}

/** Escapes glob characters so SCAN MATCH treats the prefix literally. */
const globLiteral = (s: string) => s.replace(/[\\*?[\]]/g, (c) => `\\${c}`)

/** Deletes every key under `prefix`; returns how many. Refuses prefixes outside `podium:t:`. */
export const deleteRedisKeys = async (prefix: string, url: string = testRedisUrl): Promise<number> => {
  if (!prefix.startsWith("podium:t:") || prefix.length <= "podium:t:".length) {
    throw new Error(`deleteRedisKeys: refusing to delete outside a test prefix (${prefix})`)
  }
  const client = rawClient(url)
  client.on("error", () => {})
  await client.connect()
  try {
    let cursor = "0"
    let deleted = 0
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${globLiteral(prefix)}*`, "COUNT", 500)
      cursor = next
      if (keys.length > 0) deleted += await client.unlink(...keys)
    } while (cursor !== "0")
    return deleted
  } finally {
    client.disconnect()
  }
}

/** Lists the keys under `prefix` (full names), for assertions. */
export const listRedisKeys = async (prefix: string, url: string = testRedisUrl): Promise<Array<string>> => {
  const client = rawClient(url)
  client.on("error", () => {})
  await client.connect()
  try {
    const found: Array<string> = []
    let cursor = "0"
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${globLiteral(prefix)}*`, "COUNT", 500)
      cursor = next
      found.push(...keys)
    } while (cursor !== "0")
    return found.sort()
  } finally {
    client.disconnect()
  }
}

/** Where a test file's Redis-backed ports run. */
export type TestRedisTarget =
  | { readonly kind: "redis"; readonly url: string; readonly prefix: string }
  | { readonly kind: "memory"; readonly reason: string }

/**
 * Picks the real server when reachable, else the memory twins (printing why); under CI=true an
 * unreachable server throws instead. Call once per file (top-level await).
 */
export const resolveTestRedis = async (label?: string): Promise<TestRedisTarget> => {
  const backend = testBackend()
  if (backend === "embedded") return { kind: "memory", reason: "PODIUM_TEST_BACKEND=embedded" }
  if (await redisReachable()) return { kind: "redis", url: testRedisUrl, prefix: testRedisPrefix(label) }
  const reason = `Redis at ${testRedisUrl} is unreachable`
  if (process.env.CI === "true" || backend === "server") {
    throw new Error(`${reason} and ${backend === "server" ? "PODIUM_TEST_BACKEND=server" : "CI=true"}: refusing to fall back to the in-memory twins`)
  }
  console.warn(`[podium:test] ${reason}; falling back to the in-memory twins of the Redis-backed ports`)
  return { kind: "memory", reason }
}

/**
 * The Redis-backed ports for `target`: on Redis, a client under the target's prefix whose keys are
 * deleted when the layer is released; on memory, fresh twins.
 */
export const testRedisPortsLayer = (
  target: TestRedisTarget
): Layer.Layer<Platform.RedisPorts, RedisUnavailable> => {
  if (target.kind === "memory") return RedisPortsMemory
  const cleanup = Layer.scopedDiscard(
    Effect.addFinalizer(() => Effect.promise(() => deleteRedisKeys(target.prefix, target.url)).pipe(Effect.ignore))
  )
  // The cleanup layer is built first, so its finalizer runs after the client has closed.
  return RedisPortsRedisFrom({ url: target.url, prefix: target.prefix, connectAttempts: 2 }).pipe(
    Layer.provideMerge(cleanup)
  )
}
