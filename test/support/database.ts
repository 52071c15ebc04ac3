/**
 * Test databases. The global setup creates ONE migrated template per run (`podium_t_<runId>` on the
 * Postgres at TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; or a PGlite
 * data directory when no server is reachable outside CI). Each build of `TestDatabase` clones it
 * (`create database … template …`) and drops the clone when the layer is released, so test files
 * run in parallel without seeing each other's rows.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { PgClient } from "@effect/sql-pg"
import {
  DatabaseConnectionFailed,
  EmbeddedPgLive,
  makePgClient,
  PgLive,
  runMigrations
} from "@podium/postgres"
import { Effect, Layer, Redacted } from "effect"
import { cpSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { inject } from "vitest"
import { runId, type TestDatabaseTarget } from "./run.js"

export { runId }

/** Where this run's databases live (see global-setup.ts). */
export const databaseTarget: TestDatabaseTarget = inject("podiumDatabase")

/** Default server URL for tests. */
export const defaultTestDatabaseUrl = "postgres://postgres@127.0.0.1:5432/postgres"

const withDatabase = (url: string, database: string) => {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

let counter = 0
const cloneName = () => `podium_t_${runId}_${process.pid}_${counter++}`

/** A one-connection admin client on the server's maintenance database. */
const adminClient = (adminUrl: string) =>
  makePgClient({ url: Redacted.make(adminUrl), maxConnections: 1 }, {
    retryFor: "2 seconds",
    describe: (cause) => `Test Postgres unreachable at ${adminUrl}: ${cause}`
  })

const isBusyTemplate = (e: unknown) => /being accessed by other users/.test(String((e as { cause?: unknown }).cause ?? e))

/** Creates a clone of the run's template on the server; returns its URL. Dropped when the scope closes. */
const cloneOnServer = (target: Extract<TestDatabaseTarget, { kind: "postgres" }>) =>
  Effect.gen(function*() {
    const name = cloneName()
    yield* Effect.acquireRelease(
      Effect.scoped(Effect.gen(function*() {
        const admin = yield* adminClient(target.adminUrl)
        yield* admin.unsafe(`create database "${name}" template "${target.template}"`).pipe(
          // Concurrent clones of one template can collide briefly; try again.
          Effect.retry({ times: 20, while: isBusyTemplate }),
          Effect.orDie
        )
      })),
      () =>
        Effect.scoped(Effect.gen(function*() {
          const admin = yield* adminClient(target.adminUrl)
          yield* admin.unsafe(`drop database if exists "${name}" with (force)`)
        })).pipe(Effect.ignoreLogged)
    )
    return withDatabase(target.adminUrl, name)
  })

/** Copies the run's PGlite template directory; removed when the scope closes. */
const cloneDirectory = (target: Extract<TestDatabaseTarget, { kind: "pglite" }>) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const dir = mkdtempSync(join(tmpdir(), `podium-t-${runId}-`))
      cpSync(target.templateDir, dir, { recursive: true })
      return dir
    }),
    (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
  )

/**
 * A fresh, migrated database for the tests using this layer: a clone of the run's template on the
 * test Postgres, or (fallback) a copy of the PGlite template. Provides PgClient and SqlClient.
 */
export const TestDatabase: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, DatabaseConnectionFailed> =
  Layer.unwrapScoped(Effect.gen(function*() {
    if (databaseTarget.kind === "postgres") {
      const url = yield* cloneOnServer(databaseTarget)
      return PgLive({ url: Redacted.make(url), poolSize: 8, retryFor: "5 seconds", variable: "TEST_DATABASE_URL" })
    }
    const dir = yield* cloneDirectory(databaseTarget)
    return EmbeddedPgLive({ dataDir: dir })
  }))

/** A fresh in-memory PGlite database with the migrations applied, whatever the run's target. */
export const EmbeddedTestDatabase: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, DatabaseConnectionFailed> =
  Layer.unwrapScoped(Effect.gen(function*() {
    if (databaseTarget.kind === "pglite") {
      return EmbeddedPgLive({ dataDir: yield* cloneDirectory(databaseTarget) })
    }
    return Layer.effectDiscard(Effect.orDie(runMigrations())).pipe(Layer.provideMerge(EmbeddedPgLive({})))
  }))

/** An empty (unmigrated) database clone of the server's template0, for migration tests; PGlite when no server. */
export const EmptyTestDatabase: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, DatabaseConnectionFailed> =
  Layer.unwrapScoped(Effect.gen(function*() {
    if (databaseTarget.kind === "postgres") {
      const url = yield* cloneOnServer({ ...databaseTarget, template: "template0" })
      return PgLive({ url: Redacted.make(url), poolSize: 2, retryFor: "5 seconds", variable: "TEST_DATABASE_URL" })
    }
    return EmbeddedPgLive({})
  }))


/**
 * A directory holding a copy of the run's migrated PGlite template (as `<dir>/pglite`), removed when
 * the scope closes: a DATA_DIR for a host on the embedded default. PGlite runs only.
 */
export const clonePgliteTemplate = Effect.suspend(() =>
  databaseTarget.kind === "pglite"
    ? cloneDirectory(databaseTarget)
    : Effect.dieMessage("clonePgliteTemplate needs the run's PGlite template (embedded backend)")
)

/**
 * The URL of a fresh migrated clone on the test server (dropped when the scope closes), for tests
 * that must connect themselves (through a proxy, from a child process). Postgres runs only.
 */
export const freshDatabaseUrl = Effect.suspend(() =>
  databaseTarget.kind === "postgres"
    ? cloneOnServer(databaseTarget)
    : Effect.dieMessage("freshDatabaseUrl needs the test Postgres server")
)
