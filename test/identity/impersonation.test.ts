/**
 * Impersonation through the real host: start (permission, x-correlation-id, reason, athlete only,
 * no chaining), use of the 15-minute USER token with its `act` claim, audit rows, end (own or named,
 * another admin's only with admins.security) with immediate revocation, supersession.
 */
import { Accounts, Identity, Platform } from "@podium/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"

let host: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
})
afterAll(() => host?.close())

let n = 0
const phone = () => `+9198333${String(++n).padStart(5, "0")}`
const headers = (token: string, correlationId?: string | null) => ({
  authorization: `Bearer ${token}`,
  ...(correlationId == null ? {} : { "x-correlation-id": correlationId })
})

const tokenFor = async (kind: "admin" | "user", id: string) =>
  (await host.run(Identity.startSession({ account: { kind, id }, role: kind }))).accessToken

const admin = async (permissions: ReadonlyArray<string>) => {
  const created = await host.run(Accounts.createAdmin({ phoneNumber: phone(), permissions }))
  return { id: created.id, token: await tokenFor("admin", created.id) }
}
const athlete = async () => {
  const user = await host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.findOrCreateByPhone(phone())))
  return { id: user.id, token: await tokenFor("user", user.id) }
}

const impersonate = (token: string, userId: string, body: unknown = { reason: "Support ticket #4411: reproduce checkout bug" }, correlationId: string | null = "corr-start-1") =>
  host.http.request("POST", `/v2/admin/users/${userId}/impersonate`, body, headers(token, correlationId))
const end = (token: string, body: unknown = {}, correlationId: string | null = "corr-end-1") =>
  host.http.request("POST", "/v2/admin/impersonation/end", body, headers(token, correlationId))
const whoAmI = (token: string) => host.http.get("/v2/auth/verify-token", { headers: { authorization: `Bearer ${token}` } })
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>
const audit = (action: string) => host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ action, limit: 100 })))

describe("impersonation", () => {
  it("mints a 15-minute USER token with act = the admin, bound to a new session, and audits the start", async () => {
    const ops = await admin(["users.impersonate"])
    const target = await athlete()
    const started = await impersonate(ops.token, target.id)
    expect(started.status).toBe(201)
    expect(started.body).toMatchObject({ status: 201, statusText: "CREATED", data: { accessToken: expect.any(String), impersonationId: expect.any(String) } })
    const token = started.body.data.accessToken as string
    const c = claims(token)
    expect(c).toMatchObject({ sub: target.id, role: "user", kind: "user", act: ops.id })
    expect((c.exp as number) - (c.iat as number)).toBe(15 * 60)
    expect(Date.parse(started.body.data.expiresAt) - Date.now()).toBeGreaterThan(14 * 60 * 1000)
    const me = await whoAmI(token)
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ role: "user", data: { id: target.id } })
    const session = await host.run(Effect.flatMap(Identity.SessionRepo, (r) => r.findById(c.sid as string)))
    expect(session._tag === "Some" && session.value).toMatchObject({ accountKind: "user", accountId: target.id, userAgent: `impersonation by admin ${ops.id}` })

    const rows = await audit("admin.impersonation.started")
    expect(rows.find((r) => r.data.impersonationId === started.body.data.impersonationId)).toMatchObject({
      actorKind: "admin",
      actorId: ops.id,
      subjectKind: "user",
      subjectId: target.id,
      reason: "Support ticket #4411: reproduce checkout bug",
      correlationId: "corr-start-1"
    })
    expect((await end(ops.token)).status).toBe(201)
  })

  it("requires x-correlation-id and a 10–500 character reason (400), a UUID target, and the users.impersonate permission", async () => {
    const ops = await admin(["users.impersonate"])
    const target = await athlete()
    const noHeader = await impersonate(ops.token, target.id, undefined, null)
    expect(noHeader.status).toBe(400)
    expect(noHeader.body.message).toEqual([expect.stringMatching(/^x-correlation-id /)])
    const shortReason = await impersonate(ops.token, target.id, { reason: "because" })
    expect(shortReason.status).toBe(400)
    expect(shortReason.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])
    expect((await impersonate(ops.token, target.id, {})).body.message).toEqual([
      "reason must be longer than or equal to 10 and shorter than or equal to 500 characters"
    ])
    expect((await impersonate(ops.token, target.id, { reason: "x".repeat(501) })).status).toBe(400)
    expect((await impersonate(ops.token, "not-a-uuid")).body.message).toEqual(["userId must be a UUID"])

    const plain = await admin([])
    const denied = await impersonate(plain.token, target.id)
    expect(denied.status).toBe(403)
    expect(denied.body).toMatchObject({ code: "ADMIN_PERMISSION_REQUIRED", message: "Access Denied" })
    expect((await impersonate(target.token, target.id)).status).toBe(403)
    expect((await host.http.request("POST", `/v2/admin/users/${target.id}/impersonate`, { reason: "a long enough reason" }, { "x-correlation-id": "c" })).status).toBe(401)
    const missing = await impersonate(ops.token, "00000000-0000-4000-8000-0000000000aa")
    expect(missing.status).toBe(404)
  })

  it("never targets an admin and never chains", async () => {
    const ops = await admin(["users.impersonate"])
    const other = await admin([])
    const toAdmin = await impersonate(ops.token, other.id)
    expect(toAdmin.status).toBe(403)
    expect(toAdmin.body.code).toBe("IMPERSONATION_TARGET_NOT_ALLOWED")
    expect((await impersonate(ops.token, ops.id)).status).toBe(403)

    const target = await athlete()
    const second = await athlete()
    const started = await impersonate(ops.token, target.id)
    const chained = await impersonate(started.body.data.accessToken, second.id)
    expect(chained.status).toBe(403)
    expect(chained.body.code).toBe("IMPERSONATION_CHAIN_REFUSED")
    // Nor can the impersonation token end impersonations or reach admin routes.
    expect((await end(started.body.data.accessToken)).status).toBe(403)
    expect((await host.http.get("/v2/admins", { headers: headers(started.body.data.accessToken) })).status).toBe(403)
    expect((await end(ops.token)).status).toBe(201)
  })

  it("ends the caller's impersonation: the token is refused at once, the end is audited, a second end finds nothing", async () => {
    const ops = await admin(["users.impersonate"])
    const target = await athlete()
    const started = await impersonate(ops.token, target.id)
    const token = started.body.data.accessToken as string
    expect((await whoAmI(token)).status).toBe(200)

    const noHeader = await end(ops.token, {}, null)
    expect(noHeader.status).toBe(400)
    expect(noHeader.body.message).toEqual([expect.stringMatching(/^x-correlation-id /)])

    const ended = await end(ops.token, {}, "corr-end-42")
    expect(ended.status).toBe(201)
    expect(ended.body.data).toMatchObject({ impersonationId: started.body.data.impersonationId, adminId: ops.id, userId: target.id })
    expect((await whoAmI(token)).status).toBe(401)
    const rows = await audit("admin.impersonation.ended")
    expect(rows.find((r) => r.data.impersonationId === started.body.data.impersonationId)).toMatchObject({
      actorId: ops.id,
      subjectId: target.id,
      correlationId: "corr-end-42"
    })
    const again = await end(ops.token)
    expect(again.status).toBe(404)
    expect(again.body.code).toBe("IMPERSONATION_NOT_FOUND")
    const byId = await end(ops.token, { impersonationId: started.body.data.impersonationId })
    expect(byId.status).toBe(409)
    expect(byId.body.code).toBe("IMPERSONATION_ALREADY_ENDED")
    expect((await end(ops.token, { impersonationId: "nope" })).body.message).toEqual(["impersonationId must be a UUID"])
  })

  it("starting again supersedes (and revokes) the previous impersonation of the same admin", async () => {
    const ops = await admin(["users.impersonate"])
    const [a, b] = [await athlete(), await athlete()]
    const first = await impersonate(ops.token, a.id)
    const second = await impersonate(ops.token, b.id)
    expect(second.status).toBe(201)
    expect((await whoAmI(first.body.data.accessToken)).status).toBe(401)
    expect((await whoAmI(second.body.data.accessToken)).status).toBe(200)
    const ended = await end(ops.token)
    expect(ended.body.data.impersonationId).toBe(second.body.data.impersonationId)
  })

  it("ends another admin's impersonation by id only with admins.security", async () => {
    const ops = await admin(["users.impersonate"])
    const peer = await admin(["users.impersonate"])
    const security = await admin(["admins.security"])
    const target = await athlete()
    const started = await impersonate(ops.token, target.id)
    const id = started.body.data.impersonationId as string
    expect((await end(peer.token, { impersonationId: id })).status).toBe(404)
    const bySecurity = await end(security.token, { impersonationId: id })
    expect(bySecurity.status).toBe(201)
    expect((await whoAmI(started.body.data.accessToken)).status).toBe(401)
  })
})
