/**
 * SIGTERM on the real host process (embedded default: PGlite, memory Redis ports, all-in-one):
 * readiness flips to 503 at once, the in-flight request still completes, and the process exits 0
 * well within 30 seconds.
 */
import { mkdtempSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { type HostProcess, startHostProcess } from "../support/process.js"

const freePort = () =>
  new Promise<number>((done, fail) => {
    const srv = createServer()
    srv.once("error", fail)
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address()
      srv.close(() => done(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

let host: HostProcess | undefined
afterAll(() => {
  host?.child.kill("SIGKILL")
})

describe("graceful shutdown", () => {
  it("drains on SIGTERM: ready 503 at once, in-flight request completes, exit code 0", async () => {
    const port = await freePort()
    host = startHostProcess("hosts/http/src/main.ts", {
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_ENV: "test",
      DATA_DIR: mkdtempSync(join(tmpdir(), "podium-shutdown-")),
      OPS_TOKEN: "ops",
      LOG_LEVEL: "warning"
    })
    const base = `http://127.0.0.1:${port}`
    await host.waitForOutput("listening")
    expect((await fetch(`${base}/health/ready`)).status).toBe(200)

    const slow = fetch(`${base}/memory/test-leak?windowMs=1500`, { headers: { "x-ops-token": "ops" } })
    await new Promise((r) => setTimeout(r, 200))
    const signalledAt = Date.now()
    host.child.kill("SIGTERM")
    await new Promise((r) => setTimeout(r, 50))

    const ready = await fetch(`${base}/health/ready`)
    expect(ready.status).toBe(503)
    expect(((await ready.json()) as { status: string }).status).toBe("shutting_down")

    const inFlight = await slow
    expect(inFlight.status).toBe(200)
    expect(((await inFlight.json()) as { data: { windowMs: number } }).data.windowMs).toBe(1500)

    const { code, at } = await host.exited
    expect(code, host.output()).toBe(0)
    expect(at - signalledAt).toBeLessThan(30_000)
  }, 90_000)
})
