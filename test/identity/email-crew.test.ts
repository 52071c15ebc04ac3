/** E-mail codes, crew sign-in and bind-phone through the real host. */
import { Accounts } from "@podium/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"

let host: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url)
})
afterAll(() => host?.close())

let counter = 0
const unique = () => `${Date.now().toString(36)}${counter++}`
const freshPhone = () => `+9196${String(Date.now() % 1_000_000).padStart(6, "0")}${String(counter++ % 100).padStart(2, "0")}`
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe("e-mail sign-in", () => {
  it("e-mails a 4-digit code without creating an account, then signs in creating the athlete", async () => {
    const email = `asha.${unique()}@example.com`
    const sent = await host.http.request("POST", "/v2/auth/email/send-otp", { email: email.toUpperCase() })
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ status: 200, statusText: "OK", message: "OTP sent successfully", data: { flash: true, message: "OTP sent successfully" } })
    const code = host.lastCode(email)
    expect(code).toMatch(/^\d{4}$/)
    expect((host.deliveries.to(email).at(-1)?.message as { template?: string } | undefined)?.template).toBe("auth.email-otp.user")
    expect((await host.http.get(`/v2/auth/check-email?email=${encodeURIComponent(email)}`)).body.data).toEqual({ exists: false })

    const signedIn = await host.http.request("POST", "/v2/auth/email/verify-otp", { email, otp: code })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.data).toMatchObject({ email, phoneNumber: null, message: "Login successful", accessToken: expect.any(String) })
    expect((await host.http.get(`/v2/auth/check-email?email=${encodeURIComponent(email)}`)).body.data).toEqual({ exists: true })
    expect((await host.http.get("/v2/auth/check-email?email=nope")).body.message).toEqual(["email must be an email"])
  })

  it("links to the existing athlete when the address is known", async () => {
    const email = `known.${unique()}@example.com`
    const user = await host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.create({ email, firstName: "Kiran" })))
    await host.http.request("POST", "/v2/auth/email/send-otp", { email, role: "user" })
    const signedIn = await host.http.request("POST", "/v2/auth/email/verify-otp", { email, otp: host.lastCode(email), role: "user" })
    expect(signedIn.body.data.id).toBe(user.id)
  })

  it("role organizer uses the organizer template, resolves team members only and never creates", async () => {
    const stranger = `stranger.${unique()}@example.com`
    const sent = await host.http.request("POST", "/v2/auth/email/send-otp", { email: stranger, role: "organizer" })
    expect(sent.status).toBe(200)
    expect(host.deliveries.to(stranger)).toHaveLength(0)
    expect((await host.http.request("POST", "/v2/auth/email/verify-otp", { email: stranger, otp: "1234", role: "organizer" })).status).toBe(401)

    const email = `team.${unique()}@example.com`
    await host.run(Effect.gen(function*() {
      const repo = yield* Accounts.OrganizerMemberRepo
      const organizerId = yield* repo.createOrganizer({ name: "Coastal Tri" })
      yield* repo.addMember({ organizerId, email, role: "VIEWER" })
    }))
    await host.http.request("POST", "/v2/auth/email/send-otp", { email, role: "organizer" })
    expect((host.deliveries.to(email).at(-1)?.message as { template?: string } | undefined)?.template).toBe("auth.email-otp.organizer")
    const signedIn = await host.http.request("POST", "/v2/auth/email/verify-otp", { email, otp: host.lastCode(email), role: "organizer" })
    expect(signedIn.status).toBe(200)
    const token = await host.http.get("/v2/auth/verify-token", { headers: bearer(signedIn.body.data.accessToken) })
    expect(token.body.data).toMatchObject({ role: "organizer", data: { email } })
    expect((await host.http.get(`/v2/auth/check-email?email=${encodeURIComponent(email)}`)).body.data).toEqual({ exists: false })
  })

  it("binds a first phone number after a code sent to it, once", async () => {
    const email = `bind.${unique()}@example.com`
    await host.http.request("POST", "/v2/auth/email/send-otp", { email })
    const me = (await host.http.request("POST", "/v2/auth/email/verify-otp", { email, otp: host.lastCode(email) })).body.data
    const phoneNumber = freshPhone()
    await host.http.request("POST", "/v2/auth/send-otp", { phoneNumber })
    const bound = await host.http.request("POST", "/v2/auth/bind-phone", { phoneNumber, otp: host.lastCode(phoneNumber) }, bearer(me.accessToken))
    expect(bound.status).toBe(200)
    expect(bound.body.data).toMatchObject({ id: me.id, phoneNumber, email })
    const again = await host.http.request("POST", "/v2/auth/bind-phone", { phoneNumber, otp: "123456" }, bearer(me.accessToken))
    expect(again.status).toBe(401)
    expect((await host.http.request("POST", "/v2/auth/bind-phone", { phoneNumber, otp: "123456" })).status).toBe(401)
  })
})

describe("crew sign-in", () => {
  it("SMS: a 4-digit code for an existing crew member, crew tokens, crew refresh and logout", async () => {
    const phoneNumber = freshPhone()
    const crew = await host.run(Effect.flatMap(Accounts.CrewMemberRepo, (r) => r.create({ phoneNumber, name: "Ravi Kumar" })))
    const sent = await host.http.request("POST", "/v2/auth/crew/send-otp", { phoneNumber })
    expect(sent.status).toBe(201)
    const code = host.lastCode(phoneNumber)
    expect(code).toMatch(/^\d{4}$/)
    const signedIn = await host.http.request("POST", "/v2/auth/crew/verify-otp", { phoneNumber, otp: code })
    expect(signedIn.status).toBe(201)
    expect(signedIn.body.data).toMatchObject({ id: crew.id, phoneNumber })
    const token = await host.http.get("/v2/auth/verify-token", { headers: bearer(signedIn.body.data.accessToken) })
    expect(token.body.data).toMatchObject({ role: "crew", data: { firstName: "Ravi", lastName: "Kumar" } })

    expect((await host.http.request("POST", "/v2/auth/refresh-tokens", undefined, bearer(signedIn.body.data.refreshToken))).status).toBe(401)
    const refreshed = await host.http.request("POST", "/v2/auth/crew/refresh-tokens", undefined, bearer(signedIn.body.data.refreshToken))
    expect(refreshed.status).toBe(201)
    const out = await host.http.request("POST", "/v2/auth/crew/logout", undefined, bearer(refreshed.body.data.accessToken))
    expect(out.status).toBe(201)
    expect(out.body.data).toEqual({ generatedMaps: [], raw: [], affected: 1 })
    expect((await host.http.get("/v2/auth/verify-token", { headers: bearer(refreshed.body.data.accessToken) })).status).toBe(401)
  })

  it("answers the same for unknown crew and sends nothing", async () => {
    const phoneNumber = freshPhone()
    const sent = await host.http.request("POST", "/v2/auth/crew/send-otp", { phoneNumber })
    expect(sent.status).toBe(201)
    expect(host.deliveries.to(phoneNumber)).toHaveLength(0)
    expect((await host.http.request("POST", "/v2/auth/crew/verify-otp", { phoneNumber, otp: "1234" })).status).toBe(401)
  })

  it("e-mail: rows sharing the address sign in as the oldest one", async () => {
    const email = `crew.${unique()}@example.com`
    const first = await host.run(Effect.flatMap(Accounts.CrewMemberRepo, (r) => r.create({ email, name: "Meera" })))
    await host.run(Effect.flatMap(Accounts.CrewMemberRepo, (r) => r.create({ email, name: "Meera" })))
    expect((await host.http.request("POST", "/v2/auth/crew/email/send-otp", { email })).status).toBe(201)
    const code = host.lastCode(email)
    expect(code).toMatch(/^\d{4}$/)
    const signedIn = await host.http.request("POST", "/v2/auth/crew/email/verify-otp", { email, otp: code })
    expect(signedIn.status).toBe(201)
    expect(signedIn.body.data).toMatchObject({ id: first.id, email })
  })
})
