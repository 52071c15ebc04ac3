/**
 * Admin TOTP policy through the real host: require-totp (sets/clears totpRequiredAt; the target's
 * next sign-in answers {totpEnrollmentRequired, mfaToken}, and enroll + confirm with that mfaToken
 * finish the sign-in), reset-totp (never the caller; clears the factor, forces enrollment again,
 * revokes the target's sessions), x-correlation-id required, permission `admins.security`, and the
 * audit rows both write.
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { allowResend, bearer, createAdmin, phoneSignIn, signInNewAdmin, signInNewUser } from "../support/sign-in.js"
import { stepNow, totpCode } from "../support/totp.js"

let host: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
})
afterAll(async () => {
  await host?.close()
})

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => host.http.request("POST", path, body, headers)
/** `correlationId` null: the header is left out. */
const correlation = (id: string | null) => (id === null ? {} : { "x-correlation-id": id })
const requireTotp = (adminId: string, required: boolean, token: string, correlationId: string | null = `corr-${Date.now()}`) =>
  post(`/v2/admin/admins/${adminId}/require-totp`, { required }, { ...bearer(token), ...correlation(correlationId) })
const resetTotp = (adminId: string, token: string, correlationId: string | null = `corr-${Date.now()}`) =>
  post(`/v2/admin/admins/${adminId}/reset-totp`, undefined, { ...bearer(token), ...correlation(correlationId) })
const auditOf = (subjectId: string) => host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId, limit: 20 })))

/** Signs an admin in again (lifting the resend cooldown) and answers the verify-otp answer. */
const adminSignIn = async (phoneNumber: string) => {
  await allowResend(host, phoneNumber)
  return phoneSignIn(host, phoneNumber, "admin")
}

describe("admin TOTP policy", () => {
  it("require-totp forces enrollment at the next sign-in; enroll + confirm with the mfaToken finish it; later sign-ins demand a code", async () => {
    const actor = await signInNewAdmin(host)
    const target = await createAdmin(host, [])

    const required = await requireTotp(target.id, true, actor.accessToken, "corr-require-1")
    expect(required.status).toBe(200)
    expect(required.body.data).toMatchObject({ id: target.id, totpRequiredAt: expect.any(String), totpEnabledAt: null })
    const [row] = (await auditOf(target.id)).filter((e) => e.action === "admin.totp.required")
    expect(row).toMatchObject({ actorKind: "admin", actorId: actor.id, subjectKind: "admin", subjectId: target.id, correlationId: "corr-require-1" })

    const challenged = await adminSignIn(target.phoneNumber)
    expect(challenged.status).toBe(201)
    expect(challenged.body.data).toEqual({ totpEnrollmentRequired: true, mfaToken: expect.any(String), message: expect.any(String) })
    const { mfaToken } = challenged.body.data
    // The enrollment token is not a verification token.
    expect((await post("/v2/auth/totp/verify", { mfaToken, code: "123456" })).body.code).toBe("MFA_TOKEN_INVALID")

    const enrolled = await post("/v2/auth/totp/enroll", { mfaToken })
    expect(enrolled.status).toBe(200)
    expect(enrolled.body.data.recoveryCodes).toHaveLength(10)
    const { secret } = enrolled.body.data
    const wrong = await post("/v2/auth/totp/confirm", { mfaToken, code: totpCode(secret, stepNow() + 5) })
    expect(wrong.status).toBe(401)
    const confirmed = await post("/v2/auth/totp/confirm", { mfaToken, code: totpCode(secret, stepNow() - 1) })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.data).toMatchObject({ id: target.id, message: "Login successful", accessToken: expect.any(String), totpEnabledAt: expect.any(String) })
    const me = await host.http.get("/v2/admins/me", { headers: bearer(confirmed.body.data.accessToken) })
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ id: target.id, totpEnabledAt: confirmed.body.data.totpEnabledAt, totpRequiredAt: expect.any(String) })
    // The enrollment mfaToken was single use.
    expect((await post("/v2/auth/totp/enroll", { mfaToken })).body.code).toBe("MFA_TOKEN_INVALID")
    const status = await host.http.get("/v2/auth/totp/status", { headers: bearer(confirmed.body.data.accessToken) })
    expect(status.body.data).toMatchObject({ enabled: true, required: true })

    const next = await adminSignIn(target.phoneNumber)
    expect(next.body.data).toMatchObject({ totpRequired: true })
    const verified = await post("/v2/auth/totp/verify", { mfaToken: next.body.data.mfaToken, code: totpCode(secret) })
    expect(verified.status).toBe(200)

    const cleared = await requireTotp(target.id, false, actor.accessToken, "corr-require-2")
    expect(cleared.body.data.totpRequiredAt).toBeNull()
    expect((await auditOf(target.id)).map((e) => e.action)).toEqual(expect.arrayContaining(["admin.totp.required", "admin.totp.requirement_cleared"]))
  })

  it("reset-totp clears another admin's factor, forces enrollment again and revokes its sessions; never the caller", async () => {
    const actor = await signInNewAdmin(host)
    const target = await signInNewAdmin(host, [])
    const { secret } = (await post("/v2/auth/totp/enroll", {}, bearer(target.accessToken))).body.data
    expect((await post("/v2/auth/totp/confirm", { code: totpCode(secret, stepNow() - 1) }, bearer(target.accessToken))).status).toBe(200)

    const self = await resetTotp(actor.id, actor.accessToken)
    expect(self.status).toBe(403)
    expect(self.body).toMatchObject({ code: "TOTP_RESET_SELF", message: "An admin cannot reset their own TOTP; use POST /v2/auth/totp/disable" })

    const reset = await resetTotp(target.id, actor.accessToken, "corr-reset-1")
    expect(reset.status).toBe(200)
    expect(reset.body.data).toMatchObject({ id: target.id, totpEnabledAt: null, totpRequiredAt: expect.any(String) })
    // The target's sessions ended at once.
    expect((await host.http.get("/v2/auth/verify-token", { headers: bearer(target.accessToken) })).status).toBe(401)
    const [row] = (await auditOf(target.id)).filter((e) => e.action === "admin.totp.reset")
    expect(row).toMatchObject({ actorId: actor.id, subjectId: target.id, correlationId: "corr-reset-1", data: { hadFactor: true, sessionsRevoked: 1 } })

    const again = await adminSignIn(target.phoneNumber)
    expect(again.body.data).toMatchObject({ totpEnrollmentRequired: true })
  })

  it("needs x-correlation-id, an admin with admins.security, and an existing target", async () => {
    const actor = await signInNewAdmin(host)
    const target = await createAdmin(host, [])
    const missing = await requireTotp(target.id, true, actor.accessToken, null)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual([expect.stringMatching(/^x-correlation-id /)])
    expect((await resetTotp(target.id, actor.accessToken, null)).status).toBe(400)
    const body = await post(`/v2/admin/admins/${target.id}/require-totp`, { required: "yes" }, { ...bearer(actor.accessToken), "x-correlation-id": "c1" })
    expect(body.status).toBe(400)
    expect(body.body.message).toEqual(["required must be a boolean value"])

    const unknown = await requireTotp("00000000-0000-4000-8000-000000000000", true, actor.accessToken)
    expect(unknown.status).toBe(404)
    const user = await signInNewUser(host)
    expect((await requireTotp(target.id, true, user.accessToken)).status).toBe(403)
    const weak = await signInNewAdmin(host, ["admins.read"])
    const denied = await resetTotp(target.id, weak.accessToken)
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe("ADMIN_PERMISSION_REQUIRED")
    expect((await post(`/v2/admin/admins/${target.id}/reset-totp`, undefined, { "x-correlation-id": "c2" })).status).toBe(401)
    expect((await auditOf(target.id)).length).toBe(0)
  })
})
