/**
 * Identity-provider sign-in through the real host against local providers (test/support/
 * identity-provider-server.ts): oauth/status and login methods; provider A ID tokens (create, link by
 * subject and by verified e-mail, wrong issuer/audience/expired/nonce/unknown key → 401); provider B
 * native code exchange with its ES256 client secret; the browser flow session → form-post callback
 * (302, exchange code only) → exchange, each step single use; unconfigured providers → 503.
 */
import { Accounts } from "@podium/core"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type LocalIdentityProvider, startIdentityProvider } from "../support/identity-provider-server.js"
import { type RealHost, startRealHost } from "../support/real-host.js"

const ReturnUrl = "https://app.example.test/auth/done?from=provider-b"
const RedirectUri = "https://api.example.test/v2/auth/oauth/identity-provider-b/callback"
const CallbackPath = "/v2/auth/oauth/identity-provider-b/callback"

let host: RealHost
let bare: RealHost
let providerA: LocalIdentityProvider
let providerB: LocalIdentityProvider
beforeAll(async () => {
  providerA = await startIdentityProvider({ audience: "podium-app-a" })
  providerB = await startIdentityProvider({ audience: "com.podium.web" })
  host = await startRealHost(import.meta.url, {
    IDENTITY_PROVIDER_A_ISSUER: `${providerA.issuer}, https://other-issuer.example`,
    IDENTITY_PROVIDER_A_JWKS_URL: providerA.jwksUrl,
    IDENTITY_PROVIDER_A_CLIENT_IDS: "podium-app-a,podium-app-a-web",
    IDENTITY_PROVIDER_B_ISSUER: providerB.issuer,
    IDENTITY_PROVIDER_B_JWKS_URL: providerB.jwksUrl,
    IDENTITY_PROVIDER_B_TOKEN_URL: providerB.tokenUrl,
    IDENTITY_PROVIDER_B_CLIENT_IDS: "com.podium.web,com.podium.ios",
    IDENTITY_PROVIDER_B_TEAM_ID: providerB.teamId,
    IDENTITY_PROVIDER_B_KEY_ID: providerB.keyId,
    IDENTITY_PROVIDER_B_PRIVATE_KEY: providerB.clientPrivateKeyPem.replace(/\n/g, "\\n"),
    IDENTITY_PROVIDER_B_REDIRECT_URI: RedirectUri,
    IDENTITY_PROVIDER_B_RETURN_URL: ReturnUrl
  })
  bare = await startRealHost(`${import.meta.url}-bare`)
})
afterAll(async () => {
  await host?.close()
  await bare?.close()
  await providerA?.close()
  await providerB?.close()
})

let counter = 0
const unique = () => `${Date.now().toString(36)}${counter++}`
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const signInA = (body: Record<string, unknown>, h: RealHost = host) => h.http.request("POST", "/v2/auth/oauth/identity-provider-a", body)
const whoAmI = (token: string) => host.http.get("/v2/auth/verify-token", { headers: bearer(token) })

describe("provider configuration", () => {
  it("oauth/status shows which providers are configured, without calling them", async () => {
    const before = providerA.jwksFetches()
    const res = await host.http.get("/v2/auth/oauth/status")
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      providers: [
        { provider: "identity-provider-a", configured: true, webFlow: false },
        { provider: "identity-provider-b", configured: true, webFlow: true }
      ]
    })
    expect(providerA.jwksFetches()).toBe(before)
    const none = await bare.http.get("/v2/auth/oauth/status")
    expect(none.body.data.providers.map((p: { configured: boolean }) => p.configured)).toEqual([false, false])
  })

  it("methods lists what a client may offer for a role, and validates role and client", async () => {
    const ios = await host.http.get("/v2/auth/methods?role=user&client=ios")
    expect(ios.status).toBe(200)
    expect(ios.body.data.methods.map((m: { method: string; available: boolean }) => [m.method, m.available])).toEqual([
      ["phone_otp", true],
      ["email_otp", true],
      ["identity-provider-a", true],
      ["identity-provider-b", true]
    ])
    expect(ios.body.data.methods[3].flow).toEqual(["POST /v2/auth/oauth/identity-provider-b"])
    const web = await host.http.get("/v2/auth/methods?role=organizer&client=web")
    expect(web.body.data.methods[3].flow[0]).toBe("POST /v2/auth/oauth/identity-provider-b/session")
    expect(web.body.data.methods[0].flow[0]).toBe("POST /v2/organizers/send-otp")
    const admin = await host.http.get("/v2/auth/methods?role=admin&client=android")
    expect(admin.body.data.methods.map((m: { method: string }) => m.method)).toEqual(["phone_otp"])
    const unconfigured = await bare.http.get("/v2/auth/methods?role=user&client=android")
    expect(unconfigured.body.data.methods[2]).toMatchObject({ method: "identity-provider-a", available: false, reason: "identity provider A is not configured" })

    const bad = await host.http.get("/v2/auth/methods?role=root&client=tv")
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      "role must be one of the following values: user, organizer, admin",
      "client must be one of the following values: ios, android, web"
    ]))
    expect((await host.http.get("/v2/auth/methods")).status).toBe(400)
  })

  it("unconfigured providers answer 503 IDENTITY_PROVIDER_NOT_CONFIGURED on every operation", async () => {
    const a = await signInA({ idToken: await providerA.idToken({ sub: "x", email: "x@example.com" }) }, bare)
    expect(a.status).toBe(503)
    expect(a.body).toMatchObject({ status: 503, statusText: "SERVICE_UNAVAILABLE", code: "IDENTITY_PROVIDER_NOT_CONFIGURED", data: null })
    const session = await bare.http.request("POST", "/v2/auth/oauth/identity-provider-b/session", {})
    expect(session.body.code).toBe("IDENTITY_PROVIDER_NOT_CONFIGURED")
    const login = await bare.http.request("POST", "/v2/auth/oauth/identity-provider-b", { authorizationCode: "abc" })
    expect(login.status).toBe(503)
    const exchange = await bare.http.request("POST", "/v2/auth/oauth/identity-provider-b/web/exchange", { exchangeCode: "x".repeat(40) })
    expect(exchange.status).toBe(503)
    const callback = await fetch(bare.http.baseUrl + CallbackPath, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ code: "c", state: "s" }).toString(),
      redirect: "manual"
    })
    expect(callback.status).toBe(503)
  })
})

describe("provider A: ID-token sign-in", () => {
  it("creates an athlete on first sign-in, then finds it by subject (even after the e-mail changes)", async () => {
    const sub = `a-${unique()}`
    const email = `new.${unique()}@example.com`
    const first = await signInA({ idToken: await providerA.idToken({ sub, email: email.toUpperCase(), given_name: "Asha", family_name: "Rao" }) })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ status: 200, statusText: "OK", message: "Login successful" })
    expect(first.body.data).toMatchObject({ email, phoneNumber: null, message: "Login successful", accessToken: expect.any(String), refreshToken: expect.any(String) })
    const me = await whoAmI(first.body.data.accessToken)
    expect(me.body.data).toMatchObject({ role: "user", data: { id: first.body.data.id, email, firstName: "Asha", lastName: "Rao" } })

    const again = await signInA({ idToken: await providerA.idToken({ sub, email: `changed.${unique()}@example.com` }) })
    expect(again.status).toBe(200)
    expect(again.body.data.id).toBe(first.body.data.id)
  })

  it("links to the existing athlete with the provider-verified e-mail address", async () => {
    const email = `known.${unique()}@example.com`
    const user = await host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.create({ email, phoneNumber: null })))
    const res = await signInA({ idToken: await providerA.idToken({ sub: `a-${unique()}`, email }), nonce: undefined })
    expect(res.status).toBe(200)
    expect(res.body.data.id).toBe(user.id)
  })

  it("refuses an unverified e-mail address when no account is linked (403)", async () => {
    const res = await signInA({ idToken: await providerA.idToken({ sub: `a-${unique()}`, email: `u.${unique()}@example.com`, email_verified: false }) })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ code: "IDENTITY_EMAIL_UNVERIFIED", data: null })
    const noEmail = await signInA({ idToken: await providerA.idToken({ sub: `a-${unique()}` }) })
    expect(noEmail.status).toBe(403)
  })

  it("answers 401 IDENTITY_TOKEN_INVALID for a wrong issuer, audience, expiry, nonce, key or algorithm", async () => {
    const claims = { sub: `a-${unique()}`, email: `bad.${unique()}@example.com` }
    const cases: Array<[string, Promise<string>, string | undefined, string]> = [
      ["issuer", providerA.idToken(claims, { issuer: "https://evil.example" }), undefined, "unexpected issuer"],
      ["audience", providerA.idToken(claims, { audience: "someone-else" }), undefined, "unexpected audience"],
      ["expired", providerA.idToken(claims, { expiresAt: Math.floor(Date.now() / 1000) - 3600 }), undefined, "token expired"],
      ["nonce", providerA.idToken({ ...claims, nonce: "the-right-nonce" }), "another-nonce", "nonce mismatch"],
      ["missing nonce", providerA.idToken(claims), "expected-nonce", "nonce mismatch"],
      ["unknown key", providerA.idToken(claims, { foreignKey: true }), undefined, "signed with an unknown key"]
    ]
    for (const [label, token, nonce, reason] of cases) {
      const res = await signInA({ idToken: await token, ...(nonce === undefined ? {} : { nonce }) })
      expect([label, res.status]).toEqual([label, 401])
      expect(res.body).toMatchObject({ status: 401, statusText: "UNAUTHORIZED", code: "IDENTITY_TOKEN_INVALID", message: `Invalid identity token: ${reason}`, data: null })
    }
    const [header, payload] = (await providerA.idToken(claims)).split(".")
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`
    expect((await signInA({ idToken: none })).status).toBe(401)
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, iss: providerA.issuer, aud: "podium-app-a", exp: 9999999999 })).toString("base64url")}.${"A".repeat(40)}`
    expect((await signInA({ idToken: tampered })).status).toBe(401)
  })

  it("accepts the nonce as sent or as its SHA-256 (native apps), and validates the body", async () => {
    const raw = `nonce-${unique()}`
    const hashed = createHash("sha256").update(raw).digest("hex")
    const ok = await signInA({ idToken: await providerA.idToken({ sub: `a-${unique()}`, email: `n.${unique()}@example.com`, nonce: hashed }), nonce: raw })
    expect(ok.status).toBe(200)
    const plain = await signInA({ idToken: await providerA.idToken({ sub: `a-${unique()}`, email: `p.${unique()}@example.com`, nonce: raw }), nonce: raw })
    expect(plain.status).toBe(200)
    const bad = await signInA({ role: "root" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      "idToken must be longer than or equal to 16 and shorter than or equal to 8192 characters",
      "role must be one of the following values: user, organizer, admin"
    ]))
  })

  it("role organizer resolves an active team member by verified e-mail and never creates; admins are refused", async () => {
    const email = `org.${unique()}@example.com`
    const stranger = await signInA({ idToken: await providerA.idToken({ sub: `a-${unique()}`, email }), role: "organizer" })
    expect(stranger.status).toBe(403)
    const member = await host.run(Effect.gen(function*() {
      const repo = yield* Accounts.OrganizerMemberRepo
      const organizerId = yield* repo.createOrganizer({ name: "Trail Co" })
      return yield* repo.addMember({ organizerId, email, role: "ADMIN" })
    }))
    const sub = `a-${unique()}`
    const res = await signInA({ idToken: await providerA.idToken({ sub, email }), role: "organizer" })
    expect(res.status).toBe(200)
    expect(res.body.data.id).toBe(member.id)
    expect((await whoAmI(res.body.data.accessToken)).body.data.role).toBe("organizer")
    // The subject is now an organizer's: it cannot sign in as an athlete.
    expect((await signInA({ idToken: await providerA.idToken({ sub, email }), role: "user" })).status).toBe(403)
    expect((await signInA({ idToken: await providerA.idToken({ sub: `a-${unique()}`, email }), role: "admin" })).status).toBe(403)
  })

  it("concurrent first sign-ins of one subject end on one account", async () => {
    const sub = `a-${unique()}`
    const email = `race.${unique()}@example.com`
    const results = await Promise.all([1, 2, 3].map(async () => signInA({ idToken: await providerA.idToken({ sub, email }) })))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200])
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1)
  })
})

describe("provider B: code exchange", () => {
  it("exchanges the native app's code with an ES256 client secret, verifies the ID token and signs in; a code works once", async () => {
    const code = `code-${unique()}`
    const nonce = `nonce-${unique()}`
    const email = `ios.${unique()}@privaterelay.example.com`
    providerB.registerCode(code, { sub: `b-${unique()}`, email, email_verified: "true", nonce }, "com.podium.ios")
    const res = await host.http.request("POST", "/v2/auth/oauth/identity-provider-b", { authorizationCode: code, nonce, clientId: "com.podium.ios", firstName: "Ravi" })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ email, message: "Login successful" })
    expect((await whoAmI(res.body.data.accessToken)).body.data.data.firstName).toBe("Ravi")

    const request = providerB.tokenRequests.at(-1)!
    expect(request.kid).toBe(providerB.keyId)
    expect(request.clientSecret).toMatchObject({ iss: providerB.teamId, sub: "com.podium.ios", aud: providerB.issuer })
    expect(request.form.get("redirect_uri")).toBeNull()

    const again = await host.http.request("POST", "/v2/auth/oauth/identity-provider-b", { authorizationCode: code, nonce, clientId: "com.podium.ios" })
    expect(again.status).toBe(401)
    expect(again.body.code).toBe("AUTHORIZATION_CODE_INVALID")
    const foreignClient = await host.http.request("POST", "/v2/auth/oauth/identity-provider-b", { authorizationCode: `c-${unique()}`, clientId: "com.other.app" })
    expect(foreignClient.status).toBe(401)
  })

  it("refuses the returned ID token when its nonce does not match (401)", async () => {
    const code = `code-${unique()}`
    providerB.registerCode(code, { sub: `b-${unique()}`, email: `m.${unique()}@example.com`, nonce: "issued-nonce" })
    const res = await host.http.request("POST", "/v2/auth/oauth/identity-provider-b", { authorizationCode: code, nonce: "other-nonce" })
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: "IDENTITY_TOKEN_INVALID", message: "Invalid identity token: nonce mismatch" })
  })

  it("browser flow: session (201) → form-post callback (302 with only an exchange code) → exchange, each single use", async () => {
    const session = await host.http.request("POST", "/v2/auth/oauth/identity-provider-b/session", {})
    expect(session.status).toBe(201)
    expect(session.body).toMatchObject({ status: 201, statusText: "CREATED" })
    const { state, nonce, clientId, redirectUri } = session.body.data
    expect(state).toMatch(/^[A-Za-z0-9_-]{30,}$/)
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{30,}$/)
    expect([clientId, redirectUri]).toEqual(["com.podium.web", RedirectUri])

    const code = `web-${unique()}`
    const email = `web.${unique()}@example.com`
    providerB.registerCode(code, { sub: `b-${unique()}`, email, nonce })
    const post = (form: Record<string, string>) =>
      fetch(host.http.baseUrl + CallbackPath, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
        redirect: "manual"
      })
    const callback = await post({ code, state, user: JSON.stringify({ name: { firstName: "Meera", lastName: "Iyer" }, email }) })
    expect(callback.status).toBe(302)
    expect(callback.headers.get("cache-control")).toBe("no-store")
    const location = new URL(callback.headers.get("location")!)
    expect(`${location.origin}${location.pathname}`).toBe("https://app.example.test/auth/done")
    expect(location.searchParams.get("from")).toBe("provider-b")
    const exchangeCode = location.searchParams.get("exchangeCode")!
    expect(exchangeCode).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect([...location.searchParams.keys()].sort()).toEqual(["exchangeCode", "from"])
    expect(location.toString()).not.toContain(code)

    const replayed = await post({ code, state })
    expect(replayed.status).toBe(302)
    expect(new URL(replayed.headers.get("location")!).searchParams.get("error")).toBe("invalid_state")
    const cancelled = await post({ error: "user_cancelled_authorize", state: "whatever" })
    expect(new URL(cancelled.headers.get("location")!).searchParams.get("error")).toBe("user_cancelled_authorize")
    const incomplete = await post({ state: "only-state" })
    expect(new URL(incomplete.headers.get("location")!).searchParams.get("error")).toBe("invalid_request")

    const exchanged = await host.http.request("POST", "/v2/auth/oauth/identity-provider-b/web/exchange", { exchangeCode })
    expect(exchanged.status).toBe(200)
    expect(exchanged.body.data).toMatchObject({ email, message: "Login successful", accessToken: expect.any(String) })
    expect((await whoAmI(exchanged.body.data.accessToken)).body.data.data).toMatchObject({ firstName: "Meera", lastName: "Iyer" })
    const request = providerB.tokenRequests.at(-1)!
    expect(request.form.get("redirect_uri")).toBe(RedirectUri)
    expect(request.form.get("client_id")).toBe("com.podium.web")

    const twice = await host.http.request("POST", "/v2/auth/oauth/identity-provider-b/web/exchange", { exchangeCode })
    expect(twice.status).toBe(401)
    expect(twice.body.code).toBe("EXCHANGE_CODE_INVALID")
    const missing = await host.http.request("POST", "/v2/auth/oauth/identity-provider-b/web/exchange", {})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(["exchangeCode must be longer than or equal to 16 and shorter than or equal to 512 characters"])
  })
})
