/**
 * The Postgres client: @effect/sql-pg's PgClient with snake_case columns mapped to camelCase
 * fields. Unlike PgClient.layer, the first connection is retried with backoff for a bounded time
 * (servers often start after the app in containers), then fails with an error naming DATABASE_URL.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import * as SqlClient from "@effect/sql/SqlClient"
import { PgClient } from "@effect/sql-pg"
import { Context, Duration, Effect, Layer, Redacted, Schedule, Schema, String as Str } from "effect"

/** The database could not be reached at start-up. */
export class DatabaseConnectionFailed extends Schema.TaggedError<DatabaseConnectionFailed>()(
  "DatabaseConnectionFailed",
  { message: Schema.String }
) {}

/** Column and result name mapping shared by every Podium PgClient. */
export const pgTransforms = {
  transformQueryNames: Str.camelToSnake,
  transformResultNames: Str.snakeToCamel,
  // jsonb payloads belong to their owners: never rewrite their keys.
  transformJson: false
} as const

/** A URL safe to print: no password. */
export const describeDatabaseUrl = (url: string): string => {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.username ? `${decodeURIComponent(u.username)}@` : ""}${u.host}${u.pathname}`
  } catch {
    return "<unparseable URL>"
  }
}

export interface PgLiveOptions {
  readonly url: Redacted.Redacted<string>
  readonly poolSize: number
  /** How long to keep retrying the first connection; default 30 s. */
  readonly retryFor?: Duration.DurationInput
  /** Where the URL came from, named in the error; default DATABASE_URL. */
  readonly variable?: string
  readonly applicationName?: string
}

/** Builds a PgClient (retrying the first connect); the building block of PgLive and the embedded default. */
export const makePgClient = (
  config: PgClient.PgClientConfig,
  options: { readonly retryFor: Duration.DurationInput; readonly describe: (cause: string) => string }
) =>
  PgClient.make({ ...pgTransforms, ...config }).pipe(
    Effect.tapError((error) =>
      Effect.logWarning("database not reachable yet; retrying").pipe(
        Effect.annotateLogs("cause", String((error.cause as Error | undefined)?.message ?? error.message))
      )
    ),
    Effect.retry(
      Schedule.exponential("200 millis", 2).pipe(
        Schedule.union(Schedule.spaced("3 seconds")),
        Schedule.upTo(options.retryFor)
      )
    ),
    Effect.mapError((error) =>
      new DatabaseConnectionFailed({
        message: options.describe(String((error.cause as Error | undefined)?.message ?? error.message))
      })
    ),
    Effect.provide(Reactivity.layer)
  )

/** The context a PgClient provides: itself and the generic SqlClient. */
export const pgContext = (client: PgClient.PgClient) =>
  Context.make(PgClient.PgClient, client).pipe(Context.add(SqlClient.SqlClient, client))

/** PgClient and SqlClient for a Postgres server at `url`, retrying the first connection. */
export const PgLive = (options: PgLiveOptions): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, DatabaseConnectionFailed> => {
  const retryFor = options.retryFor ?? Duration.seconds(30)
  const variable = options.variable ?? "DATABASE_URL"
  return Layer.scopedContext(
    makePgClient(
      {
        url: options.url,
        maxConnections: options.poolSize,
        connectTimeout: Duration.seconds(10),
        idleTimeout: Duration.seconds(30),
        applicationName: options.applicationName ?? "podium"
      },
      {
        retryFor,
        describe: (cause) =>
          `Could not connect to Postgres at ${describeDatabaseUrl(Redacted.value(options.url))} (${variable}) ` +
          `within ${Duration.format(Duration.decode(retryFor))}: ${cause}. Check ${variable}, or unset it to use the embedded database.`
      }
    ).pipe(Effect.map(pgContext))
  )
}
