/**
 * Run-wide set-up: picks the run id (shared with every test file through `inject`), then creates
 * and migrates ONE template database for the run on the test Postgres (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). When that server is unreachable the run falls back
 * to a PGlite template and SAYS SO, except in CI (CI=true), where an unreachable server fails the run.
 * The work happens in a tsx child process (prepare-database.ts): vitest's global-setup runner
 * cannot import the workspace's packages.
 */
import { execFileSync } from "node:child_process"
import { rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import type { TestProject } from "vitest/node"
import type { TestDatabaseTarget } from "./run.js"

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, "..", "..")

const runPrepare = (command: "prepare" | "drop", runId: string) =>
  execFileSync(
    process.execPath,
    ["--import", "tsx", "--conditions=podium-source", join(here, "prepare-database.ts"), command, runId],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: process.env }
  )

export default function setup(project: TestProject) {
  const runId = `${Date.now().toString(36).slice(-6)}${Math.random().toString(36).slice(2, 6)}`
  project.provide("podiumRunId", runId)
  process.env.PODIUM_TEST_RUN_ID = runId

  let output: string
  try {
    output = runPrepare("prepare", runId)
  } catch (error) {
    throw new Error(`Test database set-up failed (see above). ${(error as Error).message.split("\n")[0]}`)
  }
  const target = JSON.parse(output.trim().split("\n").at(-1)!) as TestDatabaseTarget
  if (target.kind === "pglite") {
    console.warn(
      target.reason === "PODIUM_TEST_BACKEND=embedded"
        ? "\n[podium tests] PODIUM_TEST_BACKEND=embedded: running on the embedded PGlite database and the in-memory Redis twins.\n"
        : `\n[podium tests] ${target.reason}; FALLING BACK to the embedded PGlite database.\n`
    )
  }
  project.provide("podiumDatabase", target)

  return () => {
    if (target.kind === "postgres") runPrepare("drop", runId)
    else rmSync(target.templateDir, { recursive: true, force: true })
  }
}
