/**
 * Club membership tiers and their money through the real host: tiers created by the CLI and listed
 * publicly; checkout through the local payment gateway; verify (signature failure, double and
 * concurrent verify activating once and posting once); activation by the gateway's
 * `payment.captured` webhook (idempotent with verify); cancel/resume moves; club admin change-tier
 * with proration; monetization eligibility; revenue streams from the ledger; tenancy.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs, Payments, Wallets } from "@podium/core"
import { LocalGatewayControl } from "@podium/providers"
import { Context, Effect, Option } from "effect"
import { describe, expect, it } from "vitest"
import { runCli } from "../support/cli.js"
import { realHostOf } from "../support/real-host.js"
import { approveKyc, buy, pay, tierOf, tiersClub } from "./tiers.support.js"
import { addMember, clubAdmin, clubIn, newAthlete, seedClub } from "./support.js"

const host = realHostOf(import.meta.url)

const gateway = () => Context.get(host.context, LocalGatewayControl)
const summary = (account: Wallets.LedgerAccountRef) => host.run(Effect.flatMap(Wallets.Ledger, (l) => l.summary(account)))
const tierMembership = async (clubId: string, userId: string) => {
  const member = await host.run(Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.find(clubId, userId)))
  if (Option.isNone(member)) return undefined
  const found = await host.run(Effect.flatMap(Clubs.TierMembershipRepo, (r) => r.findByMember(member.value.id)))
  return Option.getOrUndefined(found)
}

describe("tiers: created by the CLI, listed publicly", () => {
  it("creates a tier with `clubs tiers create` and lists it at /v2/clubs/{id}/tiers for anyone", async () => {
    const { club } = await tiersClub(host)
    const run = await host.run(runCli("clubs", "tiers", "create", "--club", club.id, "--name", "Gold", "--price", "49900", "--period", "QUARTERLY", "--benefit", "Coached runs", "--benefit", "Kit discount"))
    expect(run.exit._tag).toBe("Success")
    expect(run.out).toMatch(/created tier [0-9a-f-]{36}\s+Gold\s+49900 paise INR\/QUARTERLY\s+ACTIVE/)
    const res = await host.http.get(`/v2/clubs/${club.id}/tiers`)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([
      expect.objectContaining({ name: "Gold", priceAmount: 49900, currency: "INR", billingPeriod: "QUARTERLY", benefits: ["Coached runs", "Kit discount"], status: "ACTIVE" })
    ])
    const list = await host.run(runCli("clubs", "tiers", "list", "--club", club.id))
    expect(list.out).toContain("Gold")
  })

  it("refuses tiers on a COMMUNITY club and bad input in the CLI", async () => {
    const { club } = await clubIn(host, "ACTIVE")
    const community = await host.run(runCli("clubs", "tiers", "create", "--club", club.id, "--name", "Gold", "--price", "49900"))
    expect(community.exit._tag).toBe("Failure")
    const { club: paid } = await tiersClub(host)
    const cheap = await host.run(runCli("clubs", "tiers", "create", "--club", paid.id, "--name", "G", "--price", "5"))
    expect(cheap.exit._tag).toBe("Failure")
  })

  it("archives a tier with the CLI: it leaves the public list and checkout answers 409 CLUB_TIER_NOT_ACTIVE", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id)
    const run = await host.run(runCli("clubs", "tiers", "archive", "--club", club.id, "--tier", tier.id))
    expect(run.exit._tag).toBe("Success")
    expect((await host.http.get(`/v2/clubs/${club.id}/tiers`)).body.data).toEqual([])
    const buyer = await newAthlete(host)
    const res = await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/checkout`, {}, buyer.headers)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("CLUB_TIER_NOT_ACTIVE")
  })

  it("hides the tiers of a club athletes cannot see (404), but not from its managers", async () => {
    const { club, owner } = await clubIn(host, "DRAFT", { clubType: "CLUB_MEMBERSHIP" })
    await tierOf(host, club.id)
    expect((await host.http.get(`/v2/clubs/${club.id}/tiers`)).status).toBe(404)
    const mine = await host.http.get(`/v2/clubs/${club.id}/tiers`, owner.headers)
    expect(mine.status).toBe(200)
    expect(mine.body.data).toHaveLength(1)
  })
})

describe("tier checkout", () => {
  it("answers what the app needs to open the gateway checkout and stores the order", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id, 49900)
    const buyer = await newAthlete(host)
    const res = await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/checkout`, {}, buyer.headers)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ amount: 49900, currency: "INR", provider: "local", keyId: gateway().keyId, listAmount: 49900, discountAmount: 0, promoId: null })
    expect(res.body.data.orderId).toMatch(/^order_local/)
    const orders = await host.run(Payments.listPaymentOrders({ purpose: "club_tier", page: 1, limit: 100 }))
    expect(orders.items.find((o) => o.gatewayOrderId === res.body.data.orderId)).toMatchObject({ amount: 49900, currency: "INR", status: "CREATED" })
  })

  it("needs a signed-in athlete (401)", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id)
    expect((await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/checkout`, {})).status).toBe(401)
  })

  it("answers 403 CLUB_NOT_MEMBERSHIP_TYPE for a COMMUNITY club", async () => {
    const { club } = await clubIn(host, "ACTIVE")
    const buyer = await newAthlete(host)
    const res = await host.http.post(`/v2/clubs/${club.id}/tiers/00000000-0000-4000-8000-000000000000/checkout`, {}, buyer.headers)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe("CLUB_NOT_MEMBERSHIP_TYPE")
  })

  it("answers 409 CLUB_NOT_MONETIZABLE while the club KYC is not approved", async () => {
    const { club } = await tiersClub(host, { kyc: false })
    const tier = await tierOf(host, club.id)
    const buyer = await newAthlete(host)
    const res = await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/checkout`, {}, buyer.headers)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("CLUB_NOT_MONETIZABLE")
    expect(res.body.message).toContain("CLUB_KYC_APPROVED")
  })

  it("asks a gated club's non-members to join first (403 CLUB_MEMBERSHIP_APPROVAL_REQUIRED)", async () => {
    const { club } = await tiersClub(host, { requiresApproval: true })
    const tier = await tierOf(host, club.id)
    const stranger = await newAthlete(host)
    const res = await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/checkout`, {}, stranger.headers)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe("CLUB_MEMBERSHIP_APPROVAL_REQUIRED")
    const member = await addMember(host, club.id)
    expect((await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/checkout`, {}, member.headers)).status).toBe(201)
  })

  it("answers 404 for another club's tier and 400 for a malformed promo code", async () => {
    const { club } = await tiersClub(host)
    const other = await tiersClub(host)
    const foreign = await tierOf(host, other.club.id)
    const buyer = await newAthlete(host)
    const res = await host.http.post(`/v2/clubs/${club.id}/tiers/${foreign.id}/checkout`, {}, buyer.headers)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe("CLUB_TIER_NOT_FOUND")
    const bad = await host.http.post(`/v2/clubs/${other.club.id}/tiers/${foreign.id}/checkout`, { promoCode: "no spaces!" }, buyer.headers)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toEqual(expect.arrayContaining([expect.stringContaining("promoCode")]))
  })

  it("answers 503 PAYMENT_GATEWAY_NOT_CONFIGURED when the gateway is down, storing nothing", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id)
    const buyer = await newAthlete(host)
    await host.run(gateway().failNext("unavailable"))
    const res = await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/checkout`, {}, buyer.headers)
    expect(res.status).toBe(503)
    expect(res.body.code).toBe("PAYMENT_GATEWAY_NOT_CONFIGURED")
  })
})

describe("tier payment verify", () => {
  it("activates the membership and books the money: club revenue net of the platform commission", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id, 49900)
    const buyer = await newAthlete(host)
    const { orderId } = await buy(host, buyer, club.id, tier.id)
    const { paymentId, signature } = await pay(host, orderId)
    const res = await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`, { orderId, signature }, buyer.headers)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ clubId: club.id, userId: buyer.user.id, tierId: tier.id, status: "ACTIVE", cancelAtPeriodEnd: false, lastPaymentId: paymentId })
    const days = (new Date(res.body.data.currentPeriodEnd).getTime() - new Date(res.body.data.currentPeriodStart).getTime()) / 86_400_000
    expect(days).toBeGreaterThanOrEqual(28)
    expect(days).toBeLessThanOrEqual(31)
    const member = await host.run(Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.find(club.id, buyer.user.id)))
    expect(Option.getOrThrow(member)).toMatchObject({ status: "ACTIVE", role: "MEMBER", tierId: tier.id })
    // 10% platform default: 4990 commission, 44910 to the club.
    expect((await summary(Clubs.TierLedger.clubRevenue(club.id))).balance).toBe(44_910)
    expect((await summary(Clubs.TierLedger.platformCommission(club.id))).balance).toBe(4990)
    expect((await summary(Clubs.TierLedger.gateway("local"))).debited).toBeGreaterThanOrEqual(49_900)
  })

  it("answers 400 PAYMENT_SIGNATURE_INVALID for a wrong signature and activates nothing", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id)
    const buyer = await newAthlete(host)
    const { orderId } = await buy(host, buyer, club.id, tier.id)
    const { paymentId, signature } = await pay(host, orderId)
    const forged = signature.replace(/^./, (c) => (c === "a" ? "b" : "a"))
    const res = await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`, { orderId, signature: forged }, buyer.headers)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ status: 400, code: "PAYMENT_SIGNATURE_INVALID", data: null })
    expect(await tierMembership(club.id, buyer.user.id)).toBeUndefined()
    expect((await summary(Clubs.TierLedger.clubRevenue(club.id))).entryCount).toBe(0)
  })

  it("answers 400 with the failing fields, 401 anonymous, 404 for someone else's order", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id)
    const buyer = await newAthlete(host)
    const { orderId } = await buy(host, buyer, club.id, tier.id)
    const { paymentId, signature } = await pay(host, orderId)
    const path = `/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`
    const invalid = await host.http.post(path, { signature: "zz" }, buyer.headers)
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toEqual(expect.arrayContaining([expect.stringContaining("orderId"), expect.stringContaining("signature")]))
    expect((await host.http.post(path, { orderId, signature })).status).toBe(401)
    const thief = await newAthlete(host)
    const stolen = await host.http.post(path, { orderId, signature }, thief.headers)
    expect(stolen.status).toBe(404)
    expect(stolen.body.code).toBe("CLUB_TIER_CHECKOUT_NOT_FOUND")
  })

  it("verifying twice changes nothing: same membership, one ledger posting", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id, 20000)
    const buyer = await newAthlete(host)
    const { orderId } = await buy(host, buyer, club.id, tier.id)
    const { paymentId, signature } = await pay(host, orderId)
    const path = `/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`
    const first = await host.http.post(path, { orderId, signature }, buyer.headers)
    const second = await host.http.post(path, { orderId, signature }, buyer.headers)
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.body.data).toEqual(first.body.data)
    const revenue = await summary(Clubs.TierLedger.clubRevenue(club.id))
    expect(revenue).toMatchObject({ balance: 18_000, entryCount: 1 })
  })

  it("a repeated verify after the membership is gone (erased member) answers null instead of failing", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id, 20000)
    const buyer = await newAthlete(host)
    const { orderId } = await buy(host, buyer, club.id, tier.id)
    const { paymentId, signature } = await pay(host, orderId)
    const path = `/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`
    expect((await host.http.post(path, { orderId, signature }, buyer.headers)).status).toBe(200)
    // The erasure tick deletes the person's club membership (and with it the tier membership).
    await host.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`delete from clubs.members where club_id = ${club.id} and user_id = ${buyer.user.id}`))
    const again = await host.http.post(path, { orderId, signature }, buyer.headers)
    expect(again.status).toBe(200)
    expect(again.body.data).toBeNull()
    expect(await summary(Clubs.TierLedger.clubRevenue(club.id))).toMatchObject({ balance: 18_000, entryCount: 1 })
  })

  it("two concurrent verifies activate once and post once", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id, 30000)
    const buyer = await newAthlete(host)
    const { orderId } = await buy(host, buyer, club.id, tier.id)
    const { paymentId, signature } = await pay(host, orderId)
    const path = `/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`
    const answers = await Promise.all(Array.from({ length: 6 }, () => host.http.post(path, { orderId, signature }, buyer.headers)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1)
    expect(await summary(Clubs.TierLedger.clubRevenue(club.id))).toMatchObject({ balance: 27_000, entryCount: 1 })
    expect(await summary(Clubs.TierLedger.platformCommission(club.id))).toMatchObject({ balance: 3000, entryCount: 1 })
    const activations = await host.run(Effect.flatMap(Clubs.TierCheckoutRepo, (r) => r.paidCount(club.id)))
    expect(activations).toBe(1)
  })

  it("answers 409 CLUB_TIER_PAYMENT_NOT_CAPTURED for an authorized (not captured) payment", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id)
    const buyer = await newAthlete(host)
    const { orderId } = await buy(host, buyer, club.id, tier.id)
    const { paymentId, signature } = await pay(host, orderId, "authorized")
    const res = await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`, { orderId, signature }, buyer.headers)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe("CLUB_TIER_PAYMENT_NOT_CAPTURED")
  })

  it("a second purchase of the same tier renews from the period end", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id, 10000)
    const buyer = await newAthlete(host)
    const first = await buy(host, buyer, club.id, tier.id)
    const p1 = await pay(host, first.orderId)
    const a = await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/payments/${p1.paymentId}/verify`, { orderId: first.orderId, signature: p1.signature }, buyer.headers)
    const second = await buy(host, buyer, club.id, tier.id)
    const p2 = await pay(host, second.orderId)
    const b = await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/payments/${p2.paymentId}/verify`, { orderId: second.orderId, signature: p2.signature }, buyer.headers)
    expect(b.status).toBe(200)
    expect(b.body.data.id).toBe(a.body.data.id)
    expect(new Date(b.body.data.currentPeriodEnd).getTime()).toBeGreaterThan(new Date(a.body.data.currentPeriodEnd).getTime() + 27 * 86_400_000)
    expect((await summary(Clubs.TierLedger.clubRevenue(club.id))).entryCount).toBe(2)
  })
})

describe("tier activation by the gateway webhook", () => {
  it("a payment.captured webhook activates the membership without verify; verify afterwards and a redelivery change nothing", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id, 25000)
    const buyer = await newAthlete(host)
    const { orderId } = await buy(host, buyer, club.id, tier.id)
    const { paymentId, signature } = await pay(host, orderId)
    const delivery = await host.run(gateway().webhook("payment.captured", paymentId))
    const ingested = await host.run(Payments.ingestGatewayWebhook("local", delivery.rawBody, delivery.signature, delivery.eventId))
    expect(ingested.duplicate).toBe(false)
    expect(ingested.event).toMatchObject({ status: "PROCESSED" })
    expect(ingested.event.processedBy).toContain("clubs.tier-checkout")
    const activated = await tierMembership(club.id, buyer.user.id)
    expect(activated).toMatchObject({ tierId: tier.id, status: "ACTIVE", lastPaymentId: paymentId })
    const again = await host.run(Payments.ingestGatewayWebhook("local", delivery.rawBody, delivery.signature, delivery.eventId))
    expect(again.duplicate).toBe(true)
    const verify = await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`, { orderId, signature }, buyer.headers)
    expect(verify.status).toBe(200)
    expect(verify.body.data.id).toBe(activated!.id)
    expect(await summary(Clubs.TierLedger.clubRevenue(club.id))).toMatchObject({ balance: 22_500, entryCount: 1 })
  })

  it("verify racing the webhook activates once", async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id, 15000)
    const buyer = await newAthlete(host)
    const { orderId } = await buy(host, buyer, club.id, tier.id)
    const { paymentId, signature } = await pay(host, orderId)
    const delivery = await host.run(gateway().webhook("payment.captured", paymentId))
    const [verify] = await Promise.all([
      host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`, { orderId, signature }, buyer.headers),
      host.run(Payments.ingestGatewayWebhook("local", delivery.rawBody, delivery.signature, delivery.eventId))
    ])
    expect(verify.status).toBe(200)
    expect(await summary(Clubs.TierLedger.clubRevenue(club.id))).toMatchObject({ balance: 13_500, entryCount: 1 })
  })
})

describe("tier cancel and resume", () => {
  const subscribed = async () => {
    const { club } = await tiersClub(host)
    const tier = await tierOf(host, club.id)
    const buyer = await newAthlete(host)
    const { orderId } = await buy(host, buyer, club.id, tier.id)
    const { paymentId, signature } = await pay(host, orderId)
    await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`, { orderId, signature }, buyer.headers)
    return { club, tier, buyer }
  }

  it("ACTIVE → CANCELED (keeps the period) → ACTIVE; repeating a move answers 409", async () => {
    const { buyer, club } = await subscribed()
    const cancel = await host.http.post(`/v2/clubs/${club.id}/tier/cancel`, {}, buyer.headers)
    expect(cancel.status).toBe(200)
    expect(cancel.body.data).toMatchObject({ status: "CANCELED", cancelAtPeriodEnd: true })
    expect(cancel.body.data.canceledAt).not.toBeNull()
    const twice = await host.http.post(`/v2/clubs/${club.id}/tier/cancel`, {}, buyer.headers)
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe("CLUB_TIER_MOVE_REFUSED")
    const resume = await host.http.post(`/v2/clubs/${club.id}/tier/resume`, {}, buyer.headers)
    expect(resume.status).toBe(200)
    expect(resume.body.data).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: false, canceledAt: null })
    expect(resume.body.data.currentPeriodEnd).toBe(cancel.body.data.currentPeriodEnd)
    const again = await host.http.post(`/v2/clubs/${club.id}/tier/resume`, {}, buyer.headers)
    expect(again.status).toBe(409)
  })

  it("refuses both moves once the period has ended (EXPIRED)", async () => {
    const { buyer, club } = await subscribed()
    const current = await tierMembership(club.id, buyer.user.id)
    await host.run(Effect.flatMap(Clubs.TierMembershipRepo, (r) =>
      r.save({ ...current!, periodStart: new Date(Date.now() - 40 * 86_400_000), periodEnd: new Date(Date.now() - 1000), prorationAmount: null })))
    const cancel = await host.http.post(`/v2/clubs/${club.id}/tier/cancel`, {}, buyer.headers)
    expect(cancel.status).toBe(409)
    expect(cancel.body.message).toContain("EXPIRED")
  })

  it("two concurrent cancels: one wins", async () => {
    const { buyer, club } = await subscribed()
    const answers = await Promise.all([1, 2, 3].map(() => host.http.post(`/v2/clubs/${club.id}/tier/cancel`, {}, buyer.headers)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
  })

  it("answers 404 without a paid tier, 403 to non-members, 401 anonymous", async () => {
    const { club, member } = await seedClub(host, { clubType: "CLUB_MEMBERSHIP" })
    const none = await host.http.post(`/v2/clubs/${club.id}/tier/cancel`, {}, member.headers)
    expect(none.status).toBe(404)
    expect(none.body.code).toBe("CLUB_TIER_MEMBERSHIP_NOT_FOUND")
    const stranger = await newAthlete(host)
    expect((await host.http.post(`/v2/clubs/${club.id}/tier/resume`, {}, stranger.headers)).status).toBe(403)
    expect((await host.http.post(`/v2/clubs/${club.id}/tier/cancel`, {})).status).toBe(401)
  })
})

describe("club admin change-tier", () => {
  it("previews the proration without persisting, then changes the tier keeping the period end", async () => {
    const { club, owner } = await tiersClub(host)
    const gold = await tierOf(host, club.id, 60000, "Gold")
    const silver = await tierOf(host, club.id, 30000, "Silver")
    const buyer = await newAthlete(host)
    const { orderId } = await buy(host, buyer, club.id, gold.id)
    const { paymentId, signature } = await pay(host, orderId)
    const active = await host.http.post(`/v2/clubs/${club.id}/tiers/${gold.id}/payments/${paymentId}/verify`, { orderId, signature }, buyer.headers)
    const memberId = active.body.data.memberId
    const preview = await host.http.post(`/v2/clubs/${club.id}/admin/memberships/${memberId}/change-tier/preview`, { tierId: silver.id }, owner.headers)
    expect(preview.status).toBe(200)
    expect(preview.body.data).toMatchObject({ fromTierId: gold.id, toTierId: silver.id, fromPrice: 60000, toPrice: 30000, startsNewPeriod: false, currency: "INR" })
    // Just after purchase nearly the whole period remains: ≈ -30000 (a credit).
    expect(preview.body.data.prorationAmount).toBeLessThan(-29_900)
    expect(preview.body.data.prorationAmount).toBe(preview.body.data.remainingCharge - preview.body.data.unusedCredit)
    expect((await tierMembership(club.id, buyer.user.id))?.tierId).toBe(gold.id)
    const change = await host.http.post(`/v2/clubs/${club.id}/admin/memberships/${memberId}/change-tier`, { tierId: silver.id }, owner.headers)
    expect(change.status).toBe(200)
    expect(change.body.data.membership).toMatchObject({ tierId: silver.id, currentPeriodEnd: active.body.data.currentPeriodEnd })
    expect(change.body.data.membership.lastProrationAmount).toBeLessThan(0)
    const member = await host.run(Effect.flatMap(Clubs.ClubMemberRepo, (r) => r.findById(memberId)))
    expect(Option.getOrThrow(member).tierId).toBe(silver.id)
    const same = await host.http.post(`/v2/clubs/${club.id}/admin/memberships/${memberId}/change-tier`, { tierId: silver.id }, owner.headers)
    expect(same.status).toBe(409)
  })

  it("puts a free member on a tier with a fresh period", async () => {
    const { admin, club, member } = await tiersClub(host)
    const tier = await tierOf(host, club.id)
    const res = await host.http.post(`/v2/clubs/${club.id}/admin/memberships/${member.memberId}/change-tier`, { tierId: tier.id }, admin.headers)
    expect(res.status).toBe(200)
    expect(res.body.data.preview).toMatchObject({ fromTierId: null, startsNewPeriod: true, prorationAmount: 0 })
    expect(res.body.data.membership).toMatchObject({ tierId: tier.id, status: "ACTIVE" })
  })

  it("is for club managers: member and moderator 403, anonymous 401; other clubs' members and tiers 404; 400 without tierId", async () => {
    const { club, member, moderator, owner } = await tiersClub(host)
    const tier = await tierOf(host, club.id)
    const path = `/v2/clubs/${club.id}/admin/memberships/${member.memberId}/change-tier`
    expect((await host.http.post(path, { tierId: tier.id }, member.headers)).status).toBe(403)
    expect((await host.http.post(`${path}/preview`, { tierId: tier.id }, moderator.headers)).status).toBe(403)
    expect((await host.http.post(path, { tierId: tier.id })).status).toBe(401)
    const other = await tiersClub(host)
    const foreignMember = await host.http.post(`/v2/clubs/${club.id}/admin/memberships/${other.member.memberId}/change-tier`, { tierId: tier.id }, owner.headers)
    expect(foreignMember.status).toBe(404)
    expect(foreignMember.body.code).toBe("CLUB_MEMBER_NOT_FOUND")
    const foreignTier = await tierOf(host, other.club.id)
    expect((await host.http.post(path, { tierId: foreignTier.id }, owner.headers)).status).toBe(404)
    const missing = await host.http.post(path, {}, owner.headers)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toEqual(expect.arrayContaining([expect.stringContaining("tierId")]))
    // Another club's manager cannot reach this club at all.
    expect((await host.http.post(path, { tierId: tier.id }, other.owner.headers)).status).toBe(403)
  })
})

describe("monetization eligibility and revenue streams", () => {
  it("tells the managers what is missing", async () => {
    const { club, owner } = await tiersClub(host, { kyc: false })
    const before = await host.http.get(`/v2/clubs/${club.id}/monetization-eligibility`, owner.headers)
    expect(before.status).toBe(200)
    expect(before.body.data).toMatchObject({ eligible: false, kycStatus: "NOT_STARTED", missing: ["CLUB_KYC_APPROVED", "HAS_ACTIVE_TIER"] })
    await approveKyc(host, club.id)
    await tierOf(host, club.id)
    const after = await host.http.get(`/v2/clubs/${club.id}/monetization-eligibility`, owner.headers)
    expect(after.body.data).toMatchObject({ eligible: true, kycStatus: "APPROVED", missing: [] })
    const community = await seedClub(host)
    const c = await host.http.get(`/v2/clubs/${community.club.id}/monetization-eligibility`, community.owner.headers)
    expect(c.body.data.missing).toContain("CLUB_MEMBERSHIP_TYPE")
  })

  it("is for managers and platform admins only", async () => {
    const { club, member } = await tiersClub(host)
    expect((await host.http.get(`/v2/clubs/${club.id}/monetization-eligibility`, member.headers)).status).toBe(403)
    expect((await host.http.get(`/v2/clubs/${club.id}/monetization-eligibility`)).status).toBe(401)
    const admin = await clubAdmin(host)
    expect((await host.http.get(`/v2/clubs/${club.id}/monetization-eligibility`, admin.headers)).status).toBe(200)
  })

  it("sums the club's revenue from the ledger; COMMUNITY clubs and non-managers get 403", async () => {
    const { club, member, owner } = await tiersClub(host)
    const tier = await tierOf(host, club.id, 50000)
    const empty = await host.http.get(`/v2/clubs/${club.id}/revenue-streams`, owner.headers)
    expect(empty.status).toBe(200)
    expect(empty.body.data.totals).toEqual({ grossAmount: 0, platformCommission: 0, netAmount: 0 })
    for (let i = 0; i < 2; i++) {
      const buyer = await newAthlete(host)
      const { orderId } = await buy(host, buyer, club.id, tier.id)
      const { paymentId, signature } = await pay(host, orderId)
      await host.http.post(`/v2/clubs/${club.id}/tiers/${tier.id}/payments/${paymentId}/verify`, { orderId, signature }, buyer.headers)
    }
    const res = await host.http.get(`/v2/clubs/${club.id}/revenue-streams`, owner.headers)
    expect(res.body.data).toMatchObject({
      clubId: club.id,
      currency: "INR",
      streams: [{ code: "MEMBERSHIP_TIERS", grossAmount: 100_000, platformCommission: 10_000, netAmount: 90_000, payments: 2 }],
      totals: { grossAmount: 100_000, platformCommission: 10_000, netAmount: 90_000 },
      revenueBalance: 90_000
    })
    expect((await host.http.get(`/v2/clubs/${club.id}/revenue-streams`, member.headers)).status).toBe(403)
    const community = await seedClub(host)
    const refused = await host.http.get(`/v2/clubs/${community.club.id}/revenue-streams`, community.owner.headers)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("CLUB_NOT_MEMBERSHIP_TYPE")
    expect((await host.http.get(`/v2/clubs/${club.id}/revenue-streams`, community.owner.headers)).status).toBe(403)
  })
})

