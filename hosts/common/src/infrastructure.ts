/**
 * The composition of infrastructure every host shares, chosen from configuration: Postgres or the
 * embedded PGlite, Redis or the in-memory twins, the durable job queue with every context's
 * handlers, and one health probe per component.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Platform } from "@podium/core"
import { type DatabaseConnectionFailed, databaseProbe, describeDatabaseUrl } from "@podium/postgres"
import type { RedisUnavailable } from "@podium/redis"
import { Effect, Layer, Option, Redacted } from "effect"
import { AppConfig, type AppConfigShape } from "./config.js"
import { type ContextServices, HostContexts } from "./contexts.js"
import type { AnyHostContext } from "./host-context.js"
import { DatabaseInfo, DatabaseLive, JobQueueLive } from "./database.js"
import { HealthProbes } from "./health.js"
import { JobHandlersLive } from "./jobs.js"
import { describeRedisBackend, RedisBackend, redisHealthProbe, RedisPortsLive } from "./redis.js"
import { defaultSearchSettings, searchEngineLayer, searchHealthProbe } from "./search.js"

/** What a host gets from `infrastructureLayer`. */
export type Infrastructure =
  | AppConfig
  | HealthProbes
  | SqlClient.SqlClient
  | DatabaseInfo
  | Platform.RedisPorts
  | RedisBackend
  | Platform.JobQueue
  | Platform.JobHandlers
  | ContextServices

/** One probe per component: the database (`select 1`) and the Redis backend (PING, or memory). */
const HealthProbesLive = (config: AppConfigShape) => Layer.effect(
  HealthProbes,
  Effect.gen(function*() {
    const probeDatabase = yield* Effect.map(Effect.context<SqlClient.SqlClient>(), (context) => databaseProbe().pipe(Effect.provide(context)))
    const redis = yield* redisHealthProbe
    const search = yield* searchHealthProbe(config.search) // search engine (search.ts)
    return [{ name: "database", check: probeDatabase }, redis, search]
  })
)

/**
 * Builds the infrastructure of a host from a loaded configuration; the database is ready before
 * it returns. Each context's layer sees the base and every context listed before it.
 */
export const infrastructureLayer = (
  config: AppConfigShape,
  /** The contexts to build (every host builds all; the bench's one-context host builds a prefix of the list). */
  contexts: ReadonlyArray<AnyHostContext> = HostContexts
): Layer.Layer<Infrastructure, DatabaseConnectionFailed | RedisUnavailable> => {
  const base = Layer.mergeAll(DatabaseLive, RedisPortsLive).pipe(Layer.provideMerge(Layer.succeed(AppConfig, config)))
  const jobs = JobHandlersLive.pipe(Layer.provideMerge(JobQueueLive))
  const probes = HealthProbesLive(config).pipe(Layer.provide(searchEngineLayer(config.search ?? defaultSearchSettings)))
  // biome-ignore lint/suspicious/noExplicitAny: the fold's intermediate types are the declared result
  let layer: Layer.Layer<any, DatabaseConnectionFailed | RedisUnavailable> = Layer.merge(jobs, probes).pipe(Layer.provideMerge(base))
  for (const context of contexts) layer = context.live(config).pipe(Layer.provideMerge(layer))
  return layer as Layer.Layer<Infrastructure, DatabaseConnectionFailed | RedisUnavailable>
}

/** Lines describing which backend serves each port, for the start-up summary (secrets redacted). */
export const describeInfrastructure = (config: AppConfigShape): ReadonlyArray<readonly [string, string]> => [
  ["environment", config.appEnv],
  [
    "database",
    Option.match(config.databaseUrl, {
      onNone: () => `embedded PGlite (DATABASE_URL unset), data in ${config.dataDir}/pglite, migrated at start`,
      onSome: (url) => `${describeDatabaseUrl(Redacted.value(url))} (migrations: pnpm cli migrate)`
    })
  ],
  ["redis ports", describeRedisBackend(config)],
  ["background", config.allInOne ? "all-in-one: worker and scheduler loops run in this process" : "worker and scheduler run as their own hosts"],
  ...HostContexts.flatMap((context) => context.describe?.(config) ?? []),
  ["data dir", config.dataDir]
]
