/**
 * Passkeys through the real host with a software authenticator (ES256 key pairs, attestation
 * "none", signed assertions with a rising counter): register, sign in with a discoverable
 * credential, list, delete (own only), and what is refused — reused challenges, a counter that does
 * not move, a foreign origin, a deleted credential. A user-verified passkey sign-in of an account
 * with TOTP needs no TOTP code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { bearer, type SignedIn, signInNewUser } from "../support/sign-in.js"
import { stepNow, totpCode } from "../support/totp.js"
import { SoftwareAuthenticator } from "../support/webauthn-authenticator.js"

const Origin = "http://localhost:5173"
let host: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url, { WEBAUTHN_RP_ID: "localhost", WEBAUTHN_ORIGIN: `${Origin},https://app.podium.test` })
})
afterAll(async () => {
  await host?.close()
})

const post = (path: string, body?: unknown, token?: string) => host.http.request("POST", path, body, token === undefined ? {} : bearer(token))

/** Registers a new passkey of `me` on `device`; answers the stored passkey view. */
const register = async (me: SignedIn, device: SoftwareAuthenticator, name?: string) => {
  const options = await post("/v2/auth/passkey/register/options", undefined, me.accessToken)
  expect(options.status).toBe(200)
  const verified = await post("/v2/auth/passkey/register/verify", { response: device.register(options.body.data), ...(name === undefined ? {} : { name }) }, me.accessToken)
  expect(verified.status).toBe(200)
  return verified.body.data
}

describe("passkeys", () => {
  it("registers a passkey, signs in with it (counter rising), lists and deletes it", async () => {
    const me = await signInNewUser(host)
    const device = new SoftwareAuthenticator(Origin)
    const options = await post("/v2/auth/passkey/register/options", undefined, me.accessToken)
    expect(options.body.data).toMatchObject({
      rp: { id: "localhost", name: "Podium" },
      user: { name: me.phoneNumber },
      attestation: "none",
      challenge: expect.any(String),
      pubKeyCredParams: expect.arrayContaining([{ alg: -7, type: "public-key" }])
    })
    const response = device.register(options.body.data)
    const registered = await post("/v2/auth/passkey/register/verify", { response, name: "Laptop" }, me.accessToken)
    expect(registered.status).toBe(200)
    expect(registered.body.data).toMatchObject({ name: "Laptop", credentialId: response.id, transports: ["internal"], lastUsedAt: null })
    // The registration challenge was single use.
    const replayed = await post("/v2/auth/passkey/register/verify", { response }, me.accessToken)
    expect(replayed.status).toBe(401)
    expect(replayed.body.code).toBe("PASSKEY_INVALID")

    // Sign-in without a bearer: a discoverable credential names the account.
    const request = await post("/v2/auth/passkey/authenticate/options")
    expect(request.status).toBe(200)
    expect(request.body.data).toMatchObject({ rpId: "localhost", challenge: expect.any(String), allowCredentials: [] })
    const assertion = device.assert(request.body.data)
    const signedIn = await post("/v2/auth/passkey/authenticate/verify", { response: assertion })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.data).toMatchObject({ id: me.id, phoneNumber: me.phoneNumber, message: "Login successful", accessToken: expect.any(String) })
    expect((await host.http.get("/v2/auth/verify-token", { headers: bearer(signedIn.body.data.accessToken) })).status).toBe(200)
    // The same assertion again: its challenge is spent.
    expect((await post("/v2/auth/passkey/authenticate/verify", { response: assertion })).status).toBe(401)
    // A fresh challenge but a counter that did not move (a cloned authenticator): refused.
    const again = await post("/v2/auth/passkey/authenticate/options")
    const stale = await post("/v2/auth/passkey/authenticate/verify", { response: device.assert(again.body.data, { counter: 1 }) })
    expect(stale.status).toBe(401)
    // The counter moves on: accepted.
    const third = await post("/v2/auth/passkey/authenticate/options")
    expect((await post("/v2/auth/passkey/authenticate/verify", { response: device.assert(third.body.data, { counter: 7 }) })).status).toBe(200)

    const listed = await host.http.get("/v2/auth/passkey", { headers: bearer(me.accessToken) })
    expect(listed.body.data).toHaveLength(1)
    expect(listed.body.data[0]).toMatchObject({ id: registered.body.data.id, name: "Laptop", lastUsedAt: expect.any(String) })

    const deleted = await host.http.request("DELETE", `/v2/auth/passkey/${registered.body.data.id}`, undefined, bearer(me.accessToken))
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toEqual({ message: "Passkey deleted", deleted: 1 })
    expect((await host.http.get("/v2/auth/passkey", { headers: bearer(me.accessToken) })).body.data).toEqual([])
    const gone = await post("/v2/auth/passkey/authenticate/options")
    const unknown = await post("/v2/auth/passkey/authenticate/verify", { response: device.assert(gone.body.data) })
    expect(unknown.status).toBe(401)
    expect(unknown.body.message).toContain("unknown credential")
  })

  it("deletes only the caller's own passkeys (404 for another account's), and lists only its own", async () => {
    const owner = await signInNewUser(host)
    const other = await signInNewUser(host)
    const passkey = await register(owner, new SoftwareAuthenticator(Origin))
    await register(other, new SoftwareAuthenticator(Origin), "Phone")
    const foreign = await host.http.request("DELETE", `/v2/auth/passkey/${passkey.id}`, undefined, bearer(other.accessToken))
    expect(foreign.status).toBe(404)
    expect(foreign.body).toMatchObject({ statusText: "NOT_FOUND", data: null })
    const otherList = await host.http.get("/v2/auth/passkey", { headers: bearer(other.accessToken) })
    expect(otherList.body.data.map((p: { name: string }) => p.name)).toEqual(["Phone"])
    expect((await host.http.get("/v2/auth/passkey", { headers: bearer(owner.accessToken) })).body.data).toHaveLength(1)
    const badId = await host.http.request("DELETE", "/v2/auth/passkey/not-a-uuid", undefined, bearer(owner.accessToken))
    expect(badId.status).toBe(400)
    expect((await host.http.get("/v2/auth/passkey")).status).toBe(401)
  })

  it("refuses a registration from a foreign origin, a malformed response and a registration without a bearer", async () => {
    const me = await signInNewUser(host)
    const device = new SoftwareAuthenticator(Origin)
    const options = await post("/v2/auth/passkey/register/options", undefined, me.accessToken)
    const foreign = await post("/v2/auth/passkey/register/verify", { response: device.register(options.body.data, { origin: "https://evil.example" }) }, me.accessToken)
    expect(foreign.status).toBe(401)
    expect(foreign.body.code).toBe("PASSKEY_INVALID")
    const malformed = await post("/v2/auth/passkey/register/verify", { response: { id: "x" } }, me.accessToken)
    expect(malformed.status).toBe(401)
    const notObject = await post("/v2/auth/passkey/register/verify", { response: "text" }, me.accessToken)
    expect(notObject.status).toBe(400)
    expect(notObject.body.message).toEqual(["response must be an object"])
    expect((await post("/v2/auth/passkey/register/options")).status).toBe(401)
    // A second configured origin is accepted.
    const second = new SoftwareAuthenticator("https://app.podium.test")
    const opts = await post("/v2/auth/passkey/register/options", undefined, me.accessToken)
    expect((await post("/v2/auth/passkey/register/verify", { response: second.register(opts.body.data) }, me.accessToken)).status).toBe(200)
  })

  it("a user-verified passkey sign-in of an account with TOTP needs no code; without user verification the TOTP step follows", async () => {
    const me = await signInNewUser(host)
    const device = new SoftwareAuthenticator(Origin)
    await register(me, device)
    const enrolled = await post("/v2/auth/totp/enroll", {}, me.accessToken)
    const { secret } = enrolled.body.data
    expect((await post("/v2/auth/totp/confirm", { code: totpCode(secret, stepNow() - 1) }, me.accessToken)).status).toBe(200)

    const verified = await post("/v2/auth/passkey/authenticate/options")
    const direct = await post("/v2/auth/passkey/authenticate/verify", { response: device.assert(verified.body.data) })
    expect(direct.body.data.accessToken).toEqual(expect.any(String))

    const presence = await post("/v2/auth/passkey/authenticate/options")
    const challenged = await post("/v2/auth/passkey/authenticate/verify", { response: device.assert(presence.body.data, { userVerified: false }) })
    expect(challenged.status).toBe(200)
    expect(challenged.body.data).toMatchObject({ totpRequired: true, mfaToken: expect.any(String) })
    const done = await post("/v2/auth/totp/verify", { mfaToken: challenged.body.data.mfaToken, code: totpCode(secret) })
    expect(done.body.data.id).toBe(me.id)
  })
})
