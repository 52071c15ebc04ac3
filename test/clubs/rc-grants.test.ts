/**
 * Club RC grants through the real host (A section 3; B and C "Club RC grants"): the club's request
 * (one open per club, also under concurrency), list with the granted-RC position, cancel only while
 * REQUESTED, the admin queue and detail, approve (approvedRc ≤ requested, one ledger credit to the
 * club creator wallet, idempotent, concurrent approvals credit once), reject (reason 10-1000
 * verbatim), every illegal move 409, tenancy, permissions and audit rows.
 */
import { Clubs, Platform, Wallets } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { addMember, clubAdmin, clubIn, newAthlete, seedClub } from "./support.js"

const host = useRealHost(import.meta.url)
let admin: { headers: Record<string, string> }
beforeAll(async () => {
  admin = await clubAdmin(host(), ["clubs.money"])
}, 60_000)

type Headers = Record<string, string>
const request = (clubId: string, headers: Headers, body: Record<string, unknown> = { requestedRc: 500, reason: "Rewards for the monsoon run series" }) =>
  host().http.post(`/v2/clubs/${clubId}/rc-grants`, body, headers)
const list = (clubId: string, headers: Headers) => host().http.get(`/v2/clubs/${clubId}/rc-grants`, headers)
const cancel = (clubId: string, id: string, headers: Headers) => host().http.post(`/v2/clubs/${clubId}/rc-grants/${id}/cancel`, {}, headers)
const approve = (id: string, body: Record<string, unknown> = {}, headers: Headers = admin.headers) =>
  host().http.post(`/v2/admin/club-rc-grants/${id}/approve`, body, headers)
const reject = (id: string, reason: string, headers: Headers = admin.headers) => host().http.post(`/v2/admin/club-rc-grants/${id}/reject`, { reason }, headers)
const walletBalance = (clubId: string) => host().run(Effect.flatMap(Wallets.Ledger, (l) => l.balance(Wallets.creatorWallet("club", clubId))))
const walletEntries = (clubId: string) =>
  host().run(Effect.flatMap(Wallets.Ledger, (l) => l.entries(Wallets.creatorWallet("club", clubId), { limit: 50 }))).then((p) => p.items)
const audit = async (clubId: string) =>
  (await host().run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: clubId, limit: 50 })))).map((r) => r.action)

const openGrant = async () => {
  const seeded = await seedClub(host())
  const res = await request(seeded.club.id, seeded.owner.headers)
  expect(res.status).toBe(201)
  return { ...seeded, grant: res.body.data as { id: string; requestedRc: number } }
}

describe("club RC grants: the club's side", () => {
  it("lets the owner or an admin request RC, lists it with the granted-RC position, and refuses a second open request", async () => {
    const { admin: clubAdminMember, club, owner } = await seedClub(host())
    const created = await request(club.id, clubAdminMember.headers, { requestedRc: 1200, reason: "Rewards for the monsoon run series" })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ clubId: club.id, requestedRc: 1200, approvedRc: null, status: "REQUESTED", reason: "Rewards for the monsoon run series" })

    const second = await request(club.id, owner.headers)
    expect(second.status).toBe(409)
    expect(second.body.code).toBe("CLUB_RC_GRANT_REQUEST_ALREADY_OPEN")

    const listed = await list(club.id, owner.headers)
    expect(listed.status).toBe(200)
    expect(listed.body.data).toMatchObject({
      total: 1,
      page: 1,
      limit: 20,
      outstandingRc: 0,
      estimatedFiatAtCurrentRate: { amountMinor: 0, currency: "INR" },
      rateUsed: { paisePerRc: 100, currency: "INR" }
    })
    expect(listed.body.data.items.map((g: { id: string }) => g.id)).toEqual([created.body.data.id])
    expect(await audit(club.id)).toContain("club.rc_grant.requested")
  })

  it("creates exactly one request when several are sent at once", async () => {
    const { club, owner } = await seedClub(host())
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(club.id, owner.headers)))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "CLUB_RC_GRANT_REQUEST_ALREADY_OPEN")).toBe(true)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4)
    expect((await list(club.id, owner.headers)).body.data.total).toBe(1)
  })

  it("answers 400 with every failing field's message", async () => {
    const { club, owner } = await seedClub(host())
    const res = await request(club.id, owner.headers, { requestedRc: 0, reason: "short" })
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(expect.arrayContaining([expect.stringContaining("requestedRc"), expect.stringContaining("reason")]))
    const missing = await request(club.id, owner.headers, {})
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(expect.arrayContaining([expect.stringContaining("requestedRc"), expect.stringContaining("reason")]))
  })

  it("refuses a club that is not ACTIVE with 409 CLUB_NOT_ACTIVE", async () => {
    const { club, owner } = await clubIn(host(), "DRAFT")
    const res = await request(club.id, owner.headers)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("CLUB_NOT_ACTIVE")
  })

  it("keeps RC grants to the club's OWNER and ADMIN: 403 for moderators, members and strangers, 401 anonymous", async () => {
    const { club, member, moderator } = await seedClub(host())
    const stranger = await newAthlete(host())
    for (const who of [member, moderator, stranger]) {
      expect((await request(club.id, who.headers)).status).toBe(403)
      expect((await list(club.id, who.headers)).status).toBe(403)
    }
    expect((await host().http.post(`/v2/clubs/${club.id}/rc-grants`, { requestedRc: 10, reason: "Anonymous attempt here" })).status).toBe(401)
    expect((await host().http.get(`/v2/clubs/${club.id}/rc-grants`)).status).toBe(401)
  })

  it("never leaks another club's grant: its id answers 404 under the caller's club and lists stay separate", async () => {
    const a = await openGrant()
    const b = await seedClub(host())
    const viaOtherClub = await cancel(b.club.id, a.grant.id, b.owner.headers)
    expect(viaOtherClub.status).toBe(404)
    expect(viaOtherClub.body.code).toBe("CLUB_RC_GRANT_NOT_FOUND")
    expect((await list(b.club.id, b.owner.headers)).body.data.items).toEqual([])
    // The other club's managers cannot reach club A's routes at all.
    expect((await cancel(a.club.id, a.grant.id, b.owner.headers)).status).toBe(403)
    expect((await cancel(b.club.id, "not-a-uuid", b.owner.headers)).status).toBe(404)
  })

  it("cancels only while REQUESTED: cancelled and approved grants answer 409, and a new request may follow a cancel", async () => {
    const { club, grant, owner } = await openGrant()
    const cancelled = await cancel(club.id, grant.id, owner.headers)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED" })
    expect(cancelled.body.data.cancelledAt).not.toBeNull()
    const again = await cancel(club.id, grant.id, owner.headers)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("CLUB_RC_GRANT_MOVE_REFUSED")
    expect((await approve(grant.id)).status).toBe(409)
    expect((await reject(grant.id, "Too late to reject this one")).status).toBe(409)

    const next = await request(club.id, owner.headers)
    expect(next.status).toBe(201)
    expect((await approve(next.body.data.id)).status).toBe(200)
    const approvedCancel = await cancel(club.id, next.body.data.id, owner.headers)
    expect(approvedCancel.status).toBe(409)
    expect(approvedCancel.body).toMatchObject({ code: "CLUB_RC_GRANT_MOVE_REFUSED", message: "An approved RC grant cannot be cancelled" })
    expect(await audit(club.id)).toEqual(expect.arrayContaining(["club.rc_grant.cancelled", "club.rc_grant.approved"]))
  })
})

describe("club RC grants: admin review", () => {
  it("approves for fewer coins than asked, credits the club creator wallet once, and answers a repeat unchanged", async () => {
    const { club, grant, owner } = await openGrant()
    const approved = await approve(grant.id, { approvedRc: 300 })
    expect(approved.status).toBe(200)
    expect(approved.body.data).toMatchObject({ status: "APPROVED", requestedRc: 500, approvedRc: 300 })
    expect(approved.body.data.ledgerTransferId).toEqual(expect.any(String))
    expect(await walletBalance(club.id)).toBe(300)

    const repeat = await approve(grant.id, { approvedRc: 100 })
    expect(repeat.status).toBe(200)
    expect(repeat.body.data).toEqual(approved.body.data)
    expect(await walletBalance(club.id)).toBe(300)
    expect(await walletEntries(club.id)).toHaveLength(1)

    const listed = await list(club.id, owner.headers)
    expect(listed.body.data).toMatchObject({ outstandingRc: 300, estimatedFiatAtCurrentRate: { amountMinor: 30_000, currency: "INR" } })
    const wallet = await host().http.get(`/v2/wallets/creator/club/${club.id}`, owner.headers)
    expect(wallet.status).toBe(200)
    expect(wallet.body.data.balance).toBe(300)

    const detail = await host().http.get(`/v2/admin/club-rc-grants/${grant.id}`, admin.headers)
    expect(detail.status).toBe(200)
    expect(detail.body.data).toMatchObject({
      grant: { id: grant.id, status: "APPROVED", approvedRc: 300 },
      outstandingRc: 300,
      estimatedFiatAtCurrentRate: { amountMinor: 30_000, currency: "INR" },
      rateUsed: { paisePerRc: 100, currency: "INR" }
    })
    expect(await audit(club.id)).toContain("club.rc_grant.approved")
  })

  it("approves the requested amount by default and refuses approvedRc above it with 400", async () => {
    const { club, grant } = await openGrant()
    const tooMuch = await approve(grant.id, { approvedRc: 501 })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.code).toBe("APPROVED_RC_EXCEEDS_REQUEST")
    expect((await approve(grant.id, { approvedRc: 0 })).status).toBe(400)
    expect(await walletBalance(club.id)).toBe(0)
    const approved = await approve(grant.id)
    expect(approved.body.data).toMatchObject({ status: "APPROVED", approvedRc: 500 })
    expect(await walletBalance(club.id)).toBe(500)
  })

  it("credits once when several admins approve the same grant at once", async () => {
    const { club, grant } = await openGrant()
    const answers = await Promise.all(Array.from({ length: 5 }, () => approve(grant.id)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(answers.map((a) => a.body.data.ledgerTransferId)).size).toBe(1)
    expect(await walletBalance(club.id)).toBe(500)
    expect(await walletEntries(club.id)).toHaveLength(1)
    expect((await audit(club.id)).filter((a) => a === "club.rc_grant.approved")).toHaveLength(1)
  })

  it("rejects with a 10-1000 character reason kept verbatim; decided grants refuse further moves with 409", async () => {
    const { club, grant, owner } = await openGrant()
    expect((await reject(grant.id, "too short")).status).toBe(400)
    expect((await reject(grant.id, "x".repeat(1001))).status).toBe(400)
    const reason = "  Budget for this quarter is exhausted; ask again in January.  "
    const rejected = await reject(grant.id, reason)
    expect(rejected.status).toBe(200)
    expect(rejected.body.data).toMatchObject({ status: "REJECTED", rejectionReason: reason, approvedRc: null })
    for (const res of [await reject(grant.id, reason), await approve(grant.id), await cancel(club.id, grant.id, owner.headers)]) {
      expect(res.status).toBe(409)
      expect(res.body.code).toBe("CLUB_RC_GRANT_MOVE_REFUSED")
    }
    expect(await walletBalance(club.id)).toBe(0)
    expect(await audit(club.id)).toContain("club.rc_grant.rejected")

    const next = await request(club.id, owner.headers)
    expect(next.status).toBe(201)
    const longReason = "y".repeat(1000)
    expect((await reject(next.body.data.id, longReason)).body.data.rejectionReason).toBe(longReason)
    expect((await reject(next.body.data.id, longReason)).status).toBe(409)
    // An approved grant cannot be rejected.
    const third = await request(club.id, owner.headers)
    await approve(third.body.data.id)
    expect((await reject(third.body.data.id, "Changed our mind about it")).status).toBe(409)
  })

  it("lists the queue oldest first, filtered by status and club", async () => {
    const first = await openGrant()
    const second = await openGrant()
    const queue = await host().http.get("/v2/admin/club-rc-grants?status=REQUESTED&limit=100", admin.headers)
    expect(queue.status).toBe(200)
    const ids = queue.body.data.items.map((g: { id: string }) => g.id)
    expect(ids.indexOf(first.grant.id)).toBeLessThan(ids.indexOf(second.grant.id))
    expect(queue.body.data.items.every((g: { status: string }) => g.status === "REQUESTED")).toBe(true)

    const byClub = await host().http.get(`/v2/admin/club-rc-grants?clubId=${second.club.id}`, admin.headers)
    expect(byClub.body.data).toMatchObject({ total: 1, page: 1 })
    expect(byClub.body.data.items[0].id).toBe(second.grant.id)
    await approve(first.grant.id)
    const approved = await host().http.get(`/v2/admin/club-rc-grants?status=APPROVED&clubId=${first.club.id}&page=1&limit=5`, admin.headers)
    expect(approved.body.data.items.map((g: { id: string }) => g.id)).toEqual([first.grant.id])
    const cancelledOnes = await host().http.get(`/v2/admin/club-rc-grants?status=CANCELLED&clubId=${first.club.id}`, admin.headers)
    expect(cancelledOnes.body.data.total).toBe(0)
    const rejectedOnes = await host().http.get(`/v2/admin/club-rc-grants?status=REJECTED&clubId=${first.club.id}`, admin.headers)
    expect(rejectedOnes.body.data.total).toBe(0)

    const bad = await host().http.get("/v2/admin/club-rc-grants?status=DONE&clubId=nope", admin.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([expect.stringContaining("status"), expect.stringContaining("clubId")]))
  })

  it("needs the clubs.money permission: 403 for other admins and athletes, 401 anonymous, 404 for unknown grants", async () => {
    const { grant, owner } = await openGrant()
    const reviewer = await clubAdmin(host(), ["clubs.review"])
    for (const headers of [reviewer.headers, owner.headers]) {
      expect((await host().http.get("/v2/admin/club-rc-grants", headers)).status).toBe(403)
      expect((await host().http.get(`/v2/admin/club-rc-grants/${grant.id}`, headers)).status).toBe(403)
      expect((await approve(grant.id, {}, headers)).status).toBe(403)
      expect((await reject(grant.id, "Not allowed to do this", headers)).status).toBe(403)
    }
    expect((await host().http.get("/v2/admin/club-rc-grants")).status).toBe(401)
    expect((await host().http.post(`/v2/admin/club-rc-grants/${grant.id}/approve`, {})).status).toBe(401)
    const unknown = await host().http.get("/v2/admin/club-rc-grants/00000000-0000-4000-8000-000000000000", admin.headers)
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe("CLUB_RC_GRANT_NOT_FOUND")
    expect((await approve("not-a-uuid")).status).toBe(404)
    expect((await reject("00000000-0000-4000-8000-000000000000", "Unknown grant reason")).status).toBe(404)
  })

  it("keeps the grant moves as data: only REQUESTED moves", () => {
    for (const status of Clubs.RcGrantStatuses) {
      for (const move of ["approve", "reject", "cancel"] as const) {
        expect(Clubs.rcGrantMoveAllowed(status, move)).toBe(status === "REQUESTED")
      }
    }
  })

  it("lets a club ADMIN (not only the OWNER) cancel the club's request", async () => {
    const { club, grant } = await openGrant()
    const second = await addMember(host(), club.id, "ADMIN")
    expect((await cancel(club.id, grant.id, second.headers)).status).toBe(200)
  })
})
