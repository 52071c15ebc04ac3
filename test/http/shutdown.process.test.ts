/**
 * SIGTERM on the real host process: readiness flips to 503 at once, the in-flight request still
 * completes, and the process exits 0 well within 30 seconds.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { hostEnv } from "../support/host-env.js"

const root = resolve(import.meta.dirname, "../..")

const freePort = () =>
  new Promise<number>((done, fail) => {
    const srv = createServer()
    srv.once("error", fail)
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address()
      srv.close(() => done(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

const waitFor = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error("condition not met in time")
}

let child: ChildProcess | undefined
afterAll(() => {
  child?.kill("SIGKILL")
})

describe("graceful shutdown", () => {
  it("drains on SIGTERM: ready 503 at once, in-flight request completes, exit code 0", async () => {
    const port = await freePort()
    const env = {
      ...process.env,
      ...(await hostEnv()),
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_ENV: "test",
      DATA_DIR: mkdtempSync(join(tmpdir(), "podium-shutdown-")),
      OPS_TOKEN: "ops",
      LOG_LEVEL: "warning"
    }
    const output: Array<string> = []
    child = spawn(process.execPath, ["--import", "tsx", "--conditions=podium-source", "hosts/http/src/main.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
    child.stdout?.on("data", (d) => output.push(String(d)))
    child.stderr?.on("data", (d) => output.push(String(d)))
    const exited = new Promise<{ code: number | null; at: number }>((done) => child!.once("exit", (code) => done({ code, at: Date.now() })))
    const base = `http://127.0.0.1:${port}`
    await waitFor(async () => (await fetch(`${base}/health/ready`)).status === 200, 60_000).catch((e) => {
      throw new Error(`${e}\n${output.join("")}`)
    })

    const slow = fetch(`${base}/memory/test-leak?windowMs=1500`, { headers: { "x-ops-token": "ops" } })
    await new Promise((r) => setTimeout(r, 200))
    const signalledAt = Date.now()
    child.kill("SIGTERM")
    await new Promise((r) => setTimeout(r, 50))

    const ready = await fetch(`${base}/health/ready`)
    expect(ready.status).toBe(503)
    expect(((await ready.json()) as { status: string }).status).toBe("shutting_down")

    const inFlight = await slow
    expect(inFlight.status).toBe(200)
    expect(((await inFlight.json()) as { data: { windowMs: number } }).data.windowMs).toBe(1500)

    const { code, at } = await exited
    expect(code).toBe(0)
    expect(at - signalledAt).toBeLessThan(30_000)
  }, 90_000)
})
