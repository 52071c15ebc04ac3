/**
 * The club tier rules as data, without a host: commission resolution and split, promo quotes,
 * calendar periods, proration of a change-tier, and the tier period moves (cancel/resume only while
 * the period runs; EXPIRED derived at read time).
 */
import { Clubs } from "@podium/core"
import { describe, expect, it } from "vitest"

const tier = (id: string, priceAmount: number, billingPeriod: Clubs.BillingPeriod = "MONTHLY"): Clubs.ClubTier => ({
  id,
  clubId: "c",
  name: id,
  description: null,
  priceAmount,
  currency: "INR",
  billingPeriod,
  benefits: [],
  status: "ACTIVE",
  sortOrder: 0,
  commissionBps: null,
  createdAt: new Date(0),
  updatedAt: new Date(0)
})

const membership = (start: Date, end: Date, status: "ACTIVE" | "CANCELED" = "ACTIVE"): Clubs.TierMembership => ({
  id: "m",
  clubId: "c",
  memberId: "mem",
  userId: "u",
  tierId: "gold",
  status,
  currentPeriodStart: start,
  currentPeriodEnd: end,
  cancelAtPeriodEnd: status === "CANCELED",
  canceledAt: null,
  lastPaymentId: null,
  lastProrationAmount: null,
  createdAt: start,
  updatedAt: start
})

const promo = (over: Partial<Clubs.TierPromo> = {}): Clubs.TierPromo => ({
  id: "p",
  clubId: "c",
  tierId: "t",
  code: "CODE",
  discountType: "PERCENT",
  discountValue: 20,
  maxRedemptions: null,
  redemptions: 0,
  validFrom: null,
  validUntil: null,
  status: "ACTIVE",
  createdBy: "u",
  createdAt: new Date(0),
  archivedAt: null,
  ...over
})

describe("commission", () => {
  it("resolves the most specific override: tier, then club, then the platform default", () => {
    expect(Clubs.resolveCommission(null, null)).toEqual({ bps: Clubs.PlatformDefaultCommissionBps, source: "PLATFORM_DEFAULT" })
    expect(Clubs.resolveCommission(1500, null)).toEqual({ bps: 1500, source: "CLUB_OVERRIDE" })
    expect(Clubs.resolveCommission(1500, 0)).toEqual({ bps: 0, source: "TIER_OVERRIDE" })
  })

  it("splits paise half up and never loses a paisa", () => {
    expect(Clubs.splitAmount(49_900, 1550)).toEqual({ commission: 7735, net: 42_165 })
    expect(Clubs.splitAmount(101, 5000)).toEqual({ commission: 51, net: 50 })
    for (const [amount, bps] of [[100, 1], [99_999, 3333], [10_000_000, 10_000]] as const) {
      const s = Clubs.splitAmount(amount, bps)
      expect(s.commission + s.net).toBe(amount)
      expect(Number.isInteger(s.commission)).toBe(true)
    }
  })
})

describe("promo quotes", () => {
  const now = new Date("2026-11-22T00:00:00Z")
  it("answers the effective amount and percentage", () => {
    expect(Clubs.quotePromo(50_000, promo(), now)).toMatchObject({ ok: true, reason: null, effectiveAmount: 40_000, effectivePct: 20, discountAmount: 10_000 })
    expect(Clubs.quotePromo(30_000, promo({ discountType: "AMOUNT", discountValue: 1000 }), now)).toMatchObject({ ok: true, effectiveAmount: 29_000, effectivePct: 3.33 })
  })
  it("refuses with a reason and the list price", () => {
    const refused = (p: Clubs.TierPromo | null) => Clubs.quotePromo(50_000, p, now)
    expect(refused(null)).toMatchObject({ ok: false, reason: "NOT_FOUND", effectiveAmount: 50_000, effectivePct: 0 })
    expect(refused(promo({ status: "ARCHIVED" })).reason).toBe("ARCHIVED")
    expect(refused(promo({ validFrom: new Date("2026-12-01") })).reason).toBe("NOT_STARTED")
    expect(refused(promo({ validUntil: now })).reason).toBe("EXPIRED")
    expect(refused(promo({ maxRedemptions: 2, redemptions: 2 })).reason).toBe("EXHAUSTED")
    expect(Clubs.quotePromo(150, promo({ discountType: "AMOUNT", discountValue: 100 }), now).reason).toBe("BELOW_MINIMUM")
  })
})

describe("periods and proration", () => {
  it("adds calendar months, clamping to the month's last day", () => {
    expect(Clubs.addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z")
    expect(Clubs.addMonths(new Date("2026-11-15T00:00:00Z"), 3).toISOString()).toBe("2027-02-15T00:00:00.000Z")
    expect(Clubs.addMonths(new Date("2028-02-29T00:00:00Z"), 12).toISOString()).toBe("2029-02-28T00:00:00.000Z")
  })

  it("credits the unused old tier and charges the new one for the rest of the period", () => {
    const start = new Date("2026-11-01T00:00:00Z")
    const end = new Date("2026-12-01T00:00:00Z")
    const half = new Date("2026-11-16T00:00:00Z")
    const p = Clubs.prorate("mem", { tier: tier("gold", 60_000), membership: membership(start, end) }, tier("silver", 30_000), half)
    expect(p).toMatchObject({ unusedCredit: 30_000, remainingCharge: 15_000, prorationAmount: -15_000, startsNewPeriod: false, periodEnd: end })
    const up = Clubs.prorate("mem", { tier: tier("silver", 30_000), membership: membership(start, end) }, tier("gold", 60_000), half)
    expect(up.prorationAmount).toBe(15_000)
  })

  it("starts a fresh period without a running one", () => {
    const now = new Date("2026-11-22T00:00:00Z")
    const expired = membership(new Date("2026-09-01"), new Date("2026-10-01"))
    const p = Clubs.prorate("mem", { tier: tier("gold", 60_000), membership: expired }, tier("silver", 30_000, "YEARLY"), now)
    expect(p).toMatchObject({ startsNewPeriod: true, prorationAmount: 0, periodStart: now })
    expect(p.periodEnd.toISOString()).toBe("2027-11-22T00:00:00.000Z")
    expect(Clubs.prorate("mem", null, tier("gold", 1000), now).fromTierId).toBeNull()
  })

  it("derives EXPIRED once the period has ended; cancel and resume move between ACTIVE and CANCELED", () => {
    const now = new Date("2026-11-22T00:00:00Z")
    expect(Clubs.effectiveStatus(membership(new Date("2026-11-01"), new Date("2026-12-01")), now)).toBe("ACTIVE")
    expect(Clubs.effectiveStatus(membership(new Date("2026-11-01"), new Date("2026-12-01"), "CANCELED"), now)).toBe("CANCELED")
    expect(Clubs.effectiveStatus(membership(new Date("2026-10-01"), now, "CANCELED"), now)).toBe("EXPIRED")
    expect(Clubs.TierMembershipMoves).toEqual({ cancel: { from: ["ACTIVE"], to: "CANCELED" }, resume: { from: ["CANCELED"], to: "ACTIVE" } })
  })
})
