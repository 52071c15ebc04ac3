/**
 * Crew join codes through the real host: an organizer's OWNER/ADMIN creates, lists, edits and
 * revokes codes (tenancy: viewers and other organizers get 403 and never see another tenant's
 * codes); volunteers preview (public, persists nothing) and redeem with a phone or e-mail, which
 * creates their crew row so crew sign-in works; expired, revoked and used-up codes are refused;
 * concurrent redemptions never exceed max uses; every change is audited.
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { realHostOf } from "../support/real-host.js"
import { freshPhone, newAdmin, newAthlete, seedOrganizer, type SeededOrganizer } from "./support.js"

const host = realHostOf(import.meta.url)
let org: SeededOrganizer
let other: SeededOrganizer
beforeAll(async () => {
  org = await seedOrganizer(host, "Crew Marathon")
  other = await seedOrganizer(host, "Other Marathon")
}, 60_000)

const codes = (orgId: string) => `/v2/orgs/${orgId}/crew-join-codes`
const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) => host.http.request(method, path, body, headers)
const preview = (code: string) => host.http.request("POST", "/v2/crew/join-codes/preview", { code })
const redeem = (body: Record<string, unknown>) => host.http.request("POST", "/v2/crew/join-codes/redeem", body)
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

describe("crew join codes", () => {
  it("lets OWNER/ADMIN create, list, edit and revoke codes, with validation and audit rows", async () => {
    const bad = await send("POST", codes(org.id), org.owner.headers, { maxUses: 0, expiresAt: "soon", label: "" })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([
      expect.stringMatching(/^maxUses /),
      expect.stringMatching(/^expiresAt /),
      expect.stringMatching(/^label /)
    ]))
    const past = await send("POST", codes(org.id), org.owner.headers, { expiresAt: new Date(Date.now() - 1000).toISOString() })
    expect(past.status).toBe(400)
    expect(past.body.message).toEqual(["expiresAt must be in the future"])

    const created = await send("POST", codes(org.id), org.admin.headers, { label: "Water station", maxUses: 5, expiresAt: inAnHour() })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ organizerId: org.id, label: "Water station", maxUses: 5, uses: 0, remainingUses: 5, status: "ACTIVE" })
    expect(created.body.data.code).toMatch(/^[A-Z0-9]{10}$/)
    const id = created.body.data.id as string

    const listed = await send("GET", codes(org.id), org.owner.headers)
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([id])
    expect((await send("GET", codes(other.id), other.owner.headers)).body.data).toEqual([])

    const edited = await send("PATCH", `/v2/orgs/${org.id}/crew-join-codes/${id}`, org.owner.headers, { label: null, maxUses: null })
    expect(edited.status).toBe(200)
    expect(edited.body.data).toMatchObject({ label: null, maxUses: null, remainingUses: null })
    // Another organizer's code id in the path never reaches it.
    expect((await send("PATCH", `/v2/orgs/${other.id}/crew-join-codes/${id}`, other.owner.headers, { label: "x" })).status).toBe(404)
    expect((await send("POST", `/v2/orgs/${other.id}/crew-join-codes/${id}/revoke`, other.owner.headers)).status).toBe(404)
    expect((await send("PATCH", `/v2/orgs/${org.id}/crew-join-codes/nope`, org.owner.headers, { label: "x" })).status).toBe(404)

    const revoked = await send("POST", `/v2/orgs/${org.id}/crew-join-codes/${id}/revoke`, org.owner.headers)
    expect(revoked.status).toBe(200)
    expect(revoked.body.data.status).toBe("REVOKED")
    expect((await send("POST", `/v2/orgs/${org.id}/crew-join-codes/${id}/revoke`, org.owner.headers)).status).toBe(200)

    const rows = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: id, limit: 10 })))
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(["crew_join_code.created", "crew_join_code.updated", "crew_join_code.revoked"]))
  })

  it("is for the organizer's OWNER and ADMIN only", async () => {
    expect((await host.http.get(codes(org.id))).status).toBe(401)
    expect((await send("GET", codes(org.id), org.viewer.headers)).status).toBe(403)
    expect((await send("POST", codes(org.id), other.owner.headers, {})).status).toBe(403)
    expect((await send("GET", codes(org.id), (await newAthlete(host)).headers)).status).toBe(403)
    expect((await send("GET", codes(org.id), (await newAdmin(host)).headers)).status).toBe(403)
  })

  it("previews and redeems a code; the volunteer then signs in as crew", async () => {
    const created = await send("POST", codes(org.id), org.owner.headers, { label: "Finish line", maxUses: 3 })
    const code = created.body.data.code as string

    expect((await preview("NOPE-NOPE")).status).toBe(404)
    const seen = await preview(code.toLowerCase())
    expect(seen.status).toBe(200)
    expect(seen.body.data).toMatchObject({ code, organizerId: org.id, organizerName: "Crew Marathon", label: "Finish line", remainingUses: 3 })

    const phoneNumber = freshPhone()
    expect((await redeem({ code })).body.message).toEqual(["phoneNumber or email must be given"])
    expect((await redeem({ code, phoneNumber: "12" })).status).toBe(400)
    const joined = await redeem({ code, phoneNumber, name: "Ravi" })
    expect(joined.status).toBe(201)
    expect(joined.body.data).toMatchObject({ organizerId: org.id, organizerName: "Crew Marathon", phoneNumber, name: "Ravi", created: true })
    // Redeeming again finds the same crew row and consumes no use.
    const again = await redeem({ code, phoneNumber })
    expect(again.body.data).toMatchObject({ crewMemberId: joined.body.data.crewMemberId, created: false })
    expect((await preview(code)).body.data.remainingUses).toBe(2)

    expect((await host.http.request("POST", "/v2/auth/crew/send-otp", { phoneNumber })).status).toBe(201)
    const otp = host.lastCode(phoneNumber)
    expect(otp).toMatch(/^\d{4}$/)
    const signedIn = await host.http.request("POST", "/v2/auth/crew/verify-otp", { phoneNumber, otp })
    expect(signedIn.status).toBe(201)
    expect(signedIn.body.data.id).toBe(joined.body.data.crewMemberId)

    const email = `crew.${Date.now()}@example.com`
    const byEmail = await redeem({ code, email: email.toUpperCase() })
    expect(byEmail.body.data).toMatchObject({ email, created: true })

    const rows = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: created.body.data.id, limit: 10 })))
    expect(rows.filter((r) => r.action === "crew_join_code.redeemed")).toHaveLength(2)
  })

  it("refuses expired, revoked and used-up codes", async () => {
    const one = (await send("POST", codes(org.id), org.owner.headers, { maxUses: 1 })).body.data
    expect((await redeem({ code: one.code, phoneNumber: freshPhone() })).status).toBe(201)
    const exhausted = await redeem({ code: one.code, phoneNumber: freshPhone() })
    expect(exhausted.status).toBe(409)
    expect(exhausted.body.message).toBe("This join code has reached its maximum number of uses")
    expect((await preview(one.code)).status).toBe(409)
    // max uses cannot drop below the uses so far, but can be raised.
    expect((await send("PATCH", `/v2/orgs/${org.id}/crew-join-codes/${one.id}`, org.owner.headers, { maxUses: 2 })).body.data.status).toBe("ACTIVE")

    const revoked = (await send("POST", codes(org.id), org.owner.headers, {})).body.data
    await send("POST", `/v2/orgs/${org.id}/crew-join-codes/${revoked.id}/revoke`, org.owner.headers)
    const r = await redeem({ code: revoked.code, phoneNumber: freshPhone() })
    expect(r.status).toBe(409)
    expect(r.body.message).toBe("This join code has been revoked")

    // Long enough for the redemption below to come first on a busy machine; then wait for the
    // clock to pass it.
    const expiresAt = Date.now() + 4000
    const expiring = (await send("POST", codes(org.id), org.owner.headers, { expiresAt: new Date(expiresAt).toISOString(), maxUses: 3 })).body.data
    const used = await redeem({ code: expiring.code, phoneNumber: freshPhone() })
    expect(used.status).toBe(201)
    expect((await send("PATCH", `/v2/orgs/${org.id}/crew-join-codes/${expiring.id}`, org.owner.headers, { maxUses: 0 })).status).toBe(400)
    while (Date.now() <= expiresAt + 10) await new Promise((resolve) => setTimeout(resolve, 50))
    const expired = await redeem({ code: expiring.code, phoneNumber: freshPhone() })
    expect(expired.status).toBe(409)
    expect(expired.body.message).toBe("This join code has expired")
  })

  it("never exceeds max uses under concurrent redemptions", async () => {
    const code = (await send("POST", codes(org.id), org.owner.headers, { maxUses: 3 })).body.data
    const results = await Promise.all(Array.from({ length: 8 }, () => redeem({ code: code.code, phoneNumber: freshPhone() })))
    expect(results.filter((r) => r.status === 201)).toHaveLength(3)
    expect(results.filter((r) => r.status === 409)).toHaveLength(5)
    const listed = (await send("GET", codes(org.id), org.owner.headers)).body.data.find((c: { id: string }) => c.id === code.id)
    expect(listed).toMatchObject({ uses: 3, remainingUses: 0, status: "EXHAUSTED" })
  })
})
