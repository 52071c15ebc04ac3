/**
 * The database every host uses: the Postgres at DATABASE_URL when set, otherwise the embedded
 * PGlite default under DATA_DIR. Migrations run here only on the embedded default (a newcomer's
 * `pnpm start` just works); against a real server the admin CLI's `migrate` runs them.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { PgClient } from "@effect/sql-pg"
import type { Platform } from "@podium/core"
import {
  type DatabaseConnectionFailed,
  describeDatabaseUrl,
  EmbeddedPgLive,
  JobQueuePg,
  type MigrationRef,
  PgLive,
  runMigrations
} from "@podium/postgres"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { join } from "node:path"
import { AppConfig } from "./config.js"

/** Which database backend this process chose, for the start-up summary and health. */
export interface DatabaseInfoShape {
  readonly backend: "postgres" | "embedded"
  /** Printable (no password): `postgres://user@host:5432/db` or `embedded PGlite at <dir>`. */
  readonly description: string
  /** Migrations applied while starting (embedded default only). */
  readonly migratedAtStart: ReadonlyArray<MigrationRef>
}

/** The database backend chosen at start-up. */
export class DatabaseInfo extends Context.Tag("@podium/host-common/DatabaseInfo")<DatabaseInfo, DatabaseInfoShape>() {}

export interface DatabaseOptions {
  /** Run pending migrations at start: default true on the embedded default, false on a server. */
  readonly autoMigrate?: boolean
}

/** A database layer with explicit options (the CLI turns auto-migration off so `migrate` shows its work). */
export const makeDatabaseLive = (
  options: DatabaseOptions = {}
): Layer.Layer<SqlClient.SqlClient | PgClient.PgClient | DatabaseInfo, DatabaseConnectionFailed, AppConfig> =>
  Layer.unwrapEffect(Effect.gen(function*() {
    const config = yield* AppConfig
    const embedded = Option.isNone(config.databaseUrl)
    const client = Option.match(config.databaseUrl, {
      onNone: () => EmbeddedPgLive({ dataDir: config.dataDir }),
      onSome: (url) => PgLive({ url, poolSize: config.databasePoolSize })
    })
    const description = Option.match(config.databaseUrl, {
      onNone: () => `embedded PGlite at ${join(config.dataDir, "pglite")}`,
      onSome: (url) => describeDatabaseUrl(Redacted.value(url))
    })
    const migrate = options.autoMigrate ?? embedded
    const info = Layer.effect(
      DatabaseInfo,
      Effect.gen(function*() {
        const migratedAtStart = migrate
          ? yield* runMigrations().pipe(
            Effect.tap((applied) =>
              applied.length > 0 ? Effect.logInfo(`applied ${applied.length} migration(s)`) : Effect.void
            ),
            Effect.orDie
          )
          : []
        return { backend: embedded ? "embedded" : "postgres", description, migratedAtStart } as const
      })
    )
    return info.pipe(Layer.provideMerge(client))
  }))

/** The database layer every host uses (see makeDatabaseLive). */
export const DatabaseLive = makeDatabaseLive()

/** The durable job queue on the chosen database. */
export const JobQueueLive: Layer.Layer<Platform.JobQueue, never, SqlClient.SqlClient> = JobQueuePg
