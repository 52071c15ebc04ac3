/** Health probes of A 4.1: live never checks dependencies; health and ready report each component. */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startHttp, type RunningHttp } from "../support/http.js"
import { infraWith, switchableProbe } from "../support/infra.js"

const database = switchableProbe("database")
const redis = switchableProbe("redis")
let http: RunningHttp
beforeAll(async () => {
  http = await startHttp(await infraWith([database.probe, redis.probe]))
})
afterAll(() => http.close())

describe("health", () => {
  it("answers 200 with every component under info and details while all are up", async () => {
    const res = await http.get("/health")
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: "ok",
      info: { database: { status: "up" }, redis: { status: "up" } },
      error: {},
      details: { database: { status: "up" }, redis: { status: "up" } }
    })
  })

  it("answers 503 with the failing component under error, on /health and /health/ready", async () => {
    database.down("connection refused")
    try {
      for (const path of ["/health", "/health/ready"]) {
        const res = await http.get(path)
        expect(res.status).toBe(503)
        expect(res.body.status).toBe("error")
        expect(res.body.error).toEqual({ database: { status: "down", message: "connection refused" } })
        expect(res.body.info).toEqual({ redis: { status: "up" } })
        expect(Object.keys(res.body.details)).toEqual(["database", "redis"])
      }
    } finally {
      database.up()
    }
  })

  it("keeps /health/live at 200 while a dependency is down", async () => {
    redis.down("timeout")
    try {
      const res = await http.get("/health/live")
      expect(res.status).toBe(200)
      expect(res.body.status).toBe("ok")
    } finally {
      redis.up()
    }
  })

  it("flips readiness to 503 shutting_down once draining begins, while live stays 200", async () => {
    const fresh = await startHttp(await infraWith([]))
    try {
      expect((await fresh.get("/health/ready")).status).toBe(200)
      fresh.lifecycle.beginDrain()
      const ready = await fresh.get("/health/ready")
      expect(ready.status).toBe(503)
      expect(ready.body.status).toBe("shutting_down")
      expect((await fresh.get("/health/live")).status).toBe(200)
    } finally {
      await fresh.close()
    }
  })
})
