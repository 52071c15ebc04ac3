/**
 * The embedded default database: PGlite (real Postgres compiled to WASM) with its data under
 * `<dataDir>/pglite`, served on 127.0.0.1 by the wire server of embedded.server.ts and reached
 * through the same PgClient as a real server, so every query runs with Postgres semantics.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { PgClient } from "@effect/sql-pg"
import type { PGlite } from "@electric-sql/pglite"
import { Effect, Layer } from "effect"
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs"
import { join } from "node:path"
import { DatabaseConnectionFailed, makePgClient, pgContext } from "./client.pg.js"
import { serveEmbedded } from "./embedded.server.js"

export interface EmbeddedOptions {
  /** Data directory root (DATA_DIR); the database lives in `<dataDir>/pglite`. Omit for an in-memory database. */
  readonly dataDir?: string
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

/**
 * PGlite has no multi-process locking: two processes on one data directory corrupt it. A lock
 * file with our pid keeps a second process (say, the CLI while `pnpm start` runs) out.
 */
const acquireDirLock = (dir: string) =>
  Effect.acquireRelease(
    Effect.try({
      try: () => {
        const file = join(dir, "podium.lock")
        for (let i = 0; i < 2; i++) {
          try {
            const fd = openSync(file, "wx")
            writeSync(fd, String(process.pid))
            closeSync(fd)
            return file
          } catch (e) {
            if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e
            const owner = Number(readFileSync(file, "utf8").trim())
            if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
              throw new Error(
                `The embedded database at ${dir} is in use by process ${owner}. Stop it, or set DATABASE_URL to share a Postgres server.`
              )
            }
            rmSync(file, { force: true }) // stale lock of a dead process
          }
        }
        throw new Error(`Could not lock ${dir}`)
      },
      catch: (e) => new DatabaseConnectionFailed({ message: (e as Error).message })
    }),
    (file) => Effect.sync(() => rmSync(file, { force: true }))
  )

/**
 * PGlite is loaded on first use, never at module evaluation: a production host on DATABASE_URL
 * must start without it installed, and its WASM costs start-up time where it is not used.
 */
const loadPglite = Effect.tryPromise({
  try: async (): Promise<typeof PGlite> => (await import("@electric-sql/pglite")).PGlite,
  catch: (e) =>
    new DatabaseConnectionFailed({
      message: (e as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND"
        ? "DATABASE_URL is unset, so the embedded database was asked for, but @electric-sql/pglite " +
          "is not installed here. Set DATABASE_URL to a Postgres server " +
          `(production), or install it (pnpm install) to use the embedded database. (${String(e)})`
        : `Could not load the embedded database: ${String(e)}`
    })
})

/** Starts PGlite and its wire server in the current scope; both close when the scope closes. */
export const startEmbedded = (options: EmbeddedOptions) =>
  Effect.gen(function*() {
    const PGlite = yield* loadPglite
    const dir = options.dataDir === undefined ? undefined : join(options.dataDir, "pglite")
    if (dir !== undefined) {
      yield* Effect.sync(() => mkdirSync(dir, { recursive: true }))
      yield* acquireDirLock(dir)
    }
    const db = yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () => PGlite.create(dir === undefined ? undefined : dir),
        catch: (e) =>
          new DatabaseConnectionFailed({
            message: `Could not open the embedded database${dir === undefined ? "" : ` at ${dir}`}: ${String(e)}`
          })
      }),
      (db) => Effect.promise(() => db.close()).pipe(Effect.ignore)
    )
    const server = yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () => serveEmbedded(db),
        catch: (e) => new DatabaseConnectionFailed({ message: `Could not serve the embedded database: ${String(e)}` })
      }),
      (server) => Effect.promise(() => server.close()).pipe(Effect.ignore)
    )
    return { db, host: server.host, port: server.port, dir }
  })

/** PgClient and SqlClient on the embedded PGlite database (scoped: closes the server and the database on release). */
export const EmbeddedPgLive = (
  options: EmbeddedOptions
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, DatabaseConnectionFailed> =>
  Layer.scopedContext(Effect.gen(function*() {
    const embedded = yield* startEmbedded(options)
    const client = yield* makePgClient(
      {
        host: embedded.host,
        port: embedded.port,
        database: "postgres",
        username: "postgres",
        // PGlite is one session: a second connection would only wait for it at the server (see
        // embedded.server.ts). One connection, and fibers queue for it in the pool; waiting is
        // normal, so be patient.
        maxConnections: 1,
        connectTimeout: "60 seconds",
        applicationName: "podium"
      },
      { retryFor: "5 seconds", describe: (cause) => `Could not connect to the embedded database: ${cause}` }
    )
    yield* Effect.logDebug("embedded database ready").pipe(Effect.annotateLogs("dir", embedded.dir ?? "(memory)"))
    return pgContext(client)
  }))
