/**
 * The worker and scheduler hosts as processes on the test Postgres: the scheduler enqueues the
 * platform jobs, the worker runs them, and both stop on SIGTERM with exit code 0.
 */
import { Effect, Exit, Scope } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { databaseTarget, freshDatabaseUrl } from "../support/database.js"
import { type HostProcess, startHostProcess } from "../support/process.js"

const scope = Effect.runSync(Scope.make())
const running: Array<HostProcess> = []
afterAll(async () => {
  for (const host of running) host.child.kill("SIGKILL")
  await Effect.runPromise(Scope.close(scope, Exit.void))
})

// Needs the Postgres server: two separate processes (scheduler and worker) share one database,
// which the embedded PGlite (one process's alone) cannot do.
describe.runIf(databaseTarget.kind === "postgres")("background hosts", () => {
  it("scheduler enqueues, worker runs, and both exit 0 on SIGTERM", async () => {
    const env = {
      DATABASE_URL: await Effect.runPromise(Scope.extend(freshDatabaseUrl, scope)),
      APP_ENV: "test",
      DATA_DIR: mkdtempSync(join(tmpdir(), "podium-hosts-")),
      LOG_LEVEL: "info",
      WORKER_POLL_MS: "100"
    }
    const scheduler = startHostProcess("hosts/scheduler/src/main.ts", env)
    const worker = startHostProcess("hosts/worker/src/main.ts", env)
    running.push(scheduler, worker)

    await scheduler.waitForOutput("scheduled platform.heartbeat")
    await worker.waitForOutput("platform heartbeat")

    for (const host of [scheduler, worker]) {
      const signalled = Date.now()
      host.child.kill("SIGTERM")
      const { code, at } = await host.exited
      expect(code, host.output()).toBe(0)
      expect(at - signalled).toBeLessThan(30_000)
    }
    expect(worker.output()).toContain("worker stopped")
  }, 300_000)
})
