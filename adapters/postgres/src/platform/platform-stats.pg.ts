/**
 * Database figures from Postgres' statistics views: connections to this database by state
 * (`pg_stat_activity`) and the slowest statements from `pg_stat_statements` when the extension is
 * installed in this database (otherwise an honest "not available" with the reason).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { Effect, Layer, Schema } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

// These reads answer "not available" when the views cannot be read, so the query's own failure is
// kept (rows are decoded after it) instead of becoming a defect.
const StateCount = Schema.Struct({ state: Schema.NullOr(Schema.String), n: Schema.Number })
const stateCounts = rowsOf(StateCount)

const SlowQuery = Schema.Struct({ query: Schema.String, calls: Schema.Number, meanMs: Schema.Number, totalMs: Schema.Number, rows: Schema.Number })
const slowQueries = rowsOf(SlowQuery)

export const PlatformStatsPg = (options: { readonly poolSize: number | null }): Layer.Layer<Platform.PlatformStats, never, SqlClient.SqlClient> =>
  Layer.effect(
    Platform.PlatformStats,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const unavailable = (note: string): Platform.DbConnectionStats => ({ available: false, poolSize: options.poolSize, active: 0, idle: 0, total: 0, note })
      return Platform.PlatformStats.of({
        connections: sql`
          select state, count(*)::int as n from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend' group by state`.pipe(
          Effect.flatMap(stateCounts.decode),
          Effect.map((rows): Platform.DbConnectionStats => {
            const count = (state: string) => rows.filter((r) => r.state === state).reduce((a, r) => a + r.n, 0)
            const total = rows.reduce((a, r) => a + r.n, 0)
            // This query runs on a client connection, so an empty view means the server does not
            // track sessions (the embedded PGlite is single-user): count the one connection there is.
            if (total === 0) {
              return { available: true, poolSize: options.poolSize, active: 1, idle: 0, total: 1, note: "the embedded database tracks no sessions; its one connection is counted" }
            }
            return {
              available: true,
              poolSize: options.poolSize,
              active: count("active"),
              idle: count("idle") + count("idle in transaction"),
              total,
              note: "connections to this database from every process (pg_stat_activity)"
            }
          }),
          Effect.catchAll((e) => Effect.succeed(unavailable(`pg_stat_activity could not be read: ${e.message}`)))
        ),
        slowQueries: (limit) =>
          Effect.gen(function*() {
            const [ext] = yield* Effect.flatMap(sql`select count(*)::int as n from pg_extension where extname = 'pg_stat_statements'`, counts.decode)
            if ((ext?.n ?? 0) === 0) {
              return { available: false as const, reason: "pg_stat_statements is not installed in this database (create extension pg_stat_statements; it also needs shared_preload_libraries)" }
            }
            const queries = yield* Effect.flatMap(
              sql`
                select query, calls::float8 as calls, mean_exec_time as mean_ms, total_exec_time as total_ms, rows::float8 as rows
                from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
                order by mean_exec_time desc limit ${limit}`,
              slowQueries.decode
            )
            return { available: true as const, queries }
          }).pipe(Effect.catchAll((e) => Effect.succeed({ available: false as const, reason: `pg_stat_statements could not be read: ${e.message}` })))
      })
    })
  )
