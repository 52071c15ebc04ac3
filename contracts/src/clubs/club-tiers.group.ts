/**
 * Club membership tiers and their money (C "Clubs": tiers, checkout, payment verify, tier
 * cancel/resume, monetization eligibility; C "Club revenue"; C "Club admin" change-tier; C "Club
 * tier promos"; B "Club commission").
 *
 * Tiers are priced in INR paise per billing period and created by operators (`pnpm cli clubs tiers
 * create`; the spec lists no tier-management route). Checkout creates a gateway order and answers
 * what the app needs to open the gateway's checkout; verify checks the gateway signature (400
 * PAYMENT_SIGNATURE_INVALID) and activates the membership once (a second verify answers the same
 * membership); the gateway's `payment.captured` webhook activates it too when the app never calls
 * verify. Money is booked in the ledger: the club's INR revenue account and the platform commission.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, ClubTier, OneOf, Optional, Query, says, StrLength, TierMembership, TierPromo } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, ClubManagers, ClubManagersOrAdmin, ClubMembers, op, OptionalAuthenticated, PageOf, PageParams, Requires } from "../common/index.js"

const IdPath = Schema.Struct({ id: Schema.String })
const TierPath = Schema.Struct({ id: Schema.String, tierId: Schema.String })
const ClubTierPath = Schema.Struct({ clubId: Schema.String, tierId: Schema.String })

export const ClubTierView = ClubTier.omit("commissionBps", "updatedAt").annotations({ identifier: "ClubTier" })
export type ClubTierView = typeof ClubTierView.Type

/** The stored membership with its effective status: EXPIRED once the paid period is over. */
export const TierMembershipView = Schema.Struct({
  ...TierMembership.omit("createdAt").fields,
  status: Schema.Literal("ACTIVE", "CANCELED", "EXPIRED")
}).annotations({ identifier: "ClubTierMembership" })
export type TierMembershipView = typeof TierMembershipView.Type

export const TierCheckoutView = Schema.Struct({
  checkoutId: Schema.String,
  /** The gateway order id the app opens checkout with. */
  orderId: Schema.String,
  amount: Schema.Number,
  currency: Schema.String,
  keyId: Schema.String,
  provider: Schema.String,
  listAmount: Schema.Number,
  discountAmount: Schema.Number,
  promoId: Schema.NullOr(Schema.String),
  tier: ClubTierView
}).annotations({ identifier: "ClubTierCheckout" })

const PromoCode = Schema.String.pipe(
  Schema.filter((s) => /^[A-Za-z0-9_-]{3,32}$/.test(s.trim())),
  Schema.annotations(says("promoCode must be 3-32 letters, digits, - or _"))
)

const Signature = Schema.String.pipe(
  Schema.filter((s) => /^[0-9a-fA-F]{16,256}$/.test(s)),
  Schema.annotations(says("signature must be the gateway's hex signature"))
)

const VerifyBody = Body({ orderId: StrLength(1, 100), signature: Signature })

export const ChangeTierPreviewView = Schema.Struct({
  memberId: Schema.String,
  fromTierId: Schema.NullOr(Schema.String),
  toTierId: Schema.String,
  currency: Schema.String,
  fromPrice: Schema.Number,
  toPrice: Schema.Number,
  periodStart: Schema.Date,
  periodEnd: Schema.Date,
  remainingSeconds: Schema.Number,
  periodSeconds: Schema.Number,
  unusedCredit: Schema.Number,
  remainingCharge: Schema.Number,
  prorationAmount: Schema.Number,
  effectiveAt: Schema.Date,
  startsNewPeriod: Schema.Boolean
}).annotations({ identifier: "ClubChangeTierPreview" })
export type ChangeTierPreviewView = typeof ChangeTierPreviewView.Type

const ChangeTierBody = Body({ tierId: StrLength(1, 64) })

export const MonetizationEligibilityView = Schema.Struct({
  clubId: Schema.String,
  eligible: Schema.Boolean,
  kycStatus: Schema.String,
  checks: Schema.Array(Schema.Struct({ code: Schema.String, ok: Schema.Boolean, message: Schema.String })),
  missing: Schema.Array(Schema.String)
}).annotations({ identifier: "ClubMonetizationEligibility" })

const MoneyTotals = { grossAmount: Schema.Number, platformCommission: Schema.Number, netAmount: Schema.Number }

export const RevenueStreamsView = Schema.Struct({
  clubId: Schema.String,
  currency: Schema.String,
  streams: Schema.Array(Schema.Struct({ code: Schema.String, name: Schema.String, ...MoneyTotals, payments: Schema.Number })),
  totals: Schema.Struct(MoneyTotals),
  revenueBalance: Schema.Number
}).annotations({ identifier: "ClubRevenueStreams" })

export class ClubTiersGroup extends HttpApiGroup.make("clubTiers")
  .add(op.get("listClubTiers", "/v2/clubs/:id/tiers", { path: IdPath, ok: Schema.Array(ClubTierView), summary: "The tiers on sale in a club (public for listed clubs; 404 for clubs the caller cannot see)" }).middleware(OptionalAuthenticated))
  .add(op.post("checkoutClubTier", "/v2/clubs/:id/tiers/:tierId/checkout", { path: TierPath, body: Body({ promoCode: Optional(PromoCode) }), ok: TierCheckoutView, status: 201, summary: "Start buying a tier: creates the gateway order (after an optional promo) and answers orderId, amount, currency, keyId, provider" }).middleware(Authenticated).annotate(OpenApi.Description, "Signed-in athletes; CLUB_MEMBERSHIP clubs only (403 CLUB_NOT_MEMBERSHIP_TYPE), monetizable (409 CLUB_NOT_MONETIZABLE), tier on sale (409 CLUB_TIER_NOT_ACTIVE). Gated clubs need an approved membership first (403 CLUB_MEMBERSHIP_APPROVAL_REQUIRED). A promo that cannot be used: 400 CLUB_TIER_PROMO_INVALID with the reason. Gateway down: 503 PAYMENT_GATEWAY_NOT_CONFIGURED."))
  .add(op.post("verifyClubTierPayment", "/v2/clubs/:id/tiers/:tierId/payments/:paymentId/verify", { path: Schema.Struct({ id: Schema.String, tierId: Schema.String, paymentId: StrLength(1, 100) }), body: VerifyBody, ok: Schema.NullOr(TierMembershipView), summary: "Verify the gateway payment of a tier checkout and activate the membership (idempotent)" }).middleware(Authenticated).annotate(OpenApi.Description, "Body `{orderId, signature}`. 400 PAYMENT_SIGNATURE_INVALID for a wrong signature (checked in constant time), 400 PAYMENT_MISMATCH when the payment is of another order or amount, 404 CLUB_TIER_CHECKOUT_NOT_FOUND for an order that is not the caller's checkout of this tier, 409 CLUB_TIER_PAYMENT_NOT_CAPTURED while the gateway has not captured it. A payment applied before whose membership has since ended (the member left) answers `data: null`."))
  .add(op.post("cancelMyClubTier", "/v2/clubs/:id/tier/cancel", { path: IdPath, ok: TierMembershipView, summary: "Cancel the caller's tier at period end (ACTIVE → CANCELED; keeps access until currentPeriodEnd)" }).middleware(ClubMembers))
  .add(op.post("resumeMyClubTier", "/v2/clubs/:id/tier/resume", { path: IdPath, ok: TierMembershipView, summary: "Resume a canceled tier before its period ends (CANCELED → ACTIVE)" }).middleware(ClubMembers))
  .add(op.get("clubMonetizationEligibility", "/v2/clubs/:id/monetization-eligibility", { path: IdPath, ok: MonetizationEligibilityView, summary: "What the club still needs to sell tiers (ACTIVE, CLUB_MEMBERSHIP, club KYC, a tier on sale)" }).middleware(ClubManagersOrAdmin))
  .add(op.get("clubRevenueStreams", "/v2/clubs/:clubId/revenue-streams", { path: Schema.Struct({ clubId: Schema.String }), ok: RevenueStreamsView, summary: "The club's revenue by stream, summed from the ledger (paise); CLUB_MEMBERSHIP clubs only, others 403" }).middleware(ClubManagers))
  .add(op.post("previewChangeMemberTier", "/v2/clubs/:clubId/admin/memberships/:id/change-tier/preview", { path: Schema.Struct({ clubId: Schema.String, id: Schema.String }), body: ChangeTierBody, ok: ChangeTierPreviewView, summary: "Preview a member's tier change: proration of the running period (nothing persisted)" }).middleware(ClubManagers))
  .add(op.post("changeMemberTier", "/v2/clubs/:clubId/admin/memberships/:id/change-tier", { path: Schema.Struct({ clubId: Schema.String, id: Schema.String }), body: ChangeTierBody, ok: Schema.Struct({ membership: TierMembershipView, preview: ChangeTierPreviewView }), summary: "Move a member to another tier now (period end kept; proration recorded, no charge)" }).middleware(ClubManagers))
  .annotate(OpenApi.Title, "Club tiers")
  .annotate(OpenApi.Description, "Membership tiers, checkout and payment, cancel/resume, change-tier, revenue")
{}

// ---------------------------------------------------------------------------------------------
// Tier promos

export const TierPromoView = TierPromo.omit("createdBy").annotations({ identifier: "ClubTierPromo" })

const PositiveInt = (what: string, max: number) =>
  Schema.Number.pipe(
    Schema.filter((n) => Number.isInteger(n) && n >= 1 && n <= max),
    Schema.annotations(says(`${what} must be an integer between 1 and ${max}`))
  )

const IsoDate = (what: string) => Schema.Date.annotations(says(`${what} must be an ISO 8601 date-time`))

export const CreatePromoBody = Body({
  code: PromoCode.annotations(says("code must be 3-32 letters, digits, - or _")),
  discountType: OneOf("PERCENT", "AMOUNT"),
  discountValue: PositiveInt("discountValue", 10_000_000),
  maxRedemptions: Optional(PositiveInt("maxRedemptions", 1_000_000)),
  validFrom: Optional(IsoDate("validFrom")),
  validUntil: Optional(IsoDate("validUntil"))
})

export const PromoQuoteView = Schema.Struct({
  ok: Schema.Boolean,
  reason: Schema.NullOr(Schema.String),
  effectiveAmount: Schema.Number,
  effectivePct: Schema.Number,
  listAmount: Schema.Number,
  discountAmount: Schema.Number,
  currency: Schema.String
}).annotations({ identifier: "ClubTierPromoQuote" })

export class ClubTierPromosGroup extends HttpApiGroup.make("clubTierPromos")
  .add(op.get("listTierPromos", "/v2/clubs/:clubId/tiers/:tierId/promos", { path: ClubTierPath, query: Query(PageParams), ok: PageOf(TierPromoView), summary: "A tier's promos (ACTIVE and ARCHIVED), newest first" }).middleware(ClubManagers))
  .add(op.post("createTierPromo", "/v2/clubs/:clubId/tiers/:tierId/promos", { path: ClubTierPath, body: CreatePromoBody, ok: TierPromoView, status: 201, summary: "Create a promo code on a tier (PERCENT 1-90 or AMOUNT in paise leaving ≥ 100 paise); 409 CLUB_TIER_PROMO_CODE_TAKEN" }).middleware(ClubManagers))
  .add(op.get("quoteTierPromo", "/v2/clubs/:clubId/tiers/:tierId/promos/quote", { path: ClubTierPath, query: Query({ code: StrLength(1, 64) }), ok: PromoQuoteView, summary: "Quote a code on a tier: {ok, reason, effectiveAmount, effectivePct}; an unknown code is ok:false, never 404" }).middleware(OptionalAuthenticated))
  .add(op.del("archiveTierPromo", "/v2/clubs/:clubId/tiers/:tierId/promos/:promoId", { path: Schema.Struct({ clubId: Schema.String, tierId: Schema.String, promoId: Schema.String }), ok: TierPromoView, summary: "Archive a promo (ACTIVE → ARCHIVED; 409 when already archived)" }).middleware(ClubManagers))
  .annotate(OpenApi.Title, "Club tier promos")
{}

// ---------------------------------------------------------------------------------------------
// Commission (admin, clubs.money)

const CommissionPct = Schema.NullOr(
  Schema.Number.pipe(
    Schema.filter((n) => Number.isFinite(n) && n >= 0 && n <= 100 && Math.round(n * 100) === n * 100),
    Schema.annotations(says("commissionPct must be a percentage between 0 and 100 with at most 2 decimals, or null to clear"))
  )
).annotations(says("commissionPct must be a percentage between 0 and 100 with at most 2 decimals, or null to clear"))

export const CommissionBody = Body({ commissionPct: CommissionPct })

export const CommissionBreakdownView = Schema.Struct({
  clubId: Schema.String,
  tierId: Schema.String,
  currency: Schema.String,
  priceAmount: Schema.Number,
  platformDefaultPct: Schema.Number,
  clubOverridePct: Schema.NullOr(Schema.Number),
  tierOverridePct: Schema.NullOr(Schema.Number),
  resolvedPct: Schema.Number,
  source: Schema.Literal("PLATFORM_DEFAULT", "CLUB_OVERRIDE", "TIER_OVERRIDE"),
  platformCommissionAmount: Schema.Number,
  clubNetAmount: Schema.Number
}).annotations({ identifier: "ClubCommissionBreakdown" })

export class ClubCommissionGroup extends HttpApiGroup.make("clubCommission")
  .add(op.put("setClubCommission", "/v2/clubs/:clubId/commission", { path: Schema.Struct({ clubId: Schema.String }), body: CommissionBody, ok: Schema.Struct({ clubId: Schema.String, commissionPct: Schema.NullOr(Schema.Number), platformDefaultPct: Schema.Number }), summary: "Set or clear (`{commissionPct: null}`) the club-wide commission override (admin, clubs.money)" }).middleware(Authenticated))
  .add(op.put("setTierCommission", "/v2/clubs/:clubId/tiers/:tierId/commission", { path: ClubTierPath, body: CommissionBody, ok: CommissionBreakdownView, summary: "Set or clear a tier's commission override (admin, clubs.money); answers the resolved breakdown" }).middleware(Authenticated))
  .add(op.get("tierCommissionBreakdown", "/v2/clubs/:clubId/tiers/:tierId/commission/breakdown", { path: ClubTierPath, ok: CommissionBreakdownView, summary: "Resolved split (platform default → club override → tier override) plus the raw overrides; paise" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("clubs.money"))
  .annotate(OpenApi.Title, "Club commission (admin)")
{}
