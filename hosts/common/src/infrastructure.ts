/**
 * The composition of infrastructure every host shares, chosen from configuration: Postgres or the
 * embedded PGlite, Redis or the in-memory twins, the durable job queue with every context's
 * handlers, and one health probe per component.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Platform } from "@podium/core"
import { databaseProbe, describeDatabaseUrl } from "@podium/postgres"
import { Effect, Layer, Option, Redacted } from "effect"
import { AppConfig, type AppConfigShape } from "./config.js"
import { DatabaseInfo, DatabaseLive, JobQueueLive } from "./database.js"
import { HealthProbes } from "./health.js"
import { JobHandlersLive } from "./jobs.js"
import { describeRedisBackend, RedisBackend, redisHealthProbe, RedisPortsLive } from "./redis.js"

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

/** One probe per component: the database (`select 1`) and the Redis backend (PING, or memory). */
const HealthProbesLive = Layer.effect(
  HealthProbes,
  Effect.gen(function*() {
    const probeDatabase = yield* Effect.map(Effect.context<SqlClient.SqlClient>(), (context) => databaseProbe().pipe(Effect.provide(context)))
    const redis = yield* redisHealthProbe
    return [{ name: "database", check: probeDatabase }, redis]
  })
)

/** Builds the infrastructure of a host from a loaded configuration; the database is ready before it returns. */
export const infrastructureLayer = (config: AppConfigShape) => {
  const base = Layer.mergeAll(DatabaseLive, RedisPortsLive).pipe(Layer.provideMerge(Layer.succeed(AppConfig, config)))
  const jobs = JobHandlersLive.pipe(Layer.provideMerge(JobQueueLive))
  return Layer.mergeAll(jobs, HealthProbesLive).pipe(Layer.provideMerge(base))
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
  ["providers", "none configured yet (each provider port lands with its context)"],
  ["data dir", config.dataDir]
]
