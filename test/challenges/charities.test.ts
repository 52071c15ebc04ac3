/**
 * Charities and 80G receipts through the real host: admins with charities.manage register a
 * charity and move it through verification (legal moves only, one of two concurrent moves wins);
 * a challenge may name only a verified charity; an athlete who paid the entry fee of a charity
 * challenge downloads a plain-text 80G receipt that no name can forge a line of.
 */
import { Accounts, Platform } from "@podium/core"
import { LocalGatewayControl } from "@podium/providers"
import { Context, Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { freshPhone, newAthlete, type SeededOrganizer, tokenFor } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { activeChallenge, challengeAdmin, challengeBody, challengesCast } from "./support.js"

const host = realHostOf(import.meta.url)
let admin: Record<string, string>, steward: Record<string, string>, org: SeededOrganizer
beforeAll(async () => {
  ;({ admin, org } = await challengesCast(host, "Charity Run Org"))
  steward = (await challengeAdmin(host, ["charities.manage"])).headers
}, 60_000)

const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
let registration = 1000
const charityBody = (extra: Record<string, unknown> = {}) => ({
  name: "Clean Rivers Trust",
  registrationNumber: `AAATC${++registration}E20214`,
  pan: "AAATC1234E",
  address: "12 Riverside Road, Pune 411001",
  ...extra
})
const verifiedCharity = async () => {
  const created = (await send("POST", "/v2/admin/charities", charityBody(), steward)).body.data
  await send("PATCH", `/v2/admin/charities/${created.id}/status`, { status: "PENDING" }, steward)
  const verified = await send("PATCH", `/v2/admin/charities/${created.id}/status`, { status: "VERIFIED", reason: "80G certificate checked" }, steward)
  expect(verified.body.data.status).toBe("VERIFIED")
  return created as { id: string }
}

describe("admin charities", () => {
  it("needs charities.manage, answers the spec's wording for a bad body, and registers a charity UNVERIFIED once", async () => {
    expect((await send("GET", "/v2/admin/charities", undefined, {})).status).toBe(401)
    expect((await send("POST", "/v2/admin/charities", charityBody(), admin)).status).toBe(403)
    expect((await send("GET", "/v2/admin/charities", undefined, (await newAthlete(host)).headers)).status).toBe(403)
    const bad = await send("POST", "/v2/admin/charities", charityBody({ pan: "12345" }), steward)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(["pan must be a valid PAN (five letters, four digits, a letter)"])

    const body = charityBody()
    const created = await send("POST", "/v2/admin/charities", body, steward)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ name: "Clean Rivers Trust", status: "UNVERIFIED", statusReason: null })
    const again = await send("POST", "/v2/admin/charities", body, steward)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CHARITY_REGISTRATION_TAKEN")
    expect((await send("GET", `/v2/admin/charities/${created.body.data.id}`, undefined, steward)).body.data.id).toBe(created.body.data.id)
    expect((await send("GET", `/v2/admin/charities/${crypto.randomUUID()}`, undefined, steward)).body.code).toBe("CHARITY_NOT_FOUND")
  })

  it("moves a charity through verification by legal moves only, audited; of two concurrent moves one wins; lists by status", async () => {
    const created = (await send("POST", "/v2/admin/charities", charityBody(), steward)).body.data
    const status = (s: string, reason?: string) => send("PATCH", `/v2/admin/charities/${created.id}/status`, { status: s, reason }, steward)
    const skip = await status("VERIFIED")
    expect(skip.status).toBe(409)
    expect(skip.body.code).toBe("CHARITY_STATUS_MOVE_REFUSED")
    const racing = await Promise.all([status("PENDING"), status("PENDING")])
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await send("GET", "/v2/admin/charities?status=pending", undefined, steward)).body.data.items.map((c: { id: string }) => c.id)).toContain(created.id)
    expect((await status("VERIFIED", "80G certificate checked")).body.data).toMatchObject({ status: "VERIFIED", statusReason: "80G certificate checked" })
    const verified = await send("GET", "/v2/admin/charities?status=verified&limit=100", undefined, steward)
    expect(verified.body.data.items.every((c: { status: string }) => c.status === "VERIFIED")).toBe(true)
    expect((await status("UNVERIFIED", "certificate lapsed")).body.data.status).toBe("UNVERIFIED")
    const trail = await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectKind: "charity", subjectId: created.id, limit: 10 })))
    expect(trail.map((row) => [row.action, row.reason ?? null])).toEqual([
      ["challenges.charity.status_changed", "certificate lapsed"],
      ["challenges.charity.status_changed", "80G certificate checked"],
      ["challenges.charity.status_changed", null],
      ["challenges.charity.registered", null]
    ])
  })
})

describe("charity challenges and 80G receipts", () => {
  it("lets a challenge name only a verified charity", async () => {
    const unverified = (await send("POST", "/v2/admin/charities", charityBody(), steward)).body.data
    const refused = await send("POST", "/v2/challenges", challengeBody({ creatorType: "organizer", creatorId: org.id, entryFee: 50_000, charityId: unverified.id }), org.owner.headers)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toEqual(["charityId must name a verified charity"])
    const charity = await verifiedCharity()
    const ok = await send("POST", "/v2/challenges", challengeBody({ creatorType: "organizer", creatorId: org.id, entryFee: 50_000, charityId: charity.id }), org.owner.headers)
    expect(ok.status).toBe(201)
    expect(ok.body.data).toMatchObject({ entryFee: 50_000, charityId: charity.id })
  })

  it("gives the athlete who paid a plain-text 80G receipt; nobody else, and not before paying", async () => {
    const charity = await verifiedCharity()
    const challenge = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id, title: "Rivers 50K", entryFee: 149_900, charityId: charity.id }))
    const user = await host.run(Effect.flatMap(Accounts.UserRepo, (r) => r.create({ phoneNumber: freshPhone(), firstName: "Asha\nAmount: INR 0.00", lastName: "Rao" })))
    const headers = await tokenFor(host, "user", user.id)
    const joined = (await send("POST", `/v2/challenge-participations/${challenge.id}`, undefined, headers)).body.data
    const receipt = (id: string, who: Record<string, string> = headers) => send("GET", `/v2/me/challenge-participations/${id}/tax-receipt`, undefined, who)

    expect((await receipt(joined.id, {})).status).toBe(401)
    const unpaid = await receipt(joined.id)
    expect(unpaid.status).toBe(409)
    expect(unpaid.body.code).toBe("TAX_RECEIPT_NOT_AVAILABLE")
    const gateway = Context.get(host.context, LocalGatewayControl)
    const { paymentId, signature } = await host.run(gateway.pay(joined.payment.orderId))
    await send("POST", `/v2/challenge-participations/${challenge.id}/verify-payment`, { orderId: joined.payment.orderId, paymentId, signature }, headers)

    const res = await receipt(joined.id)
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/)
    const lines = res.text.split("\n")
    expect(lines[0]).toBe("DONATION RECEIPT UNDER SECTION 80G OF THE INCOME-TAX ACT, 1961")
    expect(lines).toContain("Amount: INR 1,499.00")
    expect(lines).toContain(`Mode of payment: online, payment reference ${paymentId}`)
    expect(lines).toContain("Charity: Clean Rivers Trust")
    expect(lines).toContain("PAN: AAATC1234E")
    expect(lines.filter((l) => l.startsWith("Amount:"))).toHaveLength(1)
    expect(lines.find((l) => l.startsWith("Received with thanks from:"))).toContain("Asha Amount: INR 0.00 Rao")
    expect((await receipt(challenge.id)).text).toBe(res.text)
    expect((await receipt(joined.id, (await newAthlete(host)).headers)).status).toBe(404)
  })

  it("has no receipt for a paid challenge that donates to no charity", async () => {
    const challenge = await activeChallenge(host, admin, challengeBody({ creatorType: "organizer", creatorId: org.id, entryFee: 10_000 }))
    const athlete = await newAthlete(host)
    const joined = (await send("POST", `/v2/challenge-participations/${challenge.id}`, undefined, athlete.headers)).body.data
    const gateway = Context.get(host.context, LocalGatewayControl)
    const { paymentId, signature } = await host.run(gateway.pay(joined.payment.orderId))
    await send("POST", `/v2/challenge-participations/${challenge.id}/verify-payment`, { orderId: joined.payment.orderId, paymentId, signature }, athlete.headers)
    const res = await send("GET", `/v2/me/challenge-participations/${joined.id}/tax-receipt`, undefined, athlete.headers)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe("No 80G receipt: the challenge does not donate to a charity")
  })
})
