/**
 * The audit log viewer through the real host: filters and cursor paging, the deprecated alias with
 * its headers, chain health (default window, cap, a tampered row found), the audited CSV export,
 * and the platform.operate guard.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Identity, Platform } from "@podium/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { bearer, createAdmin } from "../support/sign-in.js"

let host: RealHost
let operator: { id: string; token: string }
let other: { token: string }
let user: { token: string }

const tokenFor = async (kind: "admin" | "user", id: string) =>
  (await host.run(Identity.startSession({ account: { kind, id }, role: kind }))).accessToken

const subject = `case-${Date.now()}`

beforeAll(async () => {
  host = await startRealHost(import.meta.url)
  const admin = await createAdmin(host, ["platform.operate"])
  operator = { id: admin.id, token: await tokenFor("admin", admin.id) }
  const plain = await createAdmin(host, ["admins.read"])
  other = { token: await tokenFor("admin", plain.id) }
  user = { token: await tokenFor("user", crypto.randomUUID()) }
  await host.run(Effect.flatMap(Platform.AuditLog, (log) =>
    Effect.forEach([1, 2, 3, 4, 5], (i) =>
      log.append({
        action: i % 2 === 0 ? "test.even" : "test.odd",
        actor: { kind: "admin", id: i <= 3 ? "actor-a" : "actor-b" },
        subject: { kind: "case", id: subject },
        data: { i, note: "has, comma and \"quote\"" }
      }))))
})
afterAll(() => host?.close())

const get = (path: string, token = operator.token) => host.http.get(path, { headers: bearer(token) })
const post = (path: string, body: unknown, token = operator.token) => host.http.request("POST", path, body, bearer(token))

describe("audit log viewer", () => {
  it("filters by subject, actor and action and pages newest first by seq cursor", async () => {
    const first = await get(`/v2/admin/audit-log?subjectType=case&subjectId=${subject}&limit=2`)
    expect(first.status).toBe(200)
    const page1 = first.body.data
    expect(page1.count).toBe(2)
    expect(page1.data.map((r: { data: { i: number } }) => r.data.i)).toEqual([5, 4])
    expect(page1.nextCursor).toBe(page1.data[1].seq)
    const second = await get(`/v2/admin/audit-log?subjectType=case&subjectId=${subject}&limit=2&cursor=${page1.nextCursor}`)
    expect(second.body.data.data.map((r: { data: { i: number } }) => r.data.i)).toEqual([3, 2])
    const third = await get(`/v2/admin/audit-log?subjectType=case&subjectId=${subject}&limit=2&cursor=${second.body.data.nextCursor}`)
    expect(third.body.data.data.map((r: { data: { i: number } }) => r.data.i)).toEqual([1])
    expect(third.body.data.nextCursor).toBeNull()

    const byActor = await get(`/v2/admin/audit-log?actor=actor-b&action=test.even`)
    expect(byActor.body.data.data.map((r: { data: { i: number } }) => r.data.i)).toEqual([4])
    const future = await get(`/v2/admin/audit-log?subjectId=${subject}&from=2999-01-01`)
    expect(future.body.data.data).toEqual([])
    const past = await get(`/v2/admin/audit-log?subjectId=${subject}&to=2000-01-01T00:00:00Z`)
    expect(past.body.data.count).toBe(0)
    const row = page1.data[0]
    expect(row).toMatchObject({ action: "test.odd", actorKind: "admin", actorId: "actor-b", subjectType: "case", subjectId: subject })
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it("answers 400 for bad filters and paging", async () => {
    const bad = await get("/v2/admin/audit-log?from=yesterday&limit=500&cursor=0")
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      "from must be an ISO-8601 date or date-time",
      "limit must be an integer between 1 and 200",
      expect.stringMatching(/^cursor must be an integer between 1 and/)
    ]))
  })

  it("serves the deprecated /v2/admin/audit-logs alias with the same answer and Deprecation/Link headers", async () => {
    const current = await get(`/v2/admin/audit-log?subjectId=${subject}`)
    const alias = await get(`/v2/admin/audit-logs?subjectId=${subject}`)
    expect(alias.status).toBe(200)
    expect(alias.body).toEqual(current.body)
    expect(alias.headers.get("deprecation")).toBe("true")
    expect(alias.headers.get("link")).toContain("</v2/admin/audit-log>")
    expect(current.headers.get("deprecation")).toBeNull()
    const docs = await host.http.get("/docs/openapi.json")
    expect(docs.status).toBe(200)
    expect(docs.body.paths["/v2/admin/audit-logs"].get.deprecated).toBe(true)
    expect(docs.body.paths["/v2/admin/audit-log"].get.deprecated).toBeUndefined()
  })

  it("guards every operation with platform.operate: 401 anonymous, 403 athletes and admins without it", async () => {
    expect((await host.http.get("/v2/admin/audit-log")).status).toBe(401)
    expect((await get("/v2/admin/audit-log", user.token)).status).toBe(403)
    const denied = await get("/v2/admin/audit-log/chain-health", other.token)
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe("ADMIN_PERMISSION_REQUIRED")
    expect((await get("/v2/admin/audit-logs", other.token)).status).toBe(403)
    expect((await post("/v2/admin/audit-log/export", { reason: "quarterly review" }, other.token)).status).toBe(403)
  })

  it("exports CSV with a reason (10-500 chars), caps and audits the export with digest, count and reason length", async () => {
    const short = await post("/v2/admin/audit-log/export", { reason: "too short" })
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual(["reason must be 10 to 500 characters"])
    expect((await post("/v2/admin/audit-log/export", { reason: "x".repeat(501) })).status).toBe(400)

    const reason = "incident 42 review"
    const answer = await post("/v2/admin/audit-log/export", { reason, subjectType: "case", subjectId: subject })
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toContain("text/csv")
    const lines = answer.text.trimEnd().split("\r\n")
    expect(lines[0]).toBe("seq,id,occurredAt,action,actorKind,actorId,subjectType,subjectId,reason,correlationId,data,prevHash,hash")
    expect(lines).toHaveLength(6)
    expect(lines[1]).toContain("\"{\"\"i\"\":5,\"\"note\"\":\"\"has, comma and \\\"\"quote\\\"\"\"\"}\"")

    const audited = await get(`/v2/admin/audit-log?action=admin.audit_log.exported&actor=${operator.id}`)
    const row = audited.body.data.data[0]
    expect(row.data).toMatchObject({ rowCount: 5, reasonLen: reason.length })
    expect(row.data.filterDigest).toMatch(/^[0-9a-f]{64}$/)
    expect(row.reason).toBeNull()
  })

  it("reports chain health over a window (default 10000, cap 100000) and finds a tampered row", async () => {
    const healthy = await get("/v2/admin/audit-log/chain-health")
    expect(healthy.status).toBe(200)
    expect(healthy.body.data).toMatchObject({ window: 10000, intact: true, firstBrokenSeq: null })
    expect(healthy.body.data.checked).toBeGreaterThanOrEqual(5)
    const tooBig = await get("/v2/admin/audit-log/chain-health?window=100001")
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.message).toEqual(["window must be an integer between 1 and 100000"])

    const rows = await get(`/v2/admin/audit-log?subjectId=${subject}&limit=5`)
    const victim = rows.body.data.data[2]
    // The table refuses updates; an operator with owner rights disabling the trigger is what the chain is for.
    await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`alter table platform.audit_log disable trigger audit_log_no_update`
        yield* sql`update platform.audit_log set data = ${JSON.stringify({ i: 999 })}::jsonb where seq = ${victim.seq}`
        yield* sql`alter table platform.audit_log enable trigger audit_log_no_update`
      }))))
    const broken = await get("/v2/admin/audit-log/chain-health?window=100000")
    expect(broken.body.data).toMatchObject({ intact: false, firstBrokenSeq: victim.seq })
    // A window that ends after the tampered row does not see it.
    const newest = await get("/v2/admin/audit-log?limit=1")
    const small = await get(`/v2/admin/audit-log/chain-health?window=${newest.body.data.data[0].seq - victim.seq}`)
    expect(small.body.data.intact).toBe(true)
  })
})
