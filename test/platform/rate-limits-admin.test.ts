/**
 * Rate limits through the real host (Redis): a phone hitting the OTP resend cooldown shows up as a
 * blocked key; an admin unblocks it (audited) and the next send goes through; the guard and 400s.
 */
import { Identity } from "@podium/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { bearer, createAdmin, freshPhone } from "../support/sign-in.js"

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

describe("rate limits admin", () => {
  it("lists a key blocked by the OTP resend cooldown, unblocks it (audited), and the next send is allowed", async () => {
    const phoneNumber = freshPhone()
    expect((await host.http.request("POST", "/v2/auth/send-otp", { phoneNumber })).status).toBe(201)
    const refused = await host.http.request("POST", "/v2/auth/send-otp", { phoneNumber })
    expect(refused.status).toBe(429)

    const listed = await host.http.get("/v2/admin/rate-limits/blocked", { headers: bearer(token) })
    expect(listed.status).toBe(200)
    const entry = listed.body.data.data.find((k: { key: string }) => k.key.includes(phoneNumber))
    expect(entry).toBeDefined()
    expect(entry.retryAfterSeconds).toBeGreaterThan(0)
    expect(Date.parse(entry.blockedUntil)).toBeGreaterThan(Date.now())

    const unblocked = await host.http.request("POST", "/v2/admin/rate-limits/unblock", { key: entry.key }, bearer(token))
    expect(unblocked.status).toBe(201)
    expect(unblocked.body.data).toEqual({ key: entry.key, wasBlocked: true })
    const after = await host.http.get("/v2/admin/rate-limits/blocked", { headers: bearer(token) })
    expect(after.body.data.data.some((k: { key: string }) => k.key === entry.key)).toBe(false)
    expect((await host.http.request("POST", "/v2/auth/send-otp", { phoneNumber })).status).toBe(201)

    const audit = await host.http.get(`/v2/admin/audit-log?action=admin.rate_limit.unblocked&actor=${adminId}`, { headers: bearer(token) })
    expect(audit.body.data.data[0]).toMatchObject({ subjectType: "rate_limit_key", subjectId: entry.key, data: { wasBlocked: true } })

    const again = await host.http.request("POST", "/v2/admin/rate-limits/unblock", { key: entry.key }, bearer(token))
    expect(again.body.data.wasBlocked).toBe(false)
  })

  it("answers 400 without a key and 403 without platform.operate", async () => {
    const bad = await host.http.request("POST", "/v2/admin/rate-limits/unblock", {}, bearer(token))
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["key must be longer than or equal to 1 and shorter than or equal to 300 characters"])
    expect((await host.http.get("/v2/admin/rate-limits/blocked?limit=0", { headers: bearer(token) })).status).toBe(400)
    expect((await host.http.get("/v2/admin/rate-limits/blocked", { headers: bearer(otherToken) })).status).toBe(403)
    expect((await host.http.request("POST", "/v2/admin/rate-limits/unblock", { key: "x" }, bearer(otherToken))).status).toBe(403)
  })
})
