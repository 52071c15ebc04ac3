/**
 * Club sponsorship through the real host: deals proposed to a club are its proposals; the club's
 * OWNER/ADMIN accepts (admins may then accept the deal) or declines (the deal is rejected with the
 * club's reason); once the deal is active the contract shows in the club's earnings.
 */
import { describe, expect, it } from "vitest"
import { seedClub } from "../clubs/support.js"
import { multipart, PdfBytes } from "../organizers/support.js"
import { realHostOf } from "../support/real-host.js"
import { approvedBrand, sponsorsAdmin } from "./support.js"

const host = realHostOf(import.meta.url)
const send = (method: string, path: string, body: unknown, headers: Record<string, string>) => host.http.request(method, path, body, headers)

const cast = async () => {
  const { headers: admin } = await sponsorsAdmin(host)
  const { brand, holder } = await approvedBrand(host, admin, "Trail Shoes Co")
  const club = await seedClub(host)
  const proposal = await send("POST", `/v2/sponsor/brands/${brand.id}/sponsorship-deals`, {
    targetType: "club", targetId: club.club.id, amount: 1_200_000, terms: "Club jerseys for the season"
  }, holder.headers)
  expect(proposal.status).toBe(201)
  return { admin, brand, holder, club, deal: proposal.body.data as { id: string; clubDecision: string } }
}

describe("who may answer a club's proposals", () => {
  it("needs the club's OWNER or ADMIN", async () => {
    const c = await cast()
    const id = c.deal.id
    const base = `/v2/clubs/${c.club.club.id}`
    const calls: ReadonlyArray<readonly [string, string, unknown]> = [
      ["GET", `${base}/sponsorship-proposals`, undefined],
      ["GET", `${base}/sponsorship-proposals/${id}`, undefined],
      ["POST", `${base}/sponsorship-proposals/${id}/accept`, undefined],
      ["POST", `${base}/sponsorship-proposals/${id}/decline`, { reason: "We already have a shoe sponsor" }],
      ["GET", `${base}/sponsorship-earnings`, undefined],
      ["GET", `${base}/sponsorship-earnings/${crypto.randomUUID()}`, undefined]
    ]
    for (const [method, path, body] of calls) {
      expect((await send(method, path, body, {})).status).toBe(401)
      expect((await send(method, path, body, c.club.member.headers)).status).toBe(403)
      expect((await send(method, path, body, c.club.moderator.headers)).status).toBe(403)
    }
  })
})

describe("club proposals", () => {
  it("waits for the club before admins accept; the club accepts; the activated contract is the club's earning", async () => {
    const c = await cast()
    expect(c.deal.clubDecision).toBe("PENDING")
    const early = await send("POST", `/v2/admin/sponsorship-deals/${c.deal.id}/accept`, undefined, c.admin)
    expect(early.status).toBe(409)
    expect(early.body.code).toBe("CLUB_ACCEPTANCE_REQUIRED")

    const listed = await send("GET", `/v2/clubs/${c.club.club.id}/sponsorship-proposals`, undefined, c.club.admin.headers)
    expect(listed.body.data).toMatchObject({ total: 1, items: [{ id: c.deal.id, brandId: c.brand.id, amount: 1_200_000 }] })
    expect((await send("GET", `/v2/clubs/${c.club.club.id}/sponsorship-proposals/${c.deal.id}`, undefined, c.club.owner.headers)).body.data.id).toBe(c.deal.id)
    const accepted = await send("POST", `/v2/clubs/${c.club.club.id}/sponsorship-proposals/${c.deal.id}/accept`, undefined, c.club.admin.headers)
    expect(accepted.body.data).toMatchObject({ clubDecision: "ACCEPTED", status: "PROPOSED" })
    const twice = await send("POST", `/v2/clubs/${c.club.club.id}/sponsorship-proposals/${c.deal.id}/accept`, undefined, c.club.owner.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("SPONSORSHIP_PROPOSAL_ALREADY_DECIDED")

    expect((await send("POST", `/v2/admin/sponsorship-deals/${c.deal.id}/accept`, undefined, c.admin)).body.data.status).toBe("CONTRACT_PENDING")
    const uploaded = await multipart(host, "POST", `/v2/sponsor/brands/${c.brand.id}/sponsorship-deals/${c.deal.id}/contract`, { file: { bytes: PdfBytes, name: "signed.pdf" } }, c.holder.headers)
    expect(uploaded.body.data.status).toBe("CONTRACT_UPLOADED")
    const active = await send("POST", `/v2/admin/sponsorship-deals/${c.deal.id}/activate`, undefined, c.admin)
    const contractId = active.body.data.contractId as string

    const earnings = await send("GET", `/v2/clubs/${c.club.club.id}/sponsorship-earnings`, undefined, c.club.owner.headers)
    expect(earnings.status).toBe(200)
    expect(earnings.body.data).toMatchObject({
      clubId: c.club.club.id,
      total: 1,
      totalEarned: 1_200_000,
      currency: "INR",
      items: [{ contractId, brandName: "Trail Shoes Co", dealId: c.deal.id, status: "ACTIVE", amount: 1_200_000, earnedAmount: 1_200_000 }]
    })
    const one = await send("GET", `/v2/clubs/${c.club.club.id}/sponsorship-earnings/${contractId}`, undefined, c.club.admin.headers)
    expect(one.body.data).toMatchObject({ contractId, earnedAmount: 1_200_000 })

    await send("POST", `/v2/admin/sponsors/contracts/${contractId}/cancel`, { reason: "The brand stopped paying its instalments" }, c.admin)
    expect((await send("GET", `/v2/clubs/${c.club.club.id}/sponsorship-earnings/${contractId}`, undefined, c.club.admin.headers)).body.data).toMatchObject({ status: "CANCELLED", earnedAmount: 0 })

    const other = await seedClub(host)
    const foreign = await send("GET", `/v2/clubs/${other.club.id}/sponsorship-earnings/${contractId}`, undefined, other.owner.headers)
    expect(foreign.status).toBe(404)
    expect(foreign.body.code).toBe("SPONSOR_CONTRACT_NOT_FOUND")
    const foreignProposal = await send("GET", `/v2/clubs/${other.club.id}/sponsorship-proposals/${c.deal.id}`, undefined, other.owner.headers)
    expect(foreignProposal.status).toBe(404)
    expect(foreignProposal.body.code).toBe("SPONSORSHIP_DEAL_NOT_FOUND")
  })

  it("declines with the club's reason in the spec's wording, rejecting the deal", async () => {
    const c = await cast()
    const path = `/v2/clubs/${c.club.club.id}/sponsorship-proposals/${c.deal.id}/decline`
    expect((await send("POST", path, { reason: "no" }, c.club.owner.headers)).body.message).toEqual([
      "reason must be longer than or equal to 10 and shorter than or equal to 500 characters"
    ])
    const declined = await send("POST", path, { reason: "We already have a shoe sponsor" }, c.club.owner.headers)
    expect(declined.body.data).toMatchObject({ status: "REJECTED", clubDecision: "DECLINED", rejectionReason: "We already have a shoe sponsor" })
    const mine = await send("GET", `/v2/sponsor/brands/${c.brand.id}/sponsorship-deals?status=REJECTED`, undefined, c.holder.headers)
    expect(mine.body.data.items[0].rejectionReason).toBe("We already have a shoe sponsor")
    expect((await send("GET", `/v2/clubs/${c.club.club.id}/sponsorship-proposals?status=REJECTED`, undefined, c.club.owner.headers)).body.data.total).toBe(1)
  })

  it("lets one of a concurrent accept and decline win", async () => {
    const c = await cast()
    const base = `/v2/clubs/${c.club.club.id}/sponsorship-proposals/${c.deal.id}`
    const both = await Promise.all([
      send("POST", `${base}/accept`, undefined, c.club.owner.headers),
      send("POST", `${base}/decline`, { reason: "We already have a shoe sponsor" }, c.club.admin.headers)
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    expect(both.find((r) => r.status === 409)!.body.code).toBe("SPONSORSHIP_PROPOSAL_ALREADY_DECIDED")
  })
})
