/**
 * Prepares (or drops) this run's template database; run by global-setup.ts in a child process
 * (tsx) because vitest's global-setup runner cannot load the workspace's packages.
 *   prepare-database.ts prepare <runId>   → prints the TestDatabaseTarget as JSON on the last line
 *   prepare-database.ts drop <runId>      → drops the template and any clones left behind
 * Postgres at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); when it is
 * unreachable, a PGlite template directory instead, except with CI=true, which exits 2.
 */
import { EmbeddedPgLive, makePgClient, PgLive, runMigrations } from "@podium/postgres"
import { Effect, Layer, Redacted } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { testBackend } from "./backend.js"
import type { TestDatabaseTarget } from "./run.js"

const defaultUrl = "postgres://postgres@127.0.0.1:5432/postgres"

const withDatabase = (url: string, database: string) => {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

const admin = (url: string, statement: string) =>
  Effect.scoped(Effect.gen(function*() {
    const client = yield* makePgClient({ url: Redacted.make(url), maxConnections: 1, connectTimeout: "3 seconds" }, {
      retryFor: "1 second",
      describe: (cause) => cause
    })
    return yield* client.unsafe(statement)
  }))

const [command, runId] = process.argv.slice(2)
if (runId === undefined || !/^[a-z0-9]+$/.test(runId)) {
  console.error("usage: prepare-database.ts prepare|drop <runId>")
  process.exit(2)
}
const adminUrl = process.env.TEST_DATABASE_URL ?? defaultUrl
const template = `podium_t_${runId}`

const pgliteTemplate = async (reason: string): Promise<TestDatabaseTarget> => {
  const root = mkdtempSync(join(tmpdir(), `podium-t-${runId}-template-`))
  await Effect.runPromise(
    Effect.orDie(runMigrations()).pipe(Effect.provide(Layer.orDie(EmbeddedPgLive({ dataDir: root }))))
  )
  return { kind: "pglite", templateDir: root, reason }
}

const prepare = async (): Promise<TestDatabaseTarget> => {
  const backend = testBackend()
  // Asked for on purpose: the server is not even tried.
  if (backend === "embedded") return pgliteTemplate("PODIUM_TEST_BACKEND=embedded")
  const reachable = await Effect.runPromise(
    admin(adminUrl, "select 1").pipe(Effect.as(true as const), Effect.catchAll((e) => Effect.succeed(e.message)))
  )
  if (reachable === true) {
    await Effect.runPromise(Effect.gen(function*() {
      // Databases of runs killed before their teardown: older than 2 hours and unused.
      const stale = yield* admin(adminUrl, `
        select datname from pg_database d
        where datname like 'podium\\_t\\_%'
          and not exists (select 1 from pg_stat_activity a where a.datname = d.datname)
          and (pg_stat_file('base/' || d.oid || '/PG_VERSION')).modification < now() - interval '2 hours'`).pipe(
        Effect.orElseSucceed(() => [])
      )
      for (const row of stale as unknown as ReadonlyArray<{ readonly datname: string }>) {
        yield* admin(adminUrl, `drop database if exists "${row.datname}" with (force)`).pipe(Effect.ignore)
      }
      yield* admin(adminUrl, `create database "${template}"`)
      yield* Effect.orDie(runMigrations()).pipe(
        Effect.provide(PgLive({ url: Redacted.make(withDatabase(adminUrl, template)), poolSize: 1, retryFor: "5 seconds" }))
      )
    }))
    return { kind: "postgres", adminUrl, template }
  }
  const reason = `Postgres at ${adminUrl.replace(/:[^:@/]*@/, ":***@")} is unreachable (${reachable})`
  if (process.env.CI === "true" || backend === "server") {
    console.error(`${reason}. ${backend === "server" ? "PODIUM_TEST_BACKEND=server" : "CI=true"}: refusing to fall back to the embedded PGlite database.`)
    process.exit(2)
  }
  return pgliteTemplate(reason)
}

const drop = () =>
  Effect.runPromise(Effect.gen(function*() {
    // Clones left by crashed files first, then the template.
    const rows = yield* admin(adminUrl, `select datname from pg_database where datname like 'podium\\_t\\_${runId}%'`)
    for (const row of rows as unknown as ReadonlyArray<{ readonly datname: string }>) {
      yield* admin(adminUrl, `drop database if exists "${row.datname}" with (force)`)
    }
  }).pipe(Effect.ignore))

if (command === "prepare") {
  const target = await prepare()
  process.stdout.write(`\n${JSON.stringify(target)}\n`)
} else if (command === "drop") {
  await drop()
} else {
  console.error(`unknown command ${command}`)
  process.exit(2)
}
