/**
 * The creator-wallet reads through the real host: balance and totals from the ledger (a wallet
 * never credited reads 0), the newest-first keyset history, who may read which owner type
 * (organizer team incl. VIEWER, club OWNER/ADMIN, brand admins only, admins need `wallets.read`),
 * and the 400/401/403/404 answers.
 */
import { Organizers, Wallets } from "@podium/core"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { addMember, clubAdmin, seedClub } from "../clubs/support.js"
import { newAthlete, seedOrganizer } from "../organizers/support.js"
import { useRealHost } from "../support/real-host.js"

const host = useRealHost(import.meta.url)
let walletsAdmin: { headers: Record<string, string> }
beforeAll(async () => {
  walletsAdmin = await clubAdmin(host(), ["wallets.read"])
}, 60_000)

const grants: Wallets.LedgerAccountRef = { ownerType: "platform", ownerId: "platform", purpose: "rc-grants", currency: "RC" }
let keys = 0
const credit = (ownerType: Wallets.LedgerOwnerType, ownerId: string, amount: number, reason = "RC grant approved") =>
  host().run(Wallets.credit({
    account: Wallets.creatorWallet(ownerType, ownerId),
    from: grants,
    amount,
    reason,
    idempotencyKey: `http-${ownerId}-${keys++}`,
    metadata: { source: "test" }
  }))
const debit = (ownerType: Wallets.LedgerOwnerType, ownerId: string, amount: number) =>
  host().run(Wallets.debit({
    account: Wallets.creatorWallet(ownerType, ownerId),
    to: grants,
    amount,
    reason: "RC spent on a reward",
    idempotencyKey: `http-d-${ownerId}-${keys++}`
  }))

const unknownId = "7b0f7a52-3c1e-4b7e-9d1a-2f6c0e9b8a11"

describe("organizer creator wallet", () => {
  it("answers balance 0 for a wallet never credited, to every team role", async () => {
    const org = await seedOrganizer(host())
    for (const who of [org.owner, org.admin, org.viewer]) {
      const res = await host().http.get(`/v2/wallets/creator/organizer/${org.id}`, { headers: who.headers })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ status: 200, statusText: "OK" })
      expect(res.body.data).toEqual({ ownerType: "organizer", ownerId: org.id, currency: "RC", balance: 0, credited: 0, debited: 0 })
    }
    const list = await host().http.get(`/v2/wallets/creator/organizer/${org.id}/transactions`, { headers: org.viewer.headers })
    expect(list.status).toBe(200)
    expect(list.body.data).toEqual({ items: [], total: 0, limit: 20, nextCursor: null })
  })

  it("answers the ledger balance with credited and debited totals, and the entries newest first", async () => {
    const org = await seedOrganizer(host())
    await credit("organizer", org.id, 500)
    await credit("organizer", org.id, 120, "Referral bonus")
    await debit("organizer", org.id, 70)
    const res = await host().http.get(`/v2/wallets/creator/organizer/${org.id}`, { headers: org.owner.headers })
    expect(res.body.data).toEqual({ ownerType: "organizer", ownerId: org.id, currency: "RC", balance: 550, credited: 620, debited: 70 })
    const list = await host().http.get(`/v2/wallets/creator/organizer/${org.id}/transactions`, { headers: org.owner.headers })
    expect(list.status).toBe(200)
    const { items, total, nextCursor } = list.body.data
    expect(total).toBe(3)
    expect(nextCursor).toBeNull()
    expect(items.map((i: { amount: number }) => i.amount)).toEqual([-70, 120, 500])
    expect(items[0]).toMatchObject({ direction: "DEBIT", amount: -70, currency: "RC", reason: "RC spent on a reward", metadata: {} })
    expect(items[2]).toMatchObject({ direction: "CREDIT", amount: 500, reason: "RC grant approved", metadata: { source: "test" } })
    expect(typeof items[2].id).toBe("string")
    expect(typeof items[2].transferId).toBe("string")
    expect(Number.isNaN(Date.parse(items[2].createdAt))).toBe(false)
  })

  it("pages the history with ?limit and the ?before cursor, each entry exactly once", async () => {
    const org = await seedOrganizer(host())
    for (let i = 1; i <= 7; i++) await credit("organizer", org.id, i)
    const seen: Array<number> = []
    let url = `/v2/wallets/creator/organizer/${org.id}/transactions?limit=3`
    for (let page = 0; page < 5; page++) {
      const res = await host().http.get(url, { headers: org.admin.headers })
      expect(res.status).toBe(200)
      expect(res.body.data.limit).toBe(3)
      expect(res.body.data.total).toBe(7)
      seen.push(...res.body.data.items.map((i: { amount: number }) => i.amount))
      if (res.body.data.nextCursor === null) break
      url = `/v2/wallets/creator/organizer/${org.id}/transactions?limit=3&before=${res.body.data.nextCursor}`
    }
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1])
  })

  it("refuses outsiders and other organizers' teams with 403, and anonymous callers with 401", async () => {
    const org = await seedOrganizer(host())
    const other = await seedOrganizer(host())
    const athlete = await newAthlete(host())
    for (const headers of [athlete.headers, other.owner.headers]) {
      const res = await host().http.get(`/v2/wallets/creator/organizer/${org.id}`, { headers })
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ status: 403, message: "Access Denied", data: null })
      const list = await host().http.get(`/v2/wallets/creator/organizer/${org.id}/transactions`, { headers })
      expect(list.status).toBe(403)
    }
    expect((await host().http.get(`/v2/wallets/creator/organizer/${org.id}`)).status).toBe(401)
    expect((await host().http.get(`/v2/wallets/creator/organizer/${org.id}/transactions`)).status).toBe(401)
    // an unknown organizer reads like a refusal to non-admins
    expect((await host().http.get(`/v2/wallets/creator/organizer/${unknownId}`, { headers: athlete.headers })).status).toBe(403)
  })

  it("answers 403 ORGANIZER_SUSPENDED to the team of a suspended organizer; admins still read it", async () => {
    const org = await seedOrganizer(host())
    await credit("organizer", org.id, 10)
    await host().run(Effect.flatMap(Organizers.OrganizerRepo, (r) =>
      r.transition(org.id, ["APPROVED"], "SUSPENDED", { suspendReason: "Suspended for wallet tests", suspendedAt: new Date() })))
    const res = await host().http.get(`/v2/wallets/creator/organizer/${org.id}`, { headers: org.owner.headers })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe("ORGANIZER_SUSPENDED")
    const admin = await host().http.get(`/v2/wallets/creator/organizer/${org.id}`, { headers: walletsAdmin.headers })
    expect(admin.body.data.balance).toBe(10)
  })

  it("lets an admin with wallets.read read any organizer's wallet; 404 for an unknown organizer; 403 without the permission", async () => {
    const org = await seedOrganizer(host())
    await credit("organizer", org.id, 42)
    const res = await host().http.get(`/v2/wallets/creator/organizer/${org.id}`, { headers: walletsAdmin.headers })
    expect(res.status).toBe(200)
    expect(res.body.data.balance).toBe(42)
    const list = await host().http.get(`/v2/wallets/creator/organizer/${org.id}/transactions`, { headers: walletsAdmin.headers })
    expect(list.body.data.items).toHaveLength(1)
    const missing = await host().http.get(`/v2/wallets/creator/organizer/${unknownId}`, { headers: walletsAdmin.headers })
    expect(missing.status).toBe(404)
    const plain = await clubAdmin(host(), ["clubs.review"])
    const denied = await host().http.get(`/v2/wallets/creator/organizer/${org.id}`, { headers: plain.headers })
    expect(denied.status).toBe(403)
    expect(denied.body.code).toBe("ADMIN_PERMISSION_REQUIRED")
  })
})

describe("club creator wallet", () => {
  it("is readable by the club's OWNER and ADMIN, not by its MODERATOR, MEMBER or outsiders", async () => {
    const seeded = await seedClub(host())
    await credit("club", seeded.club.id, 300)
    for (const who of [seeded.owner, seeded.admin]) {
      const res = await host().http.get(`/v2/wallets/creator/club/${seeded.club.id}`, { headers: who.headers })
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual({ ownerType: "club", ownerId: seeded.club.id, currency: "RC", balance: 300, credited: 300, debited: 0 })
      const list = await host().http.get(`/v2/wallets/creator/club/${seeded.club.id}/transactions?limit=1`, { headers: who.headers })
      expect(list.status).toBe(200)
      expect(list.body.data.items[0]).toMatchObject({ amount: 300, direction: "CREDIT" })
    }
    const outsider = await newAthlete(host())
    for (const who of [seeded.moderator, seeded.member, outsider]) {
      const res = await host().http.get(`/v2/wallets/creator/club/${seeded.club.id}`, { headers: who.headers })
      expect(res.status).toBe(403)
      expect(res.body.message).toBe("Access Denied")
      expect((await host().http.get(`/v2/wallets/creator/club/${seeded.club.id}/transactions`, { headers: who.headers })).status).toBe(403)
    }
  })

  it("a club admin of another club is refused; a promoted member gains access", async () => {
    const a = await seedClub(host())
    const b = await seedClub(host())
    expect((await host().http.get(`/v2/wallets/creator/club/${a.club.id}`, { headers: b.owner.headers })).status).toBe(403)
    const promoted = await addMember(host(), a.club.id, "ADMIN", b.owner)
    expect((await host().http.get(`/v2/wallets/creator/club/${a.club.id}`, { headers: promoted.headers })).status).toBe(200)
  })

  it("lets a wallets.read admin read it (balance 0 before any credit) and answers 404 for an unknown club", async () => {
    const seeded = await seedClub(host())
    const res = await host().http.get(`/v2/wallets/creator/club/${seeded.club.id}`, { headers: walletsAdmin.headers })
    expect(res.status).toBe(200)
    expect(res.body.data.balance).toBe(0)
    expect((await host().http.get(`/v2/wallets/creator/club/${unknownId}`, { headers: walletsAdmin.headers })).status).toBe(404)
    expect((await host().http.get(`/v2/wallets/creator/club/${unknownId}/transactions`, { headers: walletsAdmin.headers })).status).toBe(404)
  })
})

describe("brand creator wallet", () => {
  it("is readable by wallets.read admins only until sponsors exist", async () => {
    const brandId = "0f1e2d3c-4b5a-4697-8877-665544332211"
    await credit("brand", brandId, 1000)
    const res = await host().http.get(`/v2/wallets/creator/brand/${brandId}`, { headers: walletsAdmin.headers })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ ownerType: "brand", ownerId: brandId, currency: "RC", balance: 1000, credited: 1000, debited: 0 })
    const list = await host().http.get(`/v2/wallets/creator/brand/${brandId}/transactions`, { headers: walletsAdmin.headers })
    expect(list.body.data.total).toBe(1)
    const athlete = await newAthlete(host())
    expect((await host().http.get(`/v2/wallets/creator/brand/${brandId}`, { headers: athlete.headers })).status).toBe(403)
    const org = await seedOrganizer(host())
    expect((await host().http.get(`/v2/wallets/creator/brand/${brandId}/transactions`, { headers: org.owner.headers })).status).toBe(403)
  })
})

describe("creator wallet validation", () => {
  it("answers 400 with the validation messages for an unknown owner type, a non-UUID owner id, a bad limit or cursor", async () => {
    const org = await seedOrganizer(host())
    const h = { headers: org.owner.headers }
    const badType = await host().http.get(`/v2/wallets/creator/user/${org.id}`, h)
    expect(badType.status).toBe(400)
    expect(badType.body).toMatchObject({ status: 400, statusText: "BAD_REQUEST", data: null })
    expect(badType.body.message).toEqual(["ownerType must be one of the following values: club, organizer, brand"])
    const badTypeList = await host().http.get(`/v2/wallets/creator/platform/${org.id}/transactions`, h)
    expect(badTypeList.status).toBe(400)
    const badId = await host().http.get(`/v2/wallets/creator/organizer/not-a-uuid`, h)
    expect(badId.status).toBe(400)
    expect(JSON.stringify(badId.body.message)).toContain("must be a UUID")
    for (const query of ["limit=0", "limit=101", "limit=abc"]) {
      const res = await host().http.get(`/v2/wallets/creator/organizer/${org.id}/transactions?${query}`, h)
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body.message)).toContain("must be an integer between 1 and 100")
    }
    const badCursor = await host().http.get(`/v2/wallets/creator/organizer/${org.id}/transactions?before=abc`, h)
    expect(badCursor.status).toBe(400)
    expect(badCursor.body.message).toEqual(["before must be a cursor returned as nextCursor by a previous page"])
    const both = await host().http.get(`/v2/wallets/creator/organizer/${org.id}/transactions?before=0&limit=0`, h)
    expect(both.body.message).toEqual(["limit must be an integer between 1 and 100", "before must be a cursor returned as nextCursor by a previous page"])
    expect(badCursor.body.data).toBeNull()
  })
})
