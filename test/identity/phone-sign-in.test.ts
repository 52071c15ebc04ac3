/**
 * Phone sign-in through the real host (Postgres clone + Redis prefix of this file): send-otp,
 * verify-otp, the validation messages, single use, attempt cap, throttling with Retry-After, expiry,
 * role resolution, test codes and the admin/organizer send-otp answers.
 */
import { Accounts } from "@podium/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"

let host: RealHost
let shortLived: RealHost
beforeAll(async () => {
  host = await startRealHost(import.meta.url, { AUTH_TEST_OTPS: "+919800000099=135790, fixed@example.com=2468" })
  shortLived = await startRealHost(`${import.meta.url}-ttl`, { AUTH_OTP_TTL_SECONDS: "1" })
})
afterAll(async () => {
  await host?.close()
  await shortLived?.close()
})

let counter = 0
/** A fresh valid Indian mobile number per call, so throttles of one test do not touch another. */
const freshPhone = () => `+9198${String(Date.now() % 1_000_000).padStart(6, "0")}${String(counter++ % 100).padStart(2, "0")}`

const send = (h: RealHost, phoneNumber: string, path = "/v2/auth/send-otp") => h.http.request("POST", path, { phoneNumber })
const verify = (h: RealHost, body: Record<string, unknown>) => h.http.request("POST", "/v2/auth/verify-otp", body)

describe("phone sign-in", () => {
  it("sends a 6-digit code in the doubly nested envelope and signs in, creating the athlete once", async () => {
    const phoneNumber = freshPhone()
    const sent = await send(host, phoneNumber)
    expect(sent.status).toBe(201)
    expect(sent.body).toEqual({
      status: 201,
      statusText: "CREATED",
      message: "OTP sent successfully",
      data: { statusCode: 201, message: "OTP sent successfully", data: { flash: true, message: "OTP sent successfully" } }
    })
    const code = host.lastCode(phoneNumber)
    expect(code).toMatch(/^\d{6}$/)
    const signedIn = await verify(host, { phoneNumber, otp: code, role: "user" })
    expect(signedIn.status).toBe(201)
    expect(signedIn.body).toMatchObject({ status: 201, statusText: "CREATED", message: "Login successful" })
    const data = signedIn.body.data
    expect(Object.keys(data).sort()).toEqual(["accessToken", "createdAt", "id", "message", "phoneNumber", "refreshToken", "updatedAt"])
    expect(data).toMatchObject({ phoneNumber, message: "Login successful", id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(data.accessToken.split(".")).toHaveLength(3)

    const token = await host.http.get("/v2/auth/verify-token", { headers: { authorization: `Bearer ${data.accessToken}` } })
    expect(token.status).toBe(200)
    expect(token.body.data).toMatchObject({ message: "Token is valid", isValid: true, role: "user", data: { id: data.id, phoneNumber, email: null } })

    const exists = await host.http.get(`/v2/auth/check-phone-number?phoneNumber=${encodeURIComponent(phoneNumber)}`)
    expect(exists.body.data).toEqual({ exists: true })
    const unknown = await host.http.get(`/v2/auth/check-phone-number?phoneNumber=${encodeURIComponent(freshPhone())}`)
    expect(unknown.body.data).toEqual({ exists: false })
  })

  it("normalises the number, so a later sign-in in another format finds the same athlete", async () => {
    const phoneNumber = freshPhone()
    await send(host, phoneNumber)
    const first = await verify(host, { phoneNumber, otp: host.lastCode(phoneNumber), role: "user" })
    const spaced = `${phoneNumber.slice(0, 3)} ${phoneNumber.slice(3, 8)} ${phoneNumber.slice(8)}`
    const user = await host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.findByPhone(phoneNumber)))
    expect(user._tag).toBe("Some")
    const res = await host.http.get(`/v2/auth/check-phone-number?phoneNumber=${encodeURIComponent(spaced)}`)
    expect(res.body.data).toEqual({ exists: true })
    expect(first.body.data.phoneNumber).toBe(phoneNumber)
  })

  it("answers 400 with the spec's messages for an invalid phone number and role", async () => {
    const bad = await send(host, "12345")
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ status: 400, statusText: "BAD_REQUEST", error: "Bad Request", statusCode: 400, data: null })
    expect(bad.body.message).toEqual(["phoneNumber must be a valid phone number"])
    const both = await verify(host, { phoneNumber: "+1", otp: "123456", role: "root" })
    expect(both.status).toBe(400)
    expect(both.body.message).toEqual(expect.arrayContaining([
      "phoneNumber must be a valid phone number",
      "role must be one of the following values: user, organizer, admin"
    ]))
    const missing = await verify(host, {})
    expect(missing.body.message).toEqual(expect.arrayContaining(["role must be one of the following values: user, organizer, admin"]))
  })

  it("accepts a code once", async () => {
    const phoneNumber = freshPhone()
    await send(host, phoneNumber)
    const otp = host.lastCode(phoneNumber)
    expect((await verify(host, { phoneNumber, otp, role: "user" })).status).toBe(201)
    const again = await verify(host, { phoneNumber, otp, role: "user" })
    expect(again.status).toBe(401)
    expect(again.body).toEqual({ status: 401, statusText: "UNAUTHORIZED", message: "Invalid or expired OTP", data: null })
  })

  it("voids a code after 3 wrong attempts", async () => {
    const phoneNumber = freshPhone()
    await send(host, phoneNumber)
    const otp = host.lastCode(phoneNumber)!
    const wrong = otp === "000000" ? "111111" : "000000"
    for (let i = 0; i < 3; i++) expect((await verify(host, { phoneNumber, otp: wrong, role: "user" })).status).toBe(401)
    expect((await verify(host, { phoneNumber, otp, role: "user" })).status).toBe(401)
  })

  it("throttles resends per phone: 429 in the error envelope with Retry-After", async () => {
    const phoneNumber = freshPhone()
    expect((await send(host, phoneNumber)).status).toBe(201)
    const again = await send(host, phoneNumber)
    expect(again.status).toBe(429)
    expect(again.body).toMatchObject({ status: 429, statusText: "TOO_MANY_REQUESTS", data: null })
    const retryAfter = Number(again.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
  })

  it("expires codes after their lifetime", async () => {
    const phoneNumber = freshPhone()
    await send(shortLived, phoneNumber)
    const otp = shortLived.lastCode(phoneNumber)
    await new Promise((resolve) => setTimeout(resolve, 1_300))
    const late = await verify(shortLived, { phoneNumber, otp, role: "user" })
    expect(late.status).toBe(401)
  })

  it("uses AUTH_TEST_OTPS codes without sending anything, once", async () => {
    const phoneNumber = "+919800000099"
    expect((await send(host, phoneNumber)).status).toBe(201)
    expect(host.deliveries.to(phoneNumber)).toHaveLength(0)
    expect((await verify(host, { phoneNumber, otp: "135790", role: "user" })).status).toBe(201)
    expect((await verify(host, { phoneNumber, otp: "135790", role: "user" })).status).toBe(401)
  })

  it("resolves organizer and admin sign-ins to existing accounts only (403 otherwise)", async () => {
    const phoneNumber = freshPhone()
    await send(host, phoneNumber)
    const denied = await verify(host, { phoneNumber, otp: host.lastCode(phoneNumber), role: "organizer" })
    expect(denied.status).toBe(403)
    expect(denied.body).toEqual({ status: 403, statusText: "FORBIDDEN", message: "Access Denied", data: null })

    const member = await host.run(Effect.gen(function*() {
      const repo = yield* Accounts.OrganizerMemberRepo
      const organizerId = yield* repo.createOrganizer({ name: "Hill Runners" })
      return yield* repo.addMember({ organizerId, phoneNumber, role: "OWNER" })
    }))
    // A second code to the first phone would wait for the resend window; a teammate's phone shows the same thing.
    const organizerPhone = freshPhone()
    await host.run(Effect.flatMap(Accounts.OrganizerMemberRepo, (r) => r.addMember({ organizerId: member.organizerId, phoneNumber: organizerPhone, role: "ADMIN" })))
    const sent = await send(host, organizerPhone, "/v2/organizers/send-otp")
    expect(sent.status).toBe(201)
    expect(sent.body.data.data).toEqual({ flash: true, message: "OTP sent successfully" })
    const organizer = await verify(host, { phoneNumber: organizerPhone, otp: host.lastCode(organizerPhone), role: "organizer" })
    expect(organizer.status).toBe(201)
    const token = await host.http.get("/v2/auth/verify-token", { headers: { authorization: `Bearer ${organizer.body.data.accessToken}` } })
    expect(token.body.data.role).toBe("organizer")
  })

  it("answers admin and organizer send-otp the same whether or not the account exists, sending only to real ones", async () => {
    const nobody = freshPhone()
    const forAdmin = await send(host, nobody, "/v2/admins/send-otp")
    expect(forAdmin.status).toBe(201)
    const forOrganizer = await send(host, freshPhone(), "/v2/organizers/send-otp")
    expect(forOrganizer.body).toEqual(forAdmin.body)
    expect(host.deliveries.to(nobody)).toHaveLength(0)
    const admin = await host.run(Effect.flatMap(Accounts.AdminRepo, (r) => r.create({ phoneNumber: freshPhone() })))
    const real = await send(host, admin.phoneNumber, "/v2/admins/send-otp")
    expect(real.body).toEqual(forAdmin.body)
    expect(host.lastCode(admin.phoneNumber)).toMatch(/^\d{6}$/)
    const signedIn = await verify(host, { phoneNumber: admin.phoneNumber, otp: host.lastCode(admin.phoneNumber), role: "admin" })
    expect(signedIn.status).toBe(201)
    expect(signedIn.body.data.id).toBe(admin.id)
  })
})
