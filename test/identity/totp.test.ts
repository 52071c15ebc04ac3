/**
 * TOTP through the real host (Postgres clone + Redis prefix of this file): enroll (otpauth URL, PNG
 * QR code, 10 recovery codes), confirm, the sign-in that then demands a code, verify with a TOTP or
 * recovery code, replay and single use, disable, live status, the lock after five wrong codes, and
 * who may hold a second factor.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Accounts } from "@podium/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { allowResend, bearer, freshPhone, phoneSignIn, type SignedIn, signInNewUser } from "../support/sign-in.js"
import { stepNow, totpCode } from "../support/totp.js"

let host: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
})
afterAll(async () => {
  await host?.close()
})

const post = (path: string, body: unknown, token?: string) => host.http.request("POST", path, body, token === undefined ? {} : bearer(token))

/** Enrolls and confirms TOTP for a signed-in account (confirm uses the previous step, so the current and next stay usable). */
const enableTotp = async (account: SignedIn) => {
  const enrolled = await post("/v2/auth/totp/enroll", {}, account.accessToken)
  expect(enrolled.status).toBe(200)
  const { secret, recoveryCodes } = enrolled.body.data as { secret: string; recoveryCodes: Array<string> }
  const confirmed = await post("/v2/auth/totp/confirm", { code: totpCode(secret, stepNow() - 1) }, account.accessToken)
  expect(confirmed.status).toBe(200)
  return { secret, recoveryCodes }
}

const signInAgain = async (account: SignedIn) => {
  await allowResend(host, account.phoneNumber)
  return phoneSignIn(host, account.phoneNumber)
}

describe("TOTP", () => {
  it("enroll shows the otpauth URL, a PNG QR code and 10 recovery codes; confirm turns it on; status is read live", async () => {
    const me = await signInNewUser(host)
    const before = await host.http.get("/v2/auth/totp/status", { headers: bearer(me.accessToken) })
    expect(before.body.data).toEqual({ enabled: false, enabledAt: null, pendingEnrollment: false, recoveryCodesRemaining: 0, required: false, requiredAt: null })

    const enrolled = await post("/v2/auth/totp/enroll", {}, me.accessToken)
    expect(enrolled.status).toBe(200)
    const { secret, otpauthUrl, qrCode, recoveryCodes } = enrolled.body.data
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauthUrl).toBe(
      `otpauth://totp/${encodeURIComponent(`Podium:${me.phoneNumber}`)}?secret=${secret}&issuer=Podium&algorithm=SHA1&digits=6&period=30`
    )
    expect(qrCode).toMatch(/^data:image\/png;base64,/)
    const png = Buffer.from(qrCode.slice("data:image/png;base64,".length), "base64")
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a")
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^\d{5}-\d{5}$/)
    expect((await host.http.get("/v2/auth/totp/status", { headers: bearer(me.accessToken) })).body.data).toMatchObject({ enabled: false, pendingEnrollment: true })

    // At rest: the secret sealed (AES-GCM), the recovery codes as keyed hashes.
    const stored = await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<{ pendingSecretSealed: string }>`select pending_secret_sealed from identity.totp_factors where account_id = ${me.id}`))
    expect(stored[0]!.pendingSecretSealed).toMatch(/^v1\./)
    expect(stored[0]!.pendingSecretSealed).not.toContain(secret)
    const hashes = await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<{ codeHash: string }>`select code_hash from identity.totp_recovery_codes where account_id = ${me.id}`))
    expect(hashes).toHaveLength(10)
    expect(hashes.map((h) => h.codeHash)).not.toContain(recoveryCodes[0].replace("-", ""))

    const wrong = await post("/v2/auth/totp/confirm", { code: totpCode(secret, stepNow() + 5) }, me.accessToken)
    expect(wrong.status).toBe(401)
    expect(wrong.body).toMatchObject({ statusText: "UNAUTHORIZED", code: "TOTP_CODE_INVALID", data: null })
    const confirmed = await post("/v2/auth/totp/confirm", { code: totpCode(secret) }, me.accessToken)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.data).toEqual({ message: "TOTP enabled", totpEnabledAt: expect.any(String) })

    // The same access token (minted before) sees the live state.
    const after = await host.http.get("/v2/auth/totp/status", { headers: bearer(me.accessToken) })
    expect(after.body.data).toMatchObject({ enabled: true, pendingEnrollment: false, recoveryCodesRemaining: 10, required: false })
    expect(after.body.data.enabledAt).toBe(confirmed.body.data.totpEnabledAt)
    const again = await post("/v2/auth/totp/enroll", {}, me.accessToken)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("TOTP_ALREADY_ENABLED")
    const confirmAgain = await post("/v2/auth/totp/confirm", { code: totpCode(secret, stepNow() + 1) }, me.accessToken)
    expect(confirmAgain.status).toBe(409)
  })

  it("after confirmation a sign-in answers {totpRequired, mfaToken}; verify with the code gives the tokens; codes and mfaTokens work once", async () => {
    const me = await signInNewUser(host)
    const { secret, recoveryCodes } = await enableTotp(me)

    const challenged = await signInAgain(me)
    expect(challenged.status).toBe(201)
    expect(challenged.body.data).toEqual({ totpRequired: true, mfaToken: expect.any(String), message: expect.any(String) })
    const { mfaToken } = challenged.body.data

    expect((await post("/v2/auth/totp/verify", { mfaToken: "not-a-token", code: totpCode(secret) })).body.code).toBe("MFA_TOKEN_INVALID")
    const code = totpCode(secret)
    const verified = await post("/v2/auth/totp/verify", { mfaToken, code })
    expect(verified.status).toBe(200)
    expect(verified.body).toMatchObject({ status: 200, message: "Login successful" })
    expect(Object.keys(verified.body.data).sort()).toEqual(["accessToken", "createdAt", "id", "message", "phoneNumber", "refreshToken", "updatedAt"])
    expect(verified.body.data).toMatchObject({ id: me.id, phoneNumber: me.phoneNumber })
    const token = await host.http.get("/v2/auth/verify-token", { headers: bearer(verified.body.data.accessToken) })
    expect(token.status).toBe(200)

    // The mfaToken is spent.
    const spent = await post("/v2/auth/totp/verify", { mfaToken, code: totpCode(secret, stepNow() + 1) })
    expect(spent.status).toBe(401)
    expect(spent.body.code).toBe("MFA_TOKEN_INVALID")

    // The same code again, on a fresh sign-in: replay refused.
    const second = (await signInAgain(me)).body.data.mfaToken as string
    const replay = await post("/v2/auth/totp/verify", { mfaToken: second, code })
    expect(replay.status).toBe(401)
    expect(replay.body.code).toBe("TOTP_CODE_INVALID")

    // A recovery code works once (with or without the dash).
    const recovery = recoveryCodes[3] ?? ""
    const recovered = await post("/v2/auth/totp/verify", { mfaToken: second, code: recovery.replace("-", "") })
    expect(recovered.status).toBe(200)
    expect(recovered.body.data.accessToken).toEqual(expect.any(String))
    const third = (await signInAgain(me)).body.data.mfaToken as string
    const reused = await post("/v2/auth/totp/verify", { mfaToken: third, code: recovery })
    expect(reused.status).toBe(401)
    expect((await host.http.get("/v2/auth/totp/status", { headers: bearer(verified.body.data.accessToken) })).body.data.recoveryCodesRemaining).toBe(9)

    // Two concurrent verifications of one mfaToken with the next code: exactly one session starts.
    const next = totpCode(secret, stepNow() + 1)
    const both = await Promise.all([post("/v2/auth/totp/verify", { mfaToken: third, code: next }), post("/v2/auth/totp/verify", { mfaToken: third, code: next })])
    expect(both.map((a) => a.status).sort()).toEqual([200, 401])
  })

  it("disable needs a current or recovery code; afterwards sign-in gives tokens at once", async () => {
    const me = await signInNewUser(host)
    const { recoveryCodes } = await enableTotp(me)
    const wrong = await post("/v2/auth/totp/disable", { code: "000000" }, me.accessToken)
    expect(wrong.status).toBe(401)
    const disabled = await post("/v2/auth/totp/disable", { code: recoveryCodes[0] }, me.accessToken)
    expect(disabled.status).toBe(200)
    expect(disabled.body.data).toEqual({ message: "TOTP disabled", enabled: false })
    expect((await host.http.get("/v2/auth/totp/status", { headers: bearer(me.accessToken) })).body.data).toMatchObject({ enabled: false, recoveryCodesRemaining: 0 })
    const plain = await signInAgain(me)
    expect(plain.body.data.accessToken).toEqual(expect.any(String))
    const notOn = await post("/v2/auth/totp/disable", { code: recoveryCodes[1] }, me.accessToken)
    expect(notOn.status).toBe(409)
    expect(notOn.body.code).toBe("TOTP_NOT_ENABLED")
  })

  it("five wrong codes lock further attempts for 15 minutes (429 with Retry-After), even the right code", async () => {
    const me = await signInNewUser(host)
    const { secret } = await enableTotp(me)
    const { mfaToken } = (await signInAgain(me)).body.data
    for (let i = 0; i < 5; i++) {
      const wrong = await post("/v2/auth/totp/verify", { mfaToken, code: totpCode(secret, stepNow() + 10 + i) })
      expect(wrong.status).toBe(401)
    }
    const locked = await post("/v2/auth/totp/verify", { mfaToken, code: totpCode(secret) })
    expect(locked.status).toBe(429)
    expect(locked.body).toMatchObject({ statusText: "TOO_MANY_REQUESTS", code: "TOTP_LOCKED" })
    const retryAfter = Number(locked.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThan(890)
    expect(retryAfter).toBeLessThanOrEqual(900)
    expect((await post("/v2/auth/totp/disable", { code: totpCode(secret) }, me.accessToken)).status).toBe(429)
  })

  it("an e-mail sign-in of an account with TOTP also answers totpRequired", async () => {
    const email = `totp-${Date.now()}@example.com`
    await host.http.request("POST", "/v2/auth/email/send-otp", { email })
    const first = await post("/v2/auth/email/verify-otp", { email, otp: host.lastCode(email) })
    expect(first.status).toBe(200)
    const me: SignedIn = { id: first.body.data.id, phoneNumber: "", accessToken: first.body.data.accessToken, refreshToken: first.body.data.refreshToken }
    const { secret } = await enableTotp(me)
    await allowResend(host, email)
    await host.http.request("POST", "/v2/auth/email/send-otp", { email })
    const challenged = await post("/v2/auth/email/verify-otp", { email, otp: host.lastCode(email) })
    expect(challenged.body.data).toMatchObject({ totpRequired: true })
    expect(challenged.body.data.accessToken).toBeUndefined()
    const done = await post("/v2/auth/totp/verify", { mfaToken: challenged.body.data.mfaToken, code: totpCode(secret) })
    expect(done.status).toBe(200)
    expect(done.body.data.id).toBe(me.id)
  })

  it("validates codes, needs a bearer or an mfaToken, and refuses crew principals", async () => {
    const none = await post("/v2/auth/totp/enroll", {})
    expect(none.status).toBe(401)
    const badToken = await post("/v2/auth/totp/enroll", { mfaToken: "nope" })
    expect(badToken.body.code).toBe("MFA_TOKEN_INVALID")
    const me = await signInNewUser(host)
    const bad = await post("/v2/auth/totp/confirm", { code: "12ab" }, me.accessToken)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["code must be a 6-digit code"])
    const notEnrolling = await post("/v2/auth/totp/confirm", { code: "123456" }, me.accessToken)
    expect(notEnrolling.status).toBe(409)
    expect(notEnrolling.body.code).toBe("TOTP_NOT_ENROLLING")
    const missing = await post("/v2/auth/totp/verify", {})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(expect.arrayContaining(["mfaToken should not be empty", "code must be a 6-digit code or a recovery code"]))
    expect((await host.http.get("/v2/auth/totp/status")).status).toBe(401)

    const phoneNumber = freshPhone()
    await host.run(Effect.flatMap(Accounts.CrewMemberRepo, (r) => r.create({ phoneNumber, name: "Crew Person" })))
    await host.http.request("POST", "/v2/auth/crew/send-otp", { phoneNumber })
    const crew = await post("/v2/auth/crew/verify-otp", { phoneNumber, otp: host.lastCode(phoneNumber) })
    expect(crew.status).toBe(201)
    const refused = await post("/v2/auth/totp/enroll", {}, crew.body.data.accessToken)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("SECOND_FACTOR_UNSUPPORTED")
  })
})
