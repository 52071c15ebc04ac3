/**
 * The shared ioredis connection. Every key goes through ioredis' `keyPrefix`, which also prefixes
 * the KEYS of EVAL/EVALSHA and of `defineCommand` scripts (ioredis knows their key positions), so
 * Lua scripts see prefixed keys without any help. It does not touch SCAN/KEYS patterns or replies.
 */
import { Context, Data, Duration, Effect, Layer, Redacted, Schedule } from "effect"
import { Redis } from "ioredis"

/** Redis could not be reached when the layer was built. */
export class RedisUnavailable extends Data.TaggedError("RedisUnavailable")<{
  readonly message: string
}> {}

/** An open ioredis client and the key prefix it applies. */
export class RedisClient extends Context.Tag("@podium/redis/RedisClient")<RedisClient, {
  readonly client: Redis
  readonly prefix: string
  /** Message of the most recent connection error, for health output. */
  readonly lastError: () => string | undefined
}>() {}

export interface RedisClientConfig {
  /** redis:// or rediss:// URL (credentials allowed; never logged). */
  readonly url: string | Redacted.Redacted<string>
  /** Prepended to every key, e.g. `podium:` or a test run's `podium:t:<run>:<file>:`. */
  readonly prefix: string
  /** First-connect attempts before the layer fails (default 5, exponential backoff from 100 ms). */
  readonly connectAttempts?: number
  /** Timeout of one connect attempt (default 2 s). */
  readonly connectTimeout?: Duration.DurationInput
  /** Timeout of any single command (default 5 s). */
  readonly commandTimeout?: Duration.DurationInput
}

/** Host and port of a Redis URL with credentials stripped, for start-up summaries. */
export const describeRedisUrl = (url: string | Redacted.Redacted<string>): string => {
  const raw = Redacted.isRedacted(url) ? Redacted.value(url) : url
  try {
    const u = new URL(raw)
    return `${u.protocol}//${u.hostname}:${u.port || "6379"}${u.pathname && u.pathname !== "/" ? u.pathname : ""}`
  } catch {
    return "redis (unparseable URL)"
  }
}

const errorMessage = (error: unknown) => error instanceof Error ? error.message || error.name : String(error)

/** Opens the client (lazily, with bounded first-connect retries) and closes it with the scope. */
export const makeRedisClient = (config: RedisClientConfig) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      let connected = false
      let lastError: string | undefined
      const url = Redacted.isRedacted(config.url) ? Redacted.value(config.url) : config.url
      const client = new Redis(url, {
        lazyConnect: true,
        keyPrefix: config.prefix,
        // Commands issued in the same event-loop turn (concurrent requests' cache reads) leave in
        // one socket write instead of one write each; replies and ordering are unchanged.
        enableAutoPipelining: true,
        connectTimeout: Duration.toMillis(config.connectTimeout ?? Duration.seconds(2)),
        commandTimeout: Duration.toMillis(config.commandTimeout ?? Duration.seconds(5)),
        maxRetriesPerRequest: 3,
        // Before the first successful connect we retry ourselves (bounded, below); afterwards
        // ioredis reconnects forever with a capped backoff.
        retryStrategy: (times) => connected ? Math.min(times * 200, 2_000) : null
      })
      client.on("error", (error: unknown) => {
        lastError = errorMessage(error)
      })
      const attempts = Math.max(1, config.connectAttempts ?? 5)
      yield* Effect.tryPromise({
        try: () => client.connect(),
        catch: (error) => new RedisUnavailable({ message: `Redis at ${describeRedisUrl(url)}: ${errorMessage(error)}` })
      }).pipe(
        Effect.retry(Schedule.exponential(Duration.millis(100)).pipe(Schedule.intersect(Schedule.recurs(attempts - 1)))),
        Effect.tapError(() => Effect.sync(() => client.disconnect()))
      )
      connected = true
      return RedisClient.of({ client, prefix: config.prefix, lastError: () => lastError })
    }),
    ({ client }) =>
      Effect.tryPromise(() => client.quit()).pipe(
        Effect.timeout(Duration.seconds(2)),
        Effect.ignore,
        Effect.ensuring(Effect.sync(() => client.disconnect()))
      )
  )

/** The RedisClient layer; fails with RedisUnavailable when the first connect keeps failing. */
export const RedisClientLive = (config: RedisClientConfig): Layer.Layer<RedisClient, RedisUnavailable> =>
  Layer.scoped(RedisClient, makeRedisClient(config))

/** What a health check reports for Redis. */
export type RedisProbeResult =
  | { readonly status: "up"; readonly backend: "redis" | "memory"; readonly latencyMs?: number }
  | { readonly status: "down"; readonly backend: "redis"; readonly message: string }

/** PINGs Redis with a short timeout (default 1 s); never fails. */
export const redisProbe = (timeout: Duration.DurationInput = Duration.seconds(1)): Effect.Effect<RedisProbeResult, never, RedisClient> =>
  Effect.flatMap(RedisClient, ({ client, lastError }) => {
    const started = Date.now()
    return Effect.tryPromise(() => client.ping()).pipe(
      Effect.timeoutFail({
        duration: timeout,
        onTimeout: () => new Error(`PING timed out after ${Duration.format(timeout)}`)
      }),
      Effect.map((): RedisProbeResult => ({ status: "up", backend: "redis", latencyMs: Date.now() - started })),
      Effect.catchAll((error) => {
        const cause = error instanceof Error && "error" in error ? (error as { error: unknown }).error : error
        const last = lastError()
        const message = errorMessage(cause)
        return Effect.succeed<RedisProbeResult>({
          status: "down",
          backend: "redis",
          message: last !== undefined && last !== message ? `${message} (last error: ${last})` : message
        })
      })
    )
  })

/** Runs an ioredis call; a rejection (connection lost, script error) is an infrastructure defect. */
export const redisCall = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)
