/**
 * Database-side operational figures for the observability and platform-health views: connection
 * usage and the slowest statements (from `pg_stat_statements` when the extension is installed).
 * Adapters answer honestly when a figure is not available rather than inventing one.
 */
import { Context, type Effect } from "effect"

export interface DbConnectionStats {
  /** False when the backend cannot report connections (the embedded database, memory twins). */
  readonly available: boolean
  /** The configured pool size of this process. */
  readonly poolSize: number | null
  /** Connections to this database (every process), by state. */
  readonly active: number
  readonly idle: number
  readonly total: number
  readonly note: string | null
}

export interface SlowQuery {
  readonly query: string
  readonly calls: number
  readonly meanMs: number
  readonly totalMs: number
  readonly rows: number
}

export type SlowQueries =
  | { readonly available: true; readonly queries: ReadonlyArray<SlowQuery> }
  | { readonly available: false; readonly reason: string }

export class PlatformStats extends Context.Tag("@podium/core/platform/PlatformStats")<PlatformStats, {
  readonly connections: Effect.Effect<DbConnectionStats>
  /** The `limit` statements with the highest mean time. */
  readonly slowQueries: (limit: number) => Effect.Effect<SlowQueries>
}>() {}
