/**
 * Tokens and sessions through the real host: refresh rotation, reuse → family revoked, concurrent
 * double refresh, logout taking effect at once, 401 for missing/expired/tampered/alg:none/foreign
 * tokens, 403 for a valid token without the role, sessions list/revoke/revoke-others, the web cookie.
 */
import { Identity, Platform } from "@podium/core"
import { deriveSigningKeys } from "@podium/providers"
import { Effect, Redacted } from "effect"
import { SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"

let host: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
})
afterAll(() => host?.close())

let counter = 0
const freshPhone = () => `+9197${String(Date.now() % 1_000_000).padStart(6, "0")}${String(counter++ % 100).padStart(2, "0")}`
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Signs in a new athlete by phone; returns tokens and ids. */
const signIn = async () => {
  const phoneNumber = freshPhone()
  await host.http.request("POST", "/v2/auth/send-otp", { phoneNumber })
  const res = await host.http.request("POST", "/v2/auth/verify-otp", { phoneNumber, otp: host.lastCode(phoneNumber), role: "user" })
  expect(res.status).toBe(201)
  return { phoneNumber, id: res.body.data.id as string, accessToken: res.body.data.accessToken as string, refreshToken: res.body.data.refreshToken as string }
}

/** Another session of the same athlete (as a second device's sign-in would create). */
const anotherSession = (userId: string) =>
  host.run(Identity.startSession({ account: { kind: "user", id: userId }, role: "user", userAgent: "second-device" }))

const refresh = (token: string, path = "/v2/auth/refresh-tokens") => host.http.request("POST", path, undefined, bearer(token))
const whoAmI = (token: string) => host.http.get("/v2/auth/verify-token", { headers: bearer(token) })

/** Makes the grace window of a spent refresh token pass at once (as if 10 s went by). */
const endGrace = (refreshToken: string) =>
  host.run(Effect.gen(function*() {
    const hash = yield* Effect.flatMap(Identity.Hmac, (h) => h.digest("refresh-token", refreshToken))
    yield* Effect.flatMap(Platform.TtlCache, (c) => c.delete(`identity:refresh-rotated:${hash}`))
  }))

describe("refresh tokens", () => {
  it("rotates: a new pair, the new access token works, the refresh token changes", async () => {
    const me = await signIn()
    const res = await refresh(me.refreshToken)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 200, statusText: "OK", data: { accessToken: expect.any(String), refreshToken: expect.any(String) } })
    expect(res.body.data.refreshToken).not.toBe(me.refreshToken)
    expect((await whoAmI(res.body.data.accessToken)).status).toBe(200)
    expect((await refresh(res.body.data.refreshToken)).status).toBe(200)
  })

  it("revokes the whole family when a spent refresh token is reused after the grace window", async () => {
    const me = await signIn()
    const rotated = await refresh(me.refreshToken)
    await endGrace(me.refreshToken)
    const reuse = await refresh(me.refreshToken)
    expect(reuse.status).toBe(401)
    expect(reuse.body).toMatchObject({ status: 401, statusText: "UNAUTHORIZED", code: "REFRESH_TOKEN_REUSED", data: null })
    expect((await refresh(rotated.body.data.refreshToken)).status).toBe(401)
    expect((await whoAmI(rotated.body.data.accessToken)).status).toBe(401)
    expect((await whoAmI(me.accessToken)).status).toBe(401)
  })

  it("gives two concurrent refreshes of one token the same successor", async () => {
    const me = await signIn()
    const [a, b] = await Promise.all([refresh(me.refreshToken), refresh(me.refreshToken)])
    expect(a!.status).toBe(200)
    expect(b!.status).toBe(200)
    expect(a!.body.data.refreshToken).toBe(b!.body.data.refreshToken)
    expect((await refresh(a!.body.data.refreshToken)).status).toBe(200)
  })

  it("answers 401 without a bearer, for an unknown token, and for a crew-only route with a user token", async () => {
    expect((await host.http.request("POST", "/v2/auth/refresh-tokens")).status).toBe(401)
    expect((await refresh("not-a-token")).status).toBe(401)
    const me = await signIn()
    expect((await refresh(me.refreshToken, "/v2/auth/crew/refresh-tokens")).status).toBe(401)
  })
})

describe("logout and the guard", () => {
  it("logout answers the logout result and the access token is refused at once", async () => {
    const me = await signIn()
    const out = await host.http.request("POST", "/v2/auth/logout", undefined, bearer(me.accessToken))
    expect(out.status).toBe(200)
    expect(out.body.data).toEqual({ generatedMaps: [], raw: [], affected: 1 })
    const after = await whoAmI(me.accessToken)
    expect(after.status).toBe(401)
    expect(after.body).toEqual({ status: 401, statusText: "UNAUTHORIZED", message: "Unauthorized", data: null })
    expect((await refresh(me.refreshToken)).status).toBe(401)
  })

  it("answers 401 for missing, malformed, expired, tampered, alg:none and foreign-issuer tokens", async () => {
    const me = await signIn()
    const claims = JSON.parse(Buffer.from(me.accessToken.split(".")[1]!, "base64url").toString()) as Record<string, unknown>
    const { privateKey } = deriveSigningKeys(Redacted.value(host.config.secrets.jwtSecret))
    const sign = (payload: Record<string, unknown>, options: { iss?: string; aud?: string; exp?: number } = {}) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: "EdDSA" })
        .setIssuer(options.iss ?? "podium")
        .setAudience(options.aud ?? "podium-api")
        .setSubject(String(claims.sub))
        .setIssuedAt()
        .setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 600)
        .sign(privateKey)
    const base = { role: claims.role, kind: claims.kind, sid: claims.sid }
    expect((await whoAmI(await sign(base))).status).toBe(200) // the forger's key is the real one: sanity check
    const [header, payload, signature] = me.accessToken.split(".") as [string, string, string]
    const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, role: "admin" })).toString("base64url")
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`
    const cases: Record<string, Record<string, string>> = {
      missing: {},
      malformed: bearer("abc.def"),
      notBearer: { authorization: `Basic ${me.accessToken}` },
      expired: bearer(await sign(base, { exp: Math.floor(Date.now() / 1000) - 5 })),
      tampered: bearer(`${header}.${tamperedPayload}.${signature}`),
      badSignature: bearer(`${header}.${payload}.${signature.slice(0, -4)}AAAA`),
      algNone: bearer(none),
      foreignIssuer: bearer(await sign(base, { iss: "someone-else" })),
      foreignAudience: bearer(await sign(base, { aud: "other-api" }))
    }
    for (const [name, headers] of Object.entries(cases)) {
      const res = await host.http.get("/v2/auth/verify-token", { headers })
      expect([name, res.status]).toEqual([name, 401])
      expect(res.body).toMatchObject({ status: 401, statusText: "UNAUTHORIZED", data: null })
    }
  })

  it("answers 403 Access Denied for a valid token without the role", async () => {
    const me = await signIn()
    const res = await host.http.get("/v2/admins/me", { headers: bearer(me.accessToken) })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ status: 403, statusText: "FORBIDDEN", message: "Access Denied", data: null })
    const crewOnly = await host.http.request("POST", "/v2/auth/crew/logout", undefined, bearer(me.accessToken))
    expect(crewOnly.status).toBe(403)
  })
})

describe("sessions", () => {
  it("lists active and revoked sessions, revokes one, and revokes the others", async () => {
    const me = await signIn()
    const second = await anotherSession(me.id)
    const third = await anotherSession(me.id)
    const listed = await host.http.get("/v2/auth/sessions", { headers: bearer(me.accessToken) })
    expect(listed.status).toBe(200)
    expect(listed.body.data).toHaveLength(3)
    expect(listed.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1)

    const revoked = await host.http.request("DELETE", `/v2/auth/sessions/${second.session.id}`, undefined, bearer(me.accessToken))
    expect(revoked.status).toBe(200)
    expect(revoked.body.data).toEqual({ message: "Session revoked", revoked: 1 })
    expect((await whoAmI(second.accessToken)).status).toBe(401)

    const other = await signIn()
    const foreign = await host.http.request("DELETE", `/v2/auth/sessions/${third.session.id}`, undefined, bearer(other.accessToken))
    expect(foreign.status).toBe(404)
    const malformed = await host.http.request("DELETE", "/v2/auth/sessions/not-a-uuid", undefined, bearer(me.accessToken))
    expect(malformed.status).toBe(400)

    const others = await host.http.request("POST", "/v2/auth/sessions/revoke-others", undefined, bearer(me.accessToken))
    expect(others.status).toBe(200)
    expect(others.body.data.revoked).toBe(1)
    expect((await whoAmI(third.accessToken)).status).toBe(401)
    expect((await whoAmI(me.accessToken)).status).toBe(200)

    const after = await host.http.get("/v2/auth/sessions", { headers: bearer(me.accessToken) })
    const byId = new Map(after.body.data.map((s: { id: string }) => [s.id, s]))
    expect(byId.get(second.session.id)).toMatchObject({ active: false, revokeReason: "revoked", revokedAt: expect.any(String) })
    expect(byId.get(third.session.id)).toMatchObject({ active: false, revokeReason: "revoked_by_other_session" })
    expect((await host.http.get("/v2/auth/sessions")).status).toBe(401)
  })

  it("revokeAllSessions ends every session of an account at once", async () => {
    const me = await signIn()
    const second = await anotherSession(me.id)
    await host.run(Identity.revokeAllSessions({ kind: "user", id: me.id }, "account_suspended"))
    expect((await whoAmI(me.accessToken)).status).toBe(401)
    expect((await whoAmI(second.accessToken)).status).toBe(401)
  })
})

describe("web session", () => {
  it("sets an HttpOnly, SameSite=Lax, Secure cookie the guard accepts, and web logout clears it (204)", async () => {
    const me = await signIn()
    const set = await host.http.request("POST", "/v2/auth/web/session", undefined, bearer(me.accessToken))
    expect(set.status).toBe(200)
    const cookie = set.headers.get("set-cookie") ?? ""
    expect(cookie).toMatch(/^podium_session=[^;]+/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Secure/i)
    const pair = cookie.split(";")[0]!
    expect((await host.http.get("/v2/auth/verify-token", { headers: { cookie: pair } })).status).toBe(200)
    expect((await host.http.request("POST", "/v2/auth/web/session")).status).toBe(401)

    const out = await host.http.request("POST", "/v2/auth/web/logout", undefined, { cookie: pair })
    expect(out.status).toBe(204)
    expect(out.headers.get("set-cookie")).toMatch(/podium_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i)
    expect((await host.http.get("/v2/auth/verify-token", { headers: { cookie: pair } })).status).toBe(401)
    expect((await host.http.request("POST", "/v2/auth/web/logout")).status).toBe(204)
  })
})
