/**
 * Tier promos (create, list, archive, quote verdicts, checkout with a promo and its redemption) and
 * club commission (admin `clubs.money`: club-wide and tier overrides, the resolved breakdown, the
 * split a checkout books in the ledger) through the real host.
 */
import { Clubs, Wallets } from "@podium/core"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { useRealHost } from "../support/real-host.js"
import { clubAdmin, newAthlete } from "./support.js"
import { buy, pay, tierOf, tiersClub } from "./tiers.support.js"

const host = useRealHost(import.meta.url)

const summary = (account: Wallets.LedgerAccountRef) => host().run(Effect.flatMap(Wallets.Ledger, (l) => l.summary(account)))

describe("tier promos", () => {
  it("a manager creates a promo; the quote answers the effective amount and percentage", async () => {
    const { club, owner } = await tiersClub(host())
    const tier = await tierOf(host(), club.id, 50000)
    const res = await host().http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/promos`, { code: "launch20", discountType: "PERCENT", discountValue: 20 }, owner.headers)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ code: "LAUNCH20", discountType: "PERCENT", discountValue: 20, status: "ACTIVE", redemptions: 0, maxRedemptions: null })
    const quote = await host().http.get(`/v2/clubs/${club.id}/tiers/${tier.id}/promos/quote?code=launch20`)
    expect(quote.status).toBe(200)
    expect(quote.body.data).toMatchObject({ ok: true, reason: null, effectiveAmount: 40000, effectivePct: 20, listAmount: 50000, discountAmount: 10000 })
    const flat = await host().http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/promos`, { code: "FLAT99", discountType: "AMOUNT", discountValue: 9900 }, owner.headers)
    expect(flat.status).toBe(201)
    const q2 = await host().http.get(`/v2/clubs/${club.id}/tiers/${tier.id}/promos/quote?code=FLAT99`)
    expect(q2.body.data).toMatchObject({ ok: true, effectiveAmount: 40100, effectivePct: 19.8 })
  })

  it("never 404s an unknown code: ok false with a reason; also NOT_STARTED, EXPIRED, ARCHIVED", async () => {
    const { admin, club } = await tiersClub(host())
    const tier = await tierOf(host(), club.id, 50000)
    const unknown = await host().http.get(`/v2/clubs/${club.id}/tiers/${tier.id}/promos/quote?code=NOPE`)
    expect(unknown.status).toBe(200)
    expect(unknown.body.data).toMatchObject({ ok: false, reason: "NOT_FOUND", effectiveAmount: 50000, effectivePct: 0 })
    const later = new Date(Date.now() + 86_400_000).toISOString()
    await host().http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/promos`, { code: "SOON", discountType: "PERCENT", discountValue: 10, validFrom: later }, admin.headers)
    expect((await host().http.get(`/v2/clubs/${club.id}/tiers/${tier.id}/promos/quote?code=SOON`)).body.data.reason).toBe("NOT_STARTED")
    const past = new Date(Date.now() - 86_400_000).toISOString()
    await host().http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/promos`, { code: "GONE", discountType: "PERCENT", discountValue: 10, validFrom: new Date(Date.now() - 2 * 86_400_000).toISOString(), validUntil: past }, admin.headers)
    expect((await host().http.get(`/v2/clubs/${club.id}/tiers/${tier.id}/promos/quote?code=GONE`)).body.data.reason).toBe("EXPIRED")
    const made = await host().http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/promos`, { code: "OLD", discountType: "PERCENT", discountValue: 10 }, admin.headers)
    const archived = await host().http.delete(`/v2/clubs/${club.id}/tiers/${tier.id}/promos/${made.body.data.id}`, undefined, admin.headers)
    expect(archived.status).toBe(200)
    expect(archived.body.data).toMatchObject({ status: "ARCHIVED" })
    expect(archived.body.data.archivedAt).not.toBeNull()
    expect((await host().http.get(`/v2/clubs/${club.id}/tiers/${tier.id}/promos/quote?code=OLD`)).body.data).toMatchObject({ ok: false, reason: "ARCHIVED" })
    const twice = await host().http.delete(`/v2/clubs/${club.id}/tiers/${tier.id}/promos/${made.body.data.id}`, undefined, admin.headers)
    expect(twice.status).toBe(409)
  })

  it("validates input (400 with every failing field), refuses a duplicate ACTIVE code (409) and amounts below the gateway minimum", async () => {
    const { club, owner } = await tiersClub(host())
    const tier = await tierOf(host(), club.id, 20000)
    const path = `/v2/clubs/${club.id}/tiers/${tier.id}/promos`
    const invalid = await host().http.post(path, { code: "x", discountType: "BOGO", discountValue: -1 }, owner.headers)
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(expect.arrayContaining([expect.stringContaining("code"), expect.stringContaining("discountType"), expect.stringContaining("discountValue")]))
    const tooMuch = await host().http.post(path, { code: "HALF", discountType: "PERCENT", discountValue: 95 }, owner.headers)
    expect(tooMuch.status).toBe(400)
    const belowMinimum = await host().http.post(path, { code: "ALMOST", discountType: "AMOUNT", discountValue: 19950 }, owner.headers)
    expect(belowMinimum.status).toBe(400)
    expect((await host().http.post(path, { code: "DUP", discountType: "PERCENT", discountValue: 10 }, owner.headers)).status).toBe(201)
    const dup = await host().http.post(path, { code: "dup", discountType: "PERCENT", discountValue: 15 }, owner.headers)
    expect(dup.status).toBe(409)
    expect(dup.body.code).toBe("CLUB_TIER_PROMO_CODE_TAKEN")
  })

  it("a checkout with a promo charges the effective amount; the paid promo counts a redemption and a capped promo runs out", async () => {
    const { club, owner } = await tiersClub(host())
    const tier = await tierOf(host(), club.id, 50000)
    await host().http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/promos`, { code: "ONCE", discountType: "PERCENT", discountValue: 50, maxRedemptions: 1 }, owner.headers)
    const buyer = await newAthlete(host())
    const checkout = await buy(host(), buyer, club.id, tier.id, { promoCode: "once" })
    expect(checkout).toMatchObject({ amount: 25000 })
    const { paymentId, signature } = await pay(host(), checkout.orderId)
    const verified = await host().http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`, { orderId: checkout.orderId, signature }, buyer.headers)
    expect(verified.status).toBe(200)
    expect(await summary(Clubs.TierLedger.clubRevenue(club.id))).toMatchObject({ balance: 22_500 })
    const list = await host().http.get(`/v2/clubs/${club.id}/tiers/${tier.id}/promos`, owner.headers)
    expect(list.status).toBe(200)
    expect(list.body.data).toMatchObject({ total: 1, page: 1, items: [{ code: "ONCE", redemptions: 1 }] })
    expect((await host().http.get(`/v2/clubs/${club.id}/tiers/${tier.id}/promos/quote?code=ONCE`)).body.data.reason).toBe("EXHAUSTED")
    const late = await host().http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/checkout`, { promoCode: "ONCE" }, (await newAthlete(host())).headers)
    expect(late.status).toBe(400)
    expect(late.body.code).toBe("CLUB_TIER_PROMO_INVALID")
    expect(late.body.message).toContain("EXHAUSTED")
  })

  it("is managed by club managers only: member 403, anonymous 401, other clubs 403/404", async () => {
    const { club, member, owner } = await tiersClub(host())
    const tier = await tierOf(host(), club.id)
    const path = `/v2/clubs/${club.id}/tiers/${tier.id}/promos`
    expect((await host().http.get(path, member.headers)).status).toBe(403)
    expect((await host().http.post(path, { code: "NOPE", discountType: "PERCENT", discountValue: 10 }, member.headers)).status).toBe(403)
    expect((await host().http.get(path)).status).toBe(401)
    const other = await tiersClub(host())
    expect((await host().http.get(path, other.owner.headers)).status).toBe(403)
    const foreignTier = await tierOf(host(), other.club.id)
    const cross = await host().http.get(`/v2/clubs/${club.id}/tiers/${foreignTier.id}/promos`, owner.headers)
    expect(cross.status).toBe(404)
    const made = await host().http.post(path, { code: "MINE", discountType: "PERCENT", discountValue: 10 }, owner.headers)
    const otherTier = await tierOf(host(), club.id, 30000, "Silver")
    expect((await host().http.delete(`/v2/clubs/${club.id}/tiers/${otherTier.id}/promos/${made.body.data.id}`, undefined, owner.headers)).status).toBe(404)
    expect((await host().http.delete(`/v2/clubs/${club.id}/tiers/${tier.id}/promos/${made.body.data.id}`, undefined, member.headers)).status).toBe(403)
  })
})

describe("club commission", () => {
  it("resolves platform default → club override → tier override, and clears back", async () => {
    const { club } = await tiersClub(host())
    const tier = await tierOf(host(), club.id, 49900)
    const money = await clubAdmin(host(), ["clubs.money"])
    const breakdown = `/v2/clubs/${club.id}/tiers/${tier.id}/commission/breakdown`
    const base = await host().http.get(breakdown, money.headers)
    expect(base.status).toBe(200)
    expect(base.body.data).toMatchObject({ source: "PLATFORM_DEFAULT", resolvedPct: 10, platformDefaultPct: 10, clubOverridePct: null, tierOverridePct: null, priceAmount: 49900, platformCommissionAmount: 4990, clubNetAmount: 44910, currency: "INR" })
    const setClub = await host().http.put(`/v2/clubs/${club.id}/commission`, { commissionPct: 15.5 }, money.headers)
    expect(setClub.status).toBe(200)
    expect(setClub.body.data).toMatchObject({ clubId: club.id, commissionPct: 15.5 })
    expect((await host().http.get(breakdown, money.headers)).body.data).toMatchObject({ source: "CLUB_OVERRIDE", resolvedPct: 15.5, clubOverridePct: 15.5, platformCommissionAmount: 7735, clubNetAmount: 42165 })
    const setTier = await host().http.put(`/v2/clubs/${club.id}/tiers/${tier.id}/commission`, { commissionPct: 5 }, money.headers)
    expect(setTier.status).toBe(200)
    expect(setTier.body.data).toMatchObject({ source: "TIER_OVERRIDE", resolvedPct: 5, clubOverridePct: 15.5, tierOverridePct: 5, platformCommissionAmount: 2495, clubNetAmount: 47405 })
    const clearTier = await host().http.put(`/v2/clubs/${club.id}/tiers/${tier.id}/commission`, { commissionPct: null }, money.headers)
    expect(clearTier.body.data).toMatchObject({ source: "CLUB_OVERRIDE", tierOverridePct: null })
    const clearClub = await host().http.put(`/v2/clubs/${club.id}/commission`, { commissionPct: null }, money.headers)
    expect(clearClub.body.data).toMatchObject({ commissionPct: null })
    expect((await host().http.get(breakdown, money.headers)).body.data).toMatchObject({ source: "PLATFORM_DEFAULT", resolvedPct: 10 })
  })

  it("books a checkout with the split resolved at checkout", async () => {
    const { club } = await tiersClub(host())
    const tier = await tierOf(host(), club.id, 10000)
    const money = await clubAdmin(host(), ["clubs.money"])
    await host().http.put(`/v2/clubs/${club.id}/tiers/${tier.id}/commission`, { commissionPct: 0 }, money.headers)
    const buyer = await newAthlete(host())
    const { orderId } = await buy(host(), buyer, club.id, tier.id)
    const { paymentId, signature } = await pay(host(), orderId)
    await host().http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`, { orderId, signature }, buyer.headers)
    expect(await summary(Clubs.TierLedger.clubRevenue(club.id))).toMatchObject({ balance: 10_000, entryCount: 1 })
    expect(await summary(Clubs.TierLedger.platformCommission(club.id))).toMatchObject({ balance: 0, entryCount: 0 })
  })

  it("needs clubs.money (403 otherwise, 401 anonymous), validates the percentage and 404s unknown clubs and tiers", async () => {
    const { club, owner } = await tiersClub(host())
    const tier = await tierOf(host(), club.id)
    const reviewer = await clubAdmin(host(), ["clubs.review"])
    expect((await host().http.put(`/v2/clubs/${club.id}/commission`, { commissionPct: 5 }, reviewer.headers)).status).toBe(403)
    expect((await host().http.put(`/v2/clubs/${club.id}/commission`, { commissionPct: 5 }, owner.headers)).status).toBe(403)
    expect((await host().http.get(`/v2/clubs/${club.id}/tiers/${tier.id}/commission/breakdown`, owner.headers)).status).toBe(403)
    expect((await host().http.put(`/v2/clubs/${club.id}/tiers/${tier.id}/commission`, { commissionPct: 5 })).status).toBe(401)
    const money = await clubAdmin(host(), ["clubs.money"])
    const bad = await host().http.put(`/v2/clubs/${club.id}/commission`, { commissionPct: 150 }, money.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([expect.stringContaining("commissionPct")]))
    expect((await host().http.put(`/v2/clubs/${club.id}/commission`, { commissionPct: 12.345 }, money.headers)).status).toBe(400)
    expect((await host().http.put(`/v2/clubs/${club.id}/commission`, {}, money.headers)).status).toBe(400)
    const unknownClub = await host().http.put(`/v2/clubs/00000000-0000-4000-8000-000000000000/commission`, { commissionPct: 5 }, money.headers)
    expect(unknownClub.status).toBe(404)
    const other = await tiersClub(host())
    const foreignTier = await tierOf(host(), other.club.id)
    expect((await host().http.get(`/v2/clubs/${club.id}/tiers/${foreignTier.id}/commission/breakdown`, money.headers)).status).toBe(404)
  })
})
