/**
 * Club membership tiers and their money (document C "Clubs" tiers, checkout, verify, cancel/resume,
 * tier promos, club admin change-tier; B "Club commission"; C "Club revenue").
 *
 * Records:
 * - `ClubTier`: a paid tier of a CLUB_MEMBERSHIP club: a price in INR paise per billing period.
 *   The spec lists no tier create/update route, so tiers are created by operators with the CLI
 *   (`pnpm cli clubs tiers create|list|archive`); athletes read them at `GET /v2/clubs/{id}/tiers`.
 * - `TierCheckout`: one purchase attempt: the price the buyer was quoted (after an optional promo),
 *   the commission split resolved at that moment (snapshot: the split the buyer agreed to is the
 *   one booked), and the gateway order created through `Payments.createGatewayOrder` (purpose
 *   `club_tier`, ownerRef = checkout id).
 * - `TierMembership`: the member's paid tier and its period (one row per club membership):
 *
 *     (none) ──payment──▶ ACTIVE ──cancel──▶ CANCELED ──resume (before period end)──▶ ACTIVE
 *                           ▲                    │
 *                           └──payment (renew / new tier)──┘     any ──period end passes──▶ EXPIRED (read-time)
 *
 *   ACTIVE renews at `currentPeriodEnd` (the next payment extends it); CANCELED means "cancel at
 *   period end": still entitled until `currentPeriodEnd`, then EXPIRED. EXPIRED is derived at read
 *   time (`effectiveStatus`), so no sweep is needed to stop entitlement. A payment for the same
 *   tier while entitled extends the period from its end (renewal); for another tier it switches
 *   tier and starts a fresh period at payment time (decision: the remainder of the old tier is not
 *   credited — the club admin's change-tier with proration is the way to switch mid-period).
 * - `TierPromo`: a discount code on one tier (PERCENT 1-90 or AMOUNT in paise), with an optional
 *   window and redemption cap; archived, never deleted. A redemption counts when the payment is
 *   applied; the cap is checked at checkout, so checkouts already open when the cap is reached are
 *   still honoured once paid (the buyer was quoted that price).
 * - Commission (B "Club commission"): platform default → club-wide override → tier override; the
 *   first set one from the right wins. Percentages with at most two decimals, kept as basis points.
 *
 * Ledger accounts (double-entry, `Wallets.Ledger`, INR paise) of one tier payment of `gross`:
 *   external / <gateway provider> / "gateway-collections"       −gross   (money arriving from the gateway)
 *   club     / <clubId>           / "revenue"                   +net     (what the club earned)
 *   platform / "platform"         / "club-commission:<clubId>"  +commission (the platform's cut, per club so
 *                                                                 revenue streams can sum it from the ledger)
 * idempotency key `club-tier-payment:<provider>:<paymentId>`: however many times the app verifies or the
 * gateway redelivers, one payment posts once.
 */
import { type BillingPeriod, ClubTier, DomainError, TierCurrency, TierMembership, TierPromo } from "@podium/kernel"
import { Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { TierCurrency, BillingPeriods, TierStatuses, ClubTier, TierMembership, PromoDiscountTypes, PromoStatuses, TierPromo, type BillingPeriod, type TierStatus, type PromoDiscountType, type PromoStatus } from "@podium/kernel"

/** Calendar months per billing period. */
export const PeriodMonths: Record<BillingPeriod, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 }

/** The gateways' minimum order (1.00 INR) and a sane maximum tier price (1,00,000 INR). */
export const MinTierPrice = 100
export const MaxTierPrice = 10_000_000

export const TierMembershipStatuses = ["ACTIVE", "CANCELED", "EXPIRED"] as const
export type TierMembershipStatus = (typeof TierMembershipStatuses)[number]

/** ACTIVE/CANCELED while the period runs; EXPIRED once it has ended. */
export const effectiveStatus = (m: TierMembership, now: Date): TierMembershipStatus =>
  m.currentPeriodEnd.getTime() <= now.getTime() ? "EXPIRED" : m.status

/** Member moves as data: from which stored status, to which. Both need the period still running. */
export const TierMembershipMoves = {
  cancel: { from: ["ACTIVE"], to: "CANCELED" },
  resume: { from: ["CANCELED"], to: "ACTIVE" }
} as const satisfies Record<string, { readonly from: ReadonlyArray<"ACTIVE" | "CANCELED">; readonly to: "ACTIVE" | "CANCELED" }>
export type TierMembershipMove = keyof typeof TierMembershipMoves

/** `start` plus `months` calendar months (clamped to the month's last day: Jan 31 + 1 = Feb 28/29). */
export const addMonths = (start: Date, months: number): Date => {
  const d = new Date(start.getTime())
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + months)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, last))
  return d
}

export const CheckoutStatuses = ["OPEN", "PAID"] as const
export type CheckoutStatus = (typeof CheckoutStatuses)[number]

export const TierCheckout = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  tierId: Schema.String,
  userId: Schema.String,
  promoId: Schema.NullOr(Schema.String),
  /** The tier's list price at checkout. */
  listAmount: Schema.Number,
  discountAmount: Schema.Number,
  /** What the buyer pays (list − discount), paise. */
  amount: Schema.Number,
  currency: Schema.Literal(TierCurrency),
  /** The commission resolved at checkout (basis points) and its split of `amount`. */
  commissionBps: Schema.Number,
  commissionAmount: Schema.Number,
  netAmount: Schema.Number,
  provider: Schema.String,
  gatewayOrderId: Schema.String,
  status: Schema.Literal(...CheckoutStatuses),
  paymentId: Schema.NullOr(Schema.String),
  paidAt: Schema.NullOr(Schema.DateFromSelf),
  createdAt: Schema.DateFromSelf
})
export interface TierCheckout extends Schema.Schema.Type<typeof TierCheckout> {}

// ---------------------------------------------------------------------------------------------
// Commission

/** The platform's default commission on club tier sales: 10% (decision: the spec names no number). */
export const PlatformDefaultCommissionBps = 1000

export const pctToBps = (pct: number): number => Math.round(pct * 100)
export const bpsToPct = (bps: number): number => bps / 100

/** The platform's cut of `amount` at `bps`, rounded half up to the paisa; the club gets the rest. */
export const splitAmount = (amount: number, bps: number) => {
  const commission = Math.floor((amount * bps + 5000) / 10000)
  return { commission, net: amount - commission }
}

export interface CommissionResolution {
  readonly bps: number
  readonly source: "PLATFORM_DEFAULT" | "CLUB_OVERRIDE" | "TIER_OVERRIDE"
}

/** Platform default → club override → tier override: the most specific one set wins. */
export const resolveCommission = (clubBps: number | null, tierBps: number | null): CommissionResolution =>
  tierBps !== null
    ? { bps: tierBps, source: "TIER_OVERRIDE" }
    : clubBps !== null
    ? { bps: clubBps, source: "CLUB_OVERRIDE" }
    : { bps: PlatformDefaultCommissionBps, source: "PLATFORM_DEFAULT" }

// ---------------------------------------------------------------------------------------------
// Promos

export const PromoCodePattern = /^[A-Z0-9_-]{3,32}$/

export const PromoRefusals = ["NOT_FOUND", "ARCHIVED", "NOT_STARTED", "EXPIRED", "EXHAUSTED", "BELOW_MINIMUM"] as const
export type PromoRefusal = (typeof PromoRefusals)[number]

export interface PromoQuote {
  readonly ok: boolean
  readonly reason: PromoRefusal | null
  /** The price after the promo (the list price when not ok), paise. */
  readonly effectiveAmount: number
  /** The discount as a percentage of the list price (two decimals; 0 when not ok). */
  readonly effectivePct: number
  readonly listAmount: number
  readonly discountAmount: number
  readonly currency: typeof TierCurrency
  readonly promoId: string | null
}

/** Quotes `promo` (or its absence) on a list price at `now`. */
export const quotePromo = (listAmount: number, promo: TierPromo | null, now: Date): PromoQuote => {
  const refuse = (reason: PromoRefusal): PromoQuote => ({
    ok: false,
    reason,
    effectiveAmount: listAmount,
    effectivePct: 0,
    listAmount,
    discountAmount: 0,
    currency: TierCurrency,
    promoId: null
  })
  if (promo === null) return refuse("NOT_FOUND")
  if (promo.status === "ARCHIVED") return refuse("ARCHIVED")
  if (promo.validFrom !== null && promo.validFrom.getTime() > now.getTime()) return refuse("NOT_STARTED")
  if (promo.validUntil !== null && promo.validUntil.getTime() <= now.getTime()) return refuse("EXPIRED")
  if (promo.maxRedemptions !== null && promo.redemptions >= promo.maxRedemptions) return refuse("EXHAUSTED")
  const discount = promo.discountType === "PERCENT"
    ? Math.floor((listAmount * promo.discountValue) / 100)
    : Math.min(promo.discountValue, listAmount)
  const effective = listAmount - discount
  if (effective < MinTierPrice) return refuse("BELOW_MINIMUM")
  return {
    ok: true,
    reason: null,
    effectiveAmount: effective,
    effectivePct: Math.round((discount * 10000) / listAmount) / 100,
    listAmount,
    discountAmount: discount,
    currency: TierCurrency,
    promoId: promo.id
  }
}

// ---------------------------------------------------------------------------------------------
// Proration (club admin change-tier)

export interface ChangeTierPreview {
  readonly memberId: string
  readonly fromTierId: string | null
  readonly toTierId: string
  readonly currency: typeof TierCurrency
  readonly fromPrice: number
  readonly toPrice: number
  readonly periodStart: Date
  readonly periodEnd: Date
  /** Seconds of the period left at `effectiveAt`, and the period's length. */
  readonly remainingSeconds: number
  readonly periodSeconds: number
  /** The unused part of the old tier (credit) and the new tier's price for the rest of the period. */
  readonly unusedCredit: number
  readonly remainingCharge: number
  /** remainingCharge − unusedCredit: > 0 the member owes it, < 0 the club owes a credit. */
  readonly prorationAmount: number
  readonly effectiveAt: Date
  /** True when the member had no running period: the change starts a fresh one of the new tier. */
  readonly startsNewPeriod: boolean
}

/**
 * The proration of moving a member to `to` at `now`: the remaining fraction of the running period
 * is credited at the old price and charged at the new one (rounded to the paisa). Without a running
 * period (no tier, or expired) the change starts a fresh period of the new tier and nothing is
 * prorated. The period end never moves (a change is not a renewal).
 */
export const prorate = (
  memberId: string,
  current: { readonly tier: ClubTier; readonly membership: TierMembership } | null,
  to: ClubTier,
  now: Date
): ChangeTierPreview => {
  const running = current !== null && effectiveStatus(current.membership, now) !== "EXPIRED"
  if (!running) {
    const end = addMonths(now, PeriodMonths[to.billingPeriod])
    const seconds = Math.round((end.getTime() - now.getTime()) / 1000)
    return {
      memberId,
      fromTierId: current?.tier.id ?? null,
      toTierId: to.id,
      currency: TierCurrency,
      fromPrice: current?.tier.priceAmount ?? 0,
      toPrice: to.priceAmount,
      periodStart: now,
      periodEnd: end,
      remainingSeconds: seconds,
      periodSeconds: seconds,
      unusedCredit: 0,
      remainingCharge: 0,
      prorationAmount: 0,
      effectiveAt: now,
      startsNewPeriod: true
    }
  }
  const m = current.membership
  const total = Math.max(1, Math.round((m.currentPeriodEnd.getTime() - m.currentPeriodStart.getTime()) / 1000))
  const remaining = Math.max(0, Math.min(total, Math.round((m.currentPeriodEnd.getTime() - now.getTime()) / 1000)))
  const unusedCredit = Math.round((current.tier.priceAmount * remaining) / total)
  const remainingCharge = Math.round((to.priceAmount * remaining) / total)
  return {
    memberId,
    fromTierId: current.tier.id,
    toTierId: to.id,
    currency: TierCurrency,
    fromPrice: current.tier.priceAmount,
    toPrice: to.priceAmount,
    periodStart: m.currentPeriodStart,
    periodEnd: m.currentPeriodEnd,
    remainingSeconds: remaining,
    periodSeconds: total,
    unusedCredit,
    remainingCharge,
    prorationAmount: remainingCharge - unusedCredit,
    effectiveAt: now,
    startsNewPeriod: false
  }
}

// ---------------------------------------------------------------------------------------------
// Errors

export class ClubTierNotFound extends DomainError<ClubTierNotFound>()("ClubTierNotFound", { kind: "not-found", code: "CLUB_TIER_NOT_FOUND" }, { tierId: Schema.String }) {
  override get message() {
    return "Club tier not found"
  }
}

/** Tiers are sold only by CLUB_MEMBERSHIP clubs (403 CLUB_NOT_MEMBERSHIP_TYPE). */
export class ClubNotMembershipType extends DomainError<ClubNotMembershipType>()("ClubNotMembershipType", { kind: "forbidden", code: "CLUB_NOT_MEMBERSHIP_TYPE" }, { clubId: Schema.String }) {
  override get message() {
    return "Only CLUB_MEMBERSHIP clubs sell tiers and have revenue streams"
  }
}

/** The club cannot sell tiers yet (409 CLUB_NOT_MONETIZABLE, with what is missing). */
export class ClubNotMonetizable extends DomainError<ClubNotMonetizable>()("ClubNotMonetizable", { kind: "conflict", code: "CLUB_NOT_MONETIZABLE" }, {
  clubId: Schema.String,
  missing: Schema.Array(Schema.String)
}) {
  override get message() {
    return `This club cannot sell tiers yet: ${this.missing.join(", ")}`
  }
}

/** The tier is archived (409 CLUB_TIER_NOT_ACTIVE). */
export class ClubTierNotActive extends DomainError<ClubTierNotActive>()("ClubTierNotActive", { kind: "conflict", code: "CLUB_TIER_NOT_ACTIVE" }, { tierId: Schema.String }) {
  override get message() {
    return "This tier is no longer sold"
  }
}

/** A gated club needs the athlete to be an approved member before buying (403 CLUB_MEMBERSHIP_APPROVAL_REQUIRED). */
export class ClubMembershipRequired extends DomainError<ClubMembershipRequired>()("ClubMembershipRequired", { kind: "forbidden", code: "CLUB_MEMBERSHIP_APPROVAL_REQUIRED" }, { clubId: Schema.String }) {
  override get message() {
    return "This club approves members before they can buy a tier; join the club first"
  }
}

/** The promo code given at checkout cannot be used (400 CLUB_TIER_PROMO_INVALID, with the reason). */
export class TierPromoInvalid extends DomainError<TierPromoInvalid>()("TierPromoInvalid", { kind: "invalid", code: "CLUB_TIER_PROMO_INVALID" }, { reason: Schema.String }) {
  override get message() {
    return `Promo code cannot be used: ${this.reason}`
  }
}

/** The order id names no checkout of this caller, club and tier (404 CLUB_TIER_CHECKOUT_NOT_FOUND). */
export class TierCheckoutNotFound extends DomainError<TierCheckoutNotFound>()("TierCheckoutNotFound", { kind: "not-found", code: "CLUB_TIER_CHECKOUT_NOT_FOUND" }, { orderId: Schema.String }) {
  override get message() {
    return "Checkout not found"
  }
}

/** The payment is not captured yet (409 CLUB_TIER_PAYMENT_NOT_CAPTURED): the gateway's webhook activates it once captured. */
export class TierPaymentNotCaptured extends DomainError<TierPaymentNotCaptured>()("TierPaymentNotCaptured", { kind: "conflict", code: "CLUB_TIER_PAYMENT_NOT_CAPTURED" }, { status: Schema.String }) {
  override get message() {
    return `Payment is ${this.status}, not captured; the membership activates when the gateway captures it`
  }
}

/** The caller has no paid tier in this club (404 CLUB_TIER_MEMBERSHIP_NOT_FOUND). */
export class TierMembershipNotFound extends DomainError<TierMembershipNotFound>()("TierMembershipNotFound", { kind: "not-found", code: "CLUB_TIER_MEMBERSHIP_NOT_FOUND" }, { ref: Schema.String }) {
  override get message() {
    return "No membership tier found"
  }
}

/** A cancel/resume from a state that does not allow it (409 CLUB_TIER_MOVE_REFUSED). */
export class TierMoveRefused extends DomainError<TierMoveRefused>()("TierMoveRefused", { kind: "conflict", code: "CLUB_TIER_MOVE_REFUSED" }, { move: Schema.String, status: Schema.String }) {
  override get message() {
    return `Cannot ${this.move} a membership tier that is ${this.status}`
  }
}

/** An ACTIVE promo with this code already exists on the tier (409 CLUB_TIER_PROMO_CODE_TAKEN). */
export class TierPromoCodeTaken extends DomainError<TierPromoCodeTaken>()("TierPromoCodeTaken", { kind: "conflict", code: "CLUB_TIER_PROMO_CODE_TAKEN" }, { code: Schema.String }) {
  override get message() {
    return `Promo code ${this.code} already exists on this tier`
  }
}

export class TierPromoNotFound extends DomainError<TierPromoNotFound>()("TierPromoNotFound", { kind: "not-found", code: "CLUB_TIER_PROMO_NOT_FOUND" }, { promoId: Schema.String }) {
  override get message() {
    return "Promo not found"
  }
}

/** Promo input the schema cannot check (window order, amount above price): 400 with the messages. */
export class TierPromoRejected extends DomainError<TierPromoRejected>()("TierPromoRejected", { kind: "invalid" }, { messages: Schema.Array(Schema.String) }) {
  override get message() {
    return this.messages.join("; ")
  }
}

/** The club member named by an admin route is not in this club (404 CLUB_MEMBER_NOT_FOUND). */
export class TierMemberNotFound extends DomainError<TierMemberNotFound>()("TierMemberNotFound", { kind: "not-found", code: "CLUB_MEMBER_NOT_FOUND" }, { memberId: Schema.String }) {
  override get message() {
    return "Club member not found"
  }
}
