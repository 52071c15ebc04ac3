/**
 * Brand challenges through the real host: created by users holding an ACTIVE account of an
 * APPROVED brand (refused otherwise), the admins' approvals queue (pending, approve, reject; one of
 * two concurrent approvals wins), and clubs joining approved brand challenges (idempotent join
 * emitting club.brand_challenge.joined once, withdraw, the club members' participations).
 */
import { Platform } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { addMember, seedClub } from "../clubs/support.js"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { approvedBrand, newBrand, sponsorsAdmin } from "../sponsors/support.js"
import { realHostOf } from "../support/real-host.js"
import { challengeAdmin, challengeBody, draft } from "./support.js"

const host = realHostOf(import.meta.url)
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)
let admin: Record<string, string>, sponsors: Record<string, string>
beforeAll(async () => {
  admin = (await challengeAdmin(host)).headers
  sponsors = (await sponsorsAdmin(host)).headers
}, 60_000)

const forBrand = (brandId: string, extra: Record<string, unknown> = {}) => challengeBody({ creatorType: "brand", creatorId: brandId, ...extra })
const approve = (id: string, headers: Record<string, string>) => send("POST", `/v2/admin/brand-challenge-approvals/${id}/approve`, undefined, headers)
const reject = (id: string, body: unknown, headers: Record<string, string>) => send("POST", `/v2/admin/brand-challenge-approvals/${id}/reject`, body, headers)
const clubActions = (clubId: string, challengeId: string) => ({
  join: (headers: Record<string, string>) => send("POST", `/v2/clubs/${clubId}/admin/brand-challenges/${challengeId}/join`, undefined, headers),
  withdraw: (headers: Record<string, string>) => send("POST", `/v2/clubs/${clubId}/admin/brand-challenges/${challengeId}/withdraw`, undefined, headers),
  participations: (headers: Record<string, string>) => send("GET", `/v2/clubs/${clubId}/admin/brand-challenges/${challengeId}/participations`, undefined, headers)
})
const clubEvents = async (clubId: string) =>
  (await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectKind: "club", subjectId: clubId, limit: 50 })))).map((r) => r.action)

/** An approved brand, its account holder and an ACTIVE brand challenge. */
const liveBrandChallenge = async () => {
  const brand = await approvedBrand(host, sponsors)
  const created = await draft(host, brand.holder.headers, forBrand(brand.brand.id))
  expect((await approve(created.id, admin)).status).toBe(200)
  return { ...brand, challenge: created }
}

describe("brand challenge creation", () => {
  it("lets a holder of an ACTIVE account of an APPROVED brand draft one, and no one else", async () => {
    const { account, brand, holder } = await approvedBrand(host, sponsors)
    const created = await send("POST", "/v2/challenges", forBrand(brand.id), holder.headers)
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ creatorType: "brand", creatorId: brand.id, status: "DRAFT" })
    expect((await send("GET", `/v2/challenges/${created.body.data.id}`, undefined, holder.headers)).status).toBe(200)
    const activity = await send("GET", `/v2/admin/sponsors/accounts/${account.id}/activity`, undefined, sponsors)
    expect(activity.body.data.items[0]).toMatchObject({ action: "sponsors.account.challenge_created", data: { challengeId: created.body.data.id, brandId: brand.id } })

    expect((await send("POST", "/v2/challenges", forBrand(brand.id), {})).status).toBe(401)
    const outsider = await newAthlete(host)
    expect((await send("POST", "/v2/challenges", forBrand(brand.id), outsider.headers)).status).toBe(403)
    const unknown = await send("POST", "/v2/challenges", forBrand(crypto.randomUUID()), holder.headers)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("CREATOR_NOT_FOUND")

    expect((await send("PATCH", `/v2/admin/sponsors/accounts/${account.id}/status`, { status: "SUSPENDED" }, sponsors)).status).toBe(200)
    expect((await send("POST", "/v2/challenges", forBrand(brand.id), holder.headers)).status).toBe(403)
    expect((await send("GET", `/v2/challenges/${created.body.data.id}`, undefined, holder.headers)).status).toBe(403)
  })

  it("refuses a brand that is not APPROVED with 403 SPONSOR_BRAND_NOT_APPROVED", async () => {
    const pending = await newBrand(host, "Pending Brand")
    const holder = await newAthlete(host)
    expect((await send("POST", `/v2/admin/sponsors/brands/${pending.id}/accounts`, { userId: holder.user.id, role: "OWNER" }, sponsors)).status).toBe(201)
    const refused = await send("POST", "/v2/challenges", forBrand(pending.id), holder.headers)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("SPONSOR_BRAND_NOT_APPROVED")
    const byAdmin = await send("POST", "/v2/challenges", forBrand(pending.id), admin)
    expect(byAdmin.body.code).toBe("SPONSOR_BRAND_NOT_APPROVED")
  })
})

describe("brand challenge approvals", () => {
  it("needs challenges.manage of admins", async () => {
    const athlete = await newAthlete(host)
    const id = crypto.randomUUID()
    for (const [method, path, body] of [
      ["GET", "/v2/admin/brand-challenge-approvals/pending", undefined],
      ["POST", `/v2/admin/brand-challenge-approvals/${id}/approve`, undefined],
      ["POST", `/v2/admin/brand-challenge-approvals/${id}/reject`, { reason: "Prize table is misleading" }]
    ] as const) {
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, athlete.headers)).status).toBe(403)
      expect((await send(method, path, body, sponsors)).status).toBe(403)
    }
  })

  it("lists pending brand challenges only and approves them once, even when two admins race", async () => {
    const { brand, holder } = await approvedBrand(host, sponsors)
    const created = await draft(host, holder.headers, forBrand(brand.id))
    const org = await seedOrganizer(host, "Not A Brand Org")
    const orgDraft = await draft(host, org.owner.headers, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const pending = await send("GET", "/v2/admin/brand-challenge-approvals/pending?limit=100", undefined, admin)
    expect(pending.status).toBe(200)
    const ids = pending.body.data.items.map((c: { id: string }) => c.id)
    expect(ids).toContain(created.id)
    expect(ids).not.toContain(orgDraft.id)
    expect(pending.body.data.items.every((c: { creatorType: string; status: string }) => c.creatorType === "brand" && c.status === "DRAFT")).toBe(true)

    const notBrand = await approve(orgDraft.id, admin)
    expect(notBrand.status).toBe(404)
    expect(notBrand.body.code).toBe("BRAND_CHALLENGE_NOT_FOUND")

    const both = await Promise.all([approve(created.id, admin), approve(created.id, admin)])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    expect(both.find((r) => r.status === 200)!.body.data).toMatchObject({ id: created.id, status: "ACTIVE" })
    expect(both.find((r) => r.status === 409)!.body.code).toBe("CHALLENGE_MOVE_REFUSED")
    const after = await send("GET", "/v2/admin/brand-challenge-approvals/pending?limit=100", undefined, admin)
    expect(after.body.data.items.map((c: { id: string }) => c.id)).not.toContain(created.id)
  })

  it("rejects with a reason of 10-500 characters, and refuses approval while the brand is suspended", async () => {
    const { brand, holder } = await approvedBrand(host, sponsors)
    const created = await draft(host, holder.headers, forBrand(brand.id))
    const short = await reject(created.id, { reason: "no" }, admin)
    expect(short.status).toBe(400)
    expect(short.body.message).toEqual(["reason must be longer than or equal to 10 and shorter than or equal to 500 characters"])
    const rejected = await reject(created.id, { reason: "The prize table promises cash we cannot verify" }, admin)
    expect(rejected.status).toBe(200)
    expect(rejected.body.data).toMatchObject({ status: "REJECTED", statusReason: "The prize table promises cash we cannot verify" })
    const twice = await reject(created.id, { reason: "Rejecting once more here" }, admin)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("CHALLENGE_MOVE_REFUSED")

    const other = await draft(host, holder.headers, forBrand(brand.id))
    expect((await send("PATCH", `/v2/admin/sponsors/brands/${brand.id}/approval`, { decision: "suspend" }, sponsors)).status).toBe(200)
    const refused = await approve(other.id, admin)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe("BRAND_NOT_APPROVED")
  })
})

describe("clubs in brand challenges", () => {
  it("lets only the club's OWNER/ADMIN join, withdraw and read participations", async () => {
    const { challenge } = await liveBrandChallenge()
    const { admin: clubAdminMember, club, member } = await seedClub(host)
    const outsider = await newAthlete(host)
    const actions = clubActions(club.id, challenge.id)
    for (const call of [actions.join, actions.withdraw, actions.participations]) {
      expect((await call({})).status).toBe(401)
      expect((await call(member.headers)).status).toBe(403)
      expect((await call(outsider.headers)).status).toBe(403)
    }
    expect((await actions.join(clubAdminMember.headers)).status).toBe(200)
  })

  it("joins an approved brand challenge once (joining again and racing joins change nothing), withdraws and rejoins", async () => {
    const { challenge } = await liveBrandChallenge()
    const { club, owner } = await seedClub(host)
    const actions = clubActions(club.id, challenge.id)
    const neverJoined = await actions.withdraw(owner.headers)
    expect(neverJoined.status).toBe(404)
    expect(neverJoined.body.code).toBe("CLUB_BRAND_CHALLENGE_NOT_JOINED")

    const racing = await Promise.all([actions.join(owner.headers), actions.join(owner.headers), actions.join(owner.headers)])
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200])
    expect(new Set(racing.map((r) => r.body.data.id)).size).toBe(1)
    expect(racing[0]!.body.data).toMatchObject({ clubId: club.id, challengeId: challenge.id, status: "JOINED", withdrawnAt: null })
    expect((await actions.join(owner.headers)).body.data.id).toBe(racing[0]!.body.data.id)
    expect((await clubEvents(club.id)).filter((a) => a === "club.brand_challenge.joined")).toHaveLength(1)

    const withdrawn = await actions.withdraw(owner.headers)
    expect(withdrawn.body.data).toMatchObject({ status: "WITHDRAWN" })
    expect(withdrawn.body.data.withdrawnAt).not.toBeNull()
    const again = await actions.withdraw(owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CLUB_BRAND_CHALLENGE_MOVE_REFUSED")
    expect((await actions.join(owner.headers)).body.data).toMatchObject({ status: "JOINED", withdrawnAt: null })
    expect((await clubEvents(club.id)).filter((a) => a === "club.brand_challenge.joined")).toHaveLength(2)
  })

  it("refuses unapproved, closed and non-brand challenges with coded errors", async () => {
    const { brand, holder } = await approvedBrand(host, sponsors)
    const { club, owner } = await seedClub(host)
    const pending = await draft(host, holder.headers, forBrand(brand.id))
    const unapproved = await clubActions(club.id, pending.id).join(owner.headers)
    expect(unapproved.status).toBe(409)
    expect(unapproved.body.code).toBe("BRAND_CHALLENGE_NOT_APPROVED")

    const org = await seedOrganizer(host, "Organizer Not Brand")
    const orgDraft = await draft(host, org.owner.headers, challengeBody({ creatorType: "organizer", creatorId: org.id }))
    const notBrand = await clubActions(club.id, orgDraft.id).join(owner.headers)
    expect(notBrand.status).toBe(404)
    expect(notBrand.body.code).toBe("BRAND_CHALLENGE_NOT_FOUND")
    expect((await clubActions(club.id, "not-a-uuid").join(owner.headers)).body.code).toBe("BRAND_CHALLENGE_NOT_FOUND")

    const live = await draft(host, holder.headers, forBrand(brand.id))
    expect((await approve(live.id, admin)).status).toBe(200)
    expect((await send("POST", `/v2/challenges/${live.id}/cancel`, { reason: "Campaign pulled" }, holder.headers)).status).toBe(200)
    const closed = await clubActions(club.id, live.id).join(owner.headers)
    expect(closed.status).toBe(409)
    expect(closed.body.code).toBe("BRAND_CHALLENGE_CLOSED")
    expect((await clubEvents(club.id)).filter((a) => a === "club.brand_challenge.joined")).toHaveLength(0)
  })

  it("lists the participations of the club's members only, with the club's entry", async () => {
    const { challenge } = await liveBrandChallenge()
    const { club, owner } = await seedClub(host)
    const runner = await addMember(host, club.id, "MEMBER")
    const stranger = await newAthlete(host)
    const actions = clubActions(club.id, challenge.id)
    const before = await actions.participations(owner.headers)
    expect(before.body.data).toMatchObject({ challengeId: challenge.id, clubEntry: null, items: [], total: 0 })

    expect((await actions.join(owner.headers)).status).toBe(200)
    for (const who of [runner, stranger]) expect((await send("POST", `/v2/challenge-participations/${challenge.id}`, undefined, who.headers)).status).toBe(201)
    const listed = await actions.participations(owner.headers)
    expect(listed.status).toBe(200)
    expect(listed.body.data.clubEntry).toMatchObject({ clubId: club.id, status: "JOINED" })
    expect(listed.body.data.total).toBe(1)
    expect(listed.body.data.items.map((p: { userId: string }) => p.userId)).toEqual([runner.user.id])
  })
})
