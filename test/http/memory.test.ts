/** Memory routes of A 4.1, guarded by the operator token and switched off by configuration. */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startHttp, type RunningHttp } from "../support/http.js"
import { infraWith } from "../support/infra.js"

const ops = { "x-ops-token": "ops-token-for-tests" }
let http: RunningHttp
beforeAll(async () => {
  http = await startHttp(await infraWith([]))
})
afterAll(() => http.close())

describe("memory routes", () => {
  it("report current usage in the envelope", async () => {
    const res = await http.get("/memory/usage", { headers: ops })
    expect(res.status).toBe(200)
    expect(res.body.statusText).toBe("OK")
    expect(res.body.data.heapUsed).toBeGreaterThan(0)
    expect(res.body.data.human.heapUsed).toMatch(/MB$/)
  })

  it("refuse a forced GC with a clear 503 when the process was not started with --expose-gc", async () => {
    const res = await http.request("POST", "/memory/gc", undefined, ops)
    if ((globalThis as { gc?: unknown }).gc === undefined) {
      expect(res.status).toBe(503)
      expect(res.body).toMatchObject({ code: "GC_NOT_EXPOSED", data: null })
      expect(res.body.message).toContain("--expose-gc")
    } else {
      expect(res.status).toBe(201)
      expect(res.body.data.after.heapUsed).toBeGreaterThan(0)
    }
  })

  it("measure a heap diff over the requested window", async () => {
    const started = Date.now()
    const res = await http.get("/memory/test-leak?windowMs=200", { headers: ops })
    expect(res.status).toBe(200)
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    expect(res.body.data).toMatchObject({ windowMs: 200, heapDiffBytes: expect.any(Number), suspectedLeak: expect.any(Boolean) })
  })

  it("are not served at all when MEMORY_ROUTES is off", async () => {
    const off = await startHttp(await infraWith([], { MEMORY_ROUTES: "false" }))
    try {
      const res = await off.get("/memory/usage", { headers: ops })
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ statusText: "NOT_FOUND", data: null })
    } finally {
      await off.close()
    }
  })
})
