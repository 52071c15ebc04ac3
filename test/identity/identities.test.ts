/**
 * Linked identities and e-mail verification through the real host: the caller's sign-in methods
 * (phone, e-mail with its verification state, provider identities), removal refused for the last
 * method (LAST_SIGN_IN_METHOD) and for an athlete's last contact (CONTACT_REQUIRED), concurrent
 * removals, bind-phone's PHONE_ALREADY_BOUND, and verification links queued through the outbox
 * (single use, 24 hours, tamper-proof).
 */
import { Accounts, Identity, Notifications } from "@podium/core"
import { type Context, Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type LocalIdentityProvider, startIdentityProvider } from "../support/identity-provider-server.js"
import { type RealHost, startRealHost } from "../support/real-host.js"

let host: RealHost
let provider: LocalIdentityProvider
beforeAll(async () => {
  provider = await startIdentityProvider({ audience: "podium-app" })
  host = await startRealHost(import.meta.url, {
    IDENTITY_PROVIDER_A_ISSUER: provider.issuer,
    IDENTITY_PROVIDER_A_JWKS_URL: provider.jwksUrl,
    IDENTITY_PROVIDER_A_CLIENT_IDS: "podium-app",
    EMAIL_VERIFICATION_URL: "https://api.example.test/v2/auth/email/verify"
  })
})
afterAll(async () => {
  await host?.close()
  await provider?.close()
})

let counter = 0
const unique = () => `${Date.now().toString(36)}${counter++}`
const freshPhone = () => `+9195${String(Date.now() % 1_000_000).padStart(6, "0")}${String(counter++ % 100).padStart(2, "0")}`
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** A session for an account created directly (as a sign-in would start it). */
const sessionFor = async (user: Accounts.User) =>
  (await host.run(Identity.startSession({ account: { kind: "user", id: user.id }, role: "user" }))).accessToken

const newUser = (input: Accounts.NewUser) => host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.create(input)))

/** Signs in with provider A for `email`, linking a fresh subject; returns the access token. */
const linkProvider = async (email: string) => {
  const res = await host.http.request("POST", "/v2/auth/oauth/identity-provider-a", { idToken: await provider.idToken({ sub: `s-${unique()}`, email }) })
  expect(res.status).toBe(200)
  return res.body.data.accessToken as string
}

const identities = async (token: string) => {
  const res = await host.http.get("/v2/auth/identities", { headers: bearer(token) })
  expect(res.status).toBe(200)
  return res.body.data as Array<{ id: string; provider: string; verified: boolean; subject: string | null; email: string | null; phoneNumber: string | null }>
}
const unlink = (token: string, id: string) => host.http.request("DELETE", `/v2/auth/identities/${id}`, undefined, bearer(token))

describe("linked identities", () => {
  it("lists phone, e-mail and provider identities, and removes a provider identity", async () => {
    const email = `list.${unique()}@example.com`
    const phoneNumber = freshPhone()
    const user = await newUser({ email, phoneNumber })
    const token = await linkProvider(email)
    const listed = await identities(token)
    expect(listed.map((i) => i.provider)).toEqual(["phone", "email", "identity-provider-a"])
    expect(listed[0]).toMatchObject({ id: "phone", phoneNumber, verified: true })
    // The provider vouched for the address, so it counts as verified.
    expect(listed[1]).toMatchObject({ id: "email", email, verified: true })
    expect(listed[2]).toMatchObject({ email, subject: expect.stringMatching(/^s-/), verified: true })

    const removed = await unlink(token, listed[2]!.id)
    expect(removed.status).toBe(200)
    expect(removed.body.data).toEqual({ message: "Sign-in method removed", id: listed[2]!.id })
    expect((await identities(token)).map((i) => i.provider)).toEqual(["phone", "email"])
    const gone = await unlink(token, listed[2]!.id)
    expect(gone.status).toBe(404)
    expect((await identities(await sessionFor(user))).length).toBe(2)
  })

  it("refuses to remove the last sign-in method (409 LAST_SIGN_IN_METHOD) and an athlete's last contact (409 CONTACT_REQUIRED)", async () => {
    const phoneNumber = freshPhone()
    const email = `last.${unique()}@example.com`
    const token = await sessionFor(await newUser({ phoneNumber, email }))
    expect((await unlink(token, "phone")).status).toBe(200)
    const last = await unlink(token, "email")
    expect(last.status).toBe(409)
    expect(last.body).toMatchObject({ status: 409, statusText: "CONFLICT", code: "LAST_SIGN_IN_METHOD", data: null })
    expect((await identities(token)).map((i) => i.id)).toEqual(["email"])

    const other = `contact.${unique()}@example.com`
    const linked = await linkProvider(other)
    const contact = await unlink(linked, "email")
    expect(contact.status).toBe(409)
    expect(contact.body.code).toBe("CONTACT_REQUIRED")
    expect((await unlink(linked, "phone")).status).toBe(404)
  })

  it("lets only one of two concurrent removals of the last two methods through", async () => {
    const token = await sessionFor(await newUser({ phoneNumber: freshPhone(), email: `race.${unique()}@example.com` }))
    const results = await Promise.all([unlink(token, "phone"), unlink(token, "email")])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await identities(token)).toHaveLength(1)
  })

  it("touches only the caller's own identities, validates the id and needs a token", async () => {
    const mine = await linkProvider(`mine.${unique()}@example.com`)
    const theirs = await linkProvider(`theirs.${unique()}@example.com`)
    const theirLink = (await identities(theirs)).find((i) => i.provider === "identity-provider-a")!
    const foreign = await unlink(mine, theirLink.id)
    expect(foreign.status).toBe(404)
    expect((await identities(theirs)).some((i) => i.id === theirLink.id)).toBe(true)
    const bad = await unlink(mine, "not-an-id")
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["id must be phone, email or a UUID"])
    expect((await host.http.get("/v2/auth/identities")).status).toBe(401)
    expect((await host.http.request("DELETE", `/v2/auth/identities/${theirLink.id}`)).status).toBe(401)
  })

  it("bind-phone answers 409 PHONE_ALREADY_BOUND when the account has a phone number", async () => {
    const token = await sessionFor(await newUser({ phoneNumber: freshPhone(), email: `bound.${unique()}@example.com` }))
    const another = freshPhone()
    await host.http.request("POST", "/v2/auth/send-otp", { phoneNumber: another })
    const res = await host.http.request("POST", "/v2/auth/bind-phone", { phoneNumber: another, otp: host.lastCode(another) }, bearer(token))
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ status: 409, statusText: "CONFLICT", code: "PHONE_ALREADY_BOUND", message: "This account already has a phone number", data: null })
  })
})

/** The newest queued e-mail to `recipient` and the token in its link. */
const queuedLink = async (recipient: string) => {
  // The real host's context holds the notification repositories too (its Infrastructure type names the identity part).
  const outbox = host.context as unknown as Context.Context<Notifications.OutboxRepo>
  const page = await Effect.runPromise(Effect.provide(Effect.flatMap(Notifications.OutboxRepo, (r) => r.list({ channel: "EMAIL", limit: 200, offset: 0 })), outbox))
  const message = page.items.find((m) => m.recipient === recipient)
  const link = /https:\/\/api\.example\.test\/v2\/auth\/email\/verify\?token=(\S+)/.exec(message?.body ?? "")
  return { message, token: link === null ? undefined : decodeURIComponent(link[1]!) }
}

describe("e-mail verification", () => {
  it("queues a signed link through the outbox; opening it verifies the address once", async () => {
    const email = `verify.${unique()}@example.com`
    const token = await sessionFor(await newUser({ email }))
    expect((await identities(token))[0]).toMatchObject({ id: "email", verified: false })

    const sent = await host.http.request("POST", "/v2/auth/email/send-verification", undefined, bearer(token))
    expect(sent.status).toBe(200)
    expect(sent.body.data).toMatchObject({ message: "Verification link sent", email })
    const hours = (new Date(sent.body.data.expiresAt).getTime() - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(23.9)
    expect(hours).toBeLessThanOrEqual(24)
    const { message, token: link } = await queuedLink(email)
    expect(message).toMatchObject({ channel: "EMAIL", status: "PENDING", category: null, subject: "Confirm your Podium e-mail address" })
    expect(link).toBeDefined()

    const opened = await host.http.get(`/v2/auth/email/verify?token=${encodeURIComponent(link!)}`)
    expect(opened.status).toBe(200)
    expect(opened.body.data).toEqual({ message: "E-mail address verified", email, verified: true })
    expect((await identities(token))[0]).toMatchObject({ id: "email", verified: true })

    const again = await host.http.get(`/v2/auth/email/verify?token=${encodeURIComponent(link!)}`)
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ status: 400, code: "EMAIL_VERIFICATION_INVALID", message: "This verification link was already used", data: null })
    const resend = await host.http.request("POST", "/v2/auth/email/send-verification", undefined, bearer(token))
    expect(resend.status).toBe(409)
    expect(resend.body.code).toBe("EMAIL_ALREADY_VERIFIED")
  })

  it("rejects tampered, malformed and expired links with 400, and a missing token", async () => {
    const email = `tamper.${unique()}@example.com`
    const user = await newUser({ email })
    await host.http.request("POST", "/v2/auth/email/send-verification", undefined, bearer(await sessionFor(user)))
    const { token: link } = await queuedLink(email)
    const [id, expiry, signature] = link!.split(".")
    const later = `${id}.${Number(expiry) + 86_400_000}.${signature}`
    for (const bad of [later, `${id}.${expiry}.${"0".repeat(64)}`, "garbage"]) {
      const res = await host.http.get(`/v2/auth/email/verify?token=${encodeURIComponent(bad)}`)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: "EMAIL_VERIFICATION_INVALID", message: "Invalid verification link" })
    }
    // A correctly signed token whose time is up (as the link would be after 24 hours).
    const pastExpiry = Date.now() - 1000
    const signed = await host.run(Effect.flatMap(Identity.Hmac, (h) => h.digest("email-verification", `${id}.${pastExpiry}`)))
    const expired = await host.http.get(`/v2/auth/email/verify?token=${encodeURIComponent(`${id}.${pastExpiry}.${signed}`)}`)
    expect(expired.status).toBe(400)
    expect(expired.body).toMatchObject({ code: "EMAIL_VERIFICATION_EXPIRED", message: "This verification link has expired; ask for a new one" })
    const missing = await host.http.get("/v2/auth/email/verify")
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(["token must be longer than or equal to 1 and shorter than or equal to 512 characters"])
    // The real link still works: failed attempts did not spend it.
    expect((await host.http.get(`/v2/auth/email/verify?token=${encodeURIComponent(link!)}`)).status).toBe(200)
  })

  it("refuses a link for an address the account no longer has", async () => {
    const email = `moved.${unique()}@example.com`
    const phoneNumber = freshPhone()
    const token = await sessionFor(await newUser({ email, phoneNumber }))
    await host.http.request("POST", "/v2/auth/email/send-verification", undefined, bearer(token))
    const { token: link } = await queuedLink(email)
    expect((await unlink(token, "email")).status).toBe(200)
    const res = await host.http.get(`/v2/auth/email/verify?token=${encodeURIComponent(link!)}`)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe("This verification link is for an address the account no longer has")
  })

  it("throttles sends per account (429 with Retry-After), needs an address and a token", async () => {
    const token = await sessionFor(await newUser({ email: `throttle.${unique()}@example.com` }))
    expect((await host.http.request("POST", "/v2/auth/email/send-verification", undefined, bearer(token))).status).toBe(200)
    const soon = await host.http.request("POST", "/v2/auth/email/send-verification", undefined, bearer(token))
    expect(soon.status).toBe(429)
    expect(Number(soon.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    const phoneOnly = await sessionFor(await newUser({ phoneNumber: freshPhone() }))
    const noEmail = await host.http.request("POST", "/v2/auth/email/send-verification", undefined, bearer(phoneOnly))
    expect(noEmail.status).toBe(400)
    expect(noEmail.body).toMatchObject({ code: "EMAIL_MISSING", message: "This account has no e-mail address to verify" })
    expect((await host.http.request("POST", "/v2/auth/email/send-verification")).status).toBe(401)
  })

  it("two concurrent openings of one link verify once", async () => {
    const email = `twice.${unique()}@example.com`
    await host.http.request("POST", "/v2/auth/email/send-verification", undefined, bearer(await sessionFor(await newUser({ email }))))
    const { token: link } = await queuedLink(email)
    const url = `/v2/auth/email/verify?token=${encodeURIComponent(link!)}`
    const results = await Promise.all([host.http.get(url), host.http.get(url), host.http.get(url)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400])
  })
})
