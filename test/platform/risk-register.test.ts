/**
 * The risk register through the real host: 13 probes from live signals (a DEAD job turns dead-jobs
 * to warning), acknowledge and escalate writing hash-chained audit rows (escalation pages), 404,
 * 400 and the guard.
 */
import { Identity, Platform } from "@podium/core"
import { RecordedPages } from "@podium/host-common"
import { DateTime, Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { bearer, createAdmin } from "../support/sign-in.js"

let host: RealHost
let token: string
let adminId: string
let otherToken: string

beforeAll(async () => {
  host = await startRealHost(import.meta.url)
  const tokenFor = async (id: string) => (await host.run(Identity.startSession({ account: { kind: "admin", id }, role: "admin" }))).accessToken
  adminId = (await createAdmin(host, ["platform.operate"])).id
  token = await tokenFor(adminId)
  otherToken = await tokenFor((await createAdmin(host, ["admins.read"])).id)
})
afterAll(() => host?.close())

const get = (path: string, t = token) => host.http.get(path, { headers: bearer(t) })
const post = (path: string, body: unknown, t = token) => host.http.request("POST", path, body, bearer(t))

describe("risk register", () => {
  it("lists 13 probes with health, signal, last check, action and runbook anchor, from live signals", async () => {
    const before = await get("/v2/admin/risk-register")
    expect(before.status).toBe(200)
    expect(before.body.data.count).toBe(13)
    const byId = (body: { data: { data: Array<{ id: string }> } }, id: string) => body.data.data.find((r) => r.id === id) as Record<string, unknown>
    expect(byId(before.body, "database")).toMatchObject({ health: "ok", runbookAnchor: "docs/runbook.md#risk-database", acknowledged: null, escalated: null })
    expect(byId(before.body, "dead-jobs")).toMatchObject({ health: "ok", signal: "0 DEAD job(s)" })
    expect(byId(before.body, "audit-chain").health).toBe("ok")
    expect(byId(before.body, "metrics-export")).toMatchObject({ health: "warning", signal: "no OTLP endpoint configured" })
    for (const r of before.body.data.data) {
      expect(["ok", "warning", "critical", "unknown"]).toContain(r.health)
      expect(r.signal.length).toBeGreaterThan(0)
      expect(r.recommendedAction.length).toBeGreaterThan(0)
      expect(Date.parse(r.lastChecked)).not.toBeNaN()
    }

    // A job that fails permanently makes the dead-jobs probe warn.
    await host.run(Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const { job } = yield* queue.enqueue({ name: "test.always-fails", maxAttempts: 1 })
      const [claimed] = yield* queue.claim({ workerId: "w", limit: 1, leaseMs: 30_000, id: job.id })
      yield* queue.fail({ id: claimed!.id, workerId: "w", attempt: claimed!.attempts, error: "boom", retryAt: null as DateTime.Utc | null }).pipe(Effect.orDie)
    }))
    const after = await get("/v2/admin/risk-register/dead-jobs")
    expect(after.status).toBe(200)
    expect(after.body.data).toMatchObject({ id: "dead-jobs", health: "warning", signal: "1 DEAD job(s)" })
  })

  it("acknowledges and escalates with hash-chained audit rows; escalation pages on-call", async () => {
    const ack = await post("/v2/admin/risk-register/dead-jobs/acknowledge", { note: "looking into it" })
    expect(ack.status).toBe(201)
    expect(ack.body.data.acknowledged).toMatchObject({ by: adminId, note: "looking into it" })
    const esc = await post("/v2/admin/risk-register/dead-jobs/escalate", { reason: "jobs keep dying after deploy" })
    expect(esc.status).toBe(201)
    expect(esc.body.data.escalated).toMatchObject({ by: adminId, note: "jobs keep dying after deploy" })

    const rows = await get("/v2/admin/audit-log?subjectType=risk&subjectId=dead-jobs")
    const actions = rows.body.data.data.map((r: { action: string }) => r.action)
    expect(actions).toEqual(["risk.escalated", "risk.acknowledged"])
    const [escalated, acknowledged] = rows.body.data.data
    expect(escalated.prevHash).toBe(acknowledged.hash)
    expect(escalated.data).toMatchObject({ reason: "jobs keep dying after deploy", health: "warning" })
    const pages = await host.run(Effect.map(RecordedPages, (r) => r.all()) as never) as ReadonlyArray<{ pageId: string; dedupeKey: string }>
    expect(pages.find((p) => p.pageId === escalated.data.pageId)?.dedupeKey).toBe("risk:dead-jobs")
    expect((await get("/v2/admin/audit-log/chain-health")).body.data.intact).toBe(true)
  })

  it("answers 404 for an unknown risk, 400 for short notes, 403 without platform.operate", async () => {
    expect((await get("/v2/admin/risk-register/no-such-risk")).status).toBe(404)
    expect((await post("/v2/admin/risk-register/no-such-risk/acknowledge", { note: "valid note" })).status).toBe(404)
    const short = await post("/v2/admin/risk-register/database/escalate", { reason: "short" })
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual(["reason must be 10 to 500 characters"])
    expect((await post("/v2/admin/risk-register/database/acknowledge", {})).status).toBe(400)
    expect((await get("/v2/admin/risk-register", otherToken)).status).toBe(403)
    expect((await get("/v2/admin/risk-register/database", otherToken)).status).toBe(403)
    expect((await post("/v2/admin/risk-register/database/acknowledge", { note: "valid note" }, otherToken)).status).toBe(403)
    expect((await post("/v2/admin/risk-register/database/escalate", { reason: "a valid reason here" }, otherToken)).status).toBe(403)
  })
})
