/**
 * The id of this test run, shared by every test file (set once by the global setup). Use it to
 * name per-run resources: the database is `podium_t_<runId>`, Redis keys use `redisPrefix`.
 */
import { inject } from "vitest"

declare module "vitest" {
  export interface ProvidedContext {
    podiumRunId: string
    podiumDatabase: TestDatabaseTarget
  }
}

/** Where this run's test databases come from. */
export type TestDatabaseTarget =
  | { readonly kind: "postgres"; readonly adminUrl: string; readonly template: string }
  | { readonly kind: "pglite"; readonly templateDir: string; readonly reason: string }

/** Short, lower-case, unique per run. */
export const runId: string = inject("podiumRunId")

/** Key prefix for Redis keys written by this run. */
export const redisPrefix = `podium:t:${runId}:`
