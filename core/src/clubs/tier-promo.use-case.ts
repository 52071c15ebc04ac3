/**
 * Tier promos (C "Club tier promos") and club commission (B "Club commission").
 *
 * Promos: club managers create discount codes on a tier (PERCENT 1-90 or AMOUNT in paise that must
 * leave at least the 1.00 INR gateway minimum), list them, and archive them (ACTIVE → ARCHIVED,
 * never deleted: checkouts keep pointing at them). The quote answers a verdict
 * `{ok, reason, effectiveAmount, effectivePct}` and never 404s for an unknown code.
 *
 * Commission: platform admins (`clubs.money`) set or clear a club-wide override and a per-tier
 * override (percent, 0-100, two decimals); the breakdown resolves platform default → club → tier
 * and splits the tier's price in paise. A checkout snapshots the split it was priced with.
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { ClubNotFound } from "./club.model.js"
import { ClubRepo } from "./club.port.js"
import { auditClub, getClub } from "./club.use-case.js"
import {
  bpsToPct,
  ClubTierNotActive,
  MinTierPrice,
  PlatformDefaultCommissionBps,
  pctToBps,
  type PromoDiscountType,
  quotePromo,
  resolveCommission,
  splitAmount,
  TierMoveRefused,
  TierPromoNotFound,
  TierPromoRejected
} from "./tier.model.js"
import { ClubCommissionRepo, ClubTierRepo, TierPromoRepo } from "./tier.port.js"
import { findTier } from "./tier.use-case.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface CreatePromoInput {
  readonly code: string
  readonly discountType: PromoDiscountType
  readonly discountValue: number
  readonly maxRedemptions?: number | undefined
  readonly validFrom?: Date | undefined
  readonly validUntil?: Date | undefined
}

export const createTierPromo = Effect.fn("clubs.promos.create")(function*(principal: Principal, clubId: string, tierId: string, input: CreatePromoInput) {
  const tier = yield* findTier(clubId, tierId)
  if (tier.status !== "ACTIVE") return yield* new ClubTierNotActive({ tierId })
  const messages: Array<string> = []
  if (input.discountType === "PERCENT" && (input.discountValue < 1 || input.discountValue > 90)) {
    messages.push("discountValue must be a percentage between 1 and 90 for PERCENT promos")
  }
  if (input.discountType === "AMOUNT" && input.discountValue > tier.priceAmount - MinTierPrice) {
    messages.push(`discountValue must leave at least ${MinTierPrice} paise of the tier's price (${tier.priceAmount})`)
  }
  if (input.validFrom !== undefined && input.validUntil !== undefined && input.validUntil.getTime() <= input.validFrom.getTime()) {
    messages.push("validUntil must be after validFrom")
  }
  if (messages.length > 0) return yield* new TierPromoRejected({ messages })
  const promo = yield* Effect.flatMap(TierPromoRepo, (r) =>
    r.create({
      clubId,
      tierId,
      code: input.code.trim().toUpperCase(),
      discountType: input.discountType,
      discountValue: input.discountValue,
      maxRedemptions: input.maxRedemptions ?? null,
      validFrom: input.validFrom ?? null,
      validUntil: input.validUntil ?? null,
      createdBy: principal.accountId
    }))
  yield* auditClub("club.tier_promo.created", principal, clubId, { data: { tierId, promoId: promo.id, code: promo.code } })
  return promo
})

export const listTierPromos = Effect.fn("clubs.promos.list")(function*(clubId: string, tierId: string, page: { readonly page: number; readonly limit: number }) {
  yield* findTier(clubId, tierId)
  const found = yield* Effect.flatMap(TierPromoRepo, (r) => r.list(tierId, { limit: page.limit, offset: (page.page - 1) * page.limit }))
  return { ...found, page: page.page, limit: page.limit }
})

/** ACTIVE → ARCHIVED; archiving an archived promo is refused (409). */
export const archiveTierPromo = Effect.fn("clubs.promos.archive")(function*(principal: Principal, clubId: string, tierId: string, promoId: string) {
  yield* findTier(clubId, tierId)
  const promo = Uuid.test(promoId) ? yield* Effect.flatMap(TierPromoRepo, (r) => r.find(clubId, tierId, promoId)) : Option.none()
  if (Option.isNone(promo)) return yield* new TierPromoNotFound({ promoId })
  const archived = yield* Effect.flatMap(TierPromoRepo, (r) => r.archive(promoId))
  if (Option.isNone(archived)) return yield* new TierMoveRefused({ move: "archive", status: "ARCHIVED" })
  yield* auditClub("club.tier_promo.archived", principal, clubId, { data: { tierId, promoId, code: archived.value.code } })
  return archived.value
})

/** A verdict on a code for a tier of a club the caller can see; unknown codes are `ok: false`, not 404. */
export const quoteTierPromo = Effect.fn("clubs.promos.quote")(function*(principal: Principal | undefined, clubId: string, tierId: string, code: string) {
  const club = yield* getClub(principal, clubId)
  const tier = yield* findTier(club.id, tierId)
  const promo = yield* Effect.flatMap(TierPromoRepo, (r) => r.findByCode(tier.id, code.trim().toUpperCase()))
  return quotePromo(tier.priceAmount, Option.getOrNull(promo), new Date())
})

// ---------------------------------------------------------------------------------------------
// Commission

const existingClub = (clubId: string) =>
  Effect.gen(function*() {
    const club = Uuid.test(clubId) ? yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId)) : Option.none()
    if (Option.isNone(club)) return yield* new ClubNotFound({ ref: clubId })
    return club.value
  })

/** Sets (`pct` 0-100) or clears (`null`) the club-wide override. */
export const setClubCommission = Effect.fn("clubs.commission.setClub")(function*(admin: Principal, clubId: string, pct: number | null) {
  yield* existingClub(clubId)
  const repo = yield* ClubCommissionRepo
  const before = yield* repo.get(clubId)
  const bps = pct === null ? null : pctToBps(pct)
  yield* repo.set(clubId, bps, admin.accountId)
  yield* auditClub(bps === null ? "club.commission.cleared" : "club.commission.set", admin, clubId, {
    data: { scope: "club", fromPct: before === null ? null : bpsToPct(before), toPct: bps === null ? null : bpsToPct(bps) }
  })
  return { clubId, commissionPct: bps === null ? null : bpsToPct(bps), platformDefaultPct: bpsToPct(PlatformDefaultCommissionBps) }
})

/** Sets or clears a tier's override. */
export const setTierCommission = Effect.fn("clubs.commission.setTier")(function*(admin: Principal, clubId: string, tierId: string, pct: number | null) {
  yield* existingClub(clubId)
  const tier = yield* findTier(clubId, tierId)
  const bps = pct === null ? null : pctToBps(pct)
  yield* Effect.flatMap(ClubTierRepo, (r) => r.setCommission(clubId, tierId, bps))
  yield* auditClub(bps === null ? "club.commission.cleared" : "club.commission.set", admin, clubId, {
    data: { scope: "tier", tierId, fromPct: tier.commissionBps === null ? null : bpsToPct(tier.commissionBps), toPct: bps === null ? null : bpsToPct(bps) }
  })
  return yield* commissionBreakdown(clubId, tierId)
})

/** The resolved split of the tier's price plus the raw overrides (money in paise). */
export const commissionBreakdown = Effect.fn("clubs.commission.breakdown")(function*(clubId: string, tierId: string) {
  yield* existingClub(clubId)
  const tier = yield* findTier(clubId, tierId)
  const clubBps = yield* Effect.flatMap(ClubCommissionRepo, (r) => r.get(clubId))
  const resolved = resolveCommission(clubBps, tier.commissionBps)
  const split = splitAmount(tier.priceAmount, resolved.bps)
  return {
    clubId,
    tierId,
    currency: tier.currency,
    priceAmount: tier.priceAmount,
    platformDefaultPct: bpsToPct(PlatformDefaultCommissionBps),
    clubOverridePct: clubBps === null ? null : bpsToPct(clubBps),
    tierOverridePct: tier.commissionBps === null ? null : bpsToPct(tier.commissionBps),
    resolvedPct: bpsToPct(resolved.bps),
    source: resolved.source,
    platformCommissionAmount: split.commission,
    clubNetAmount: split.net
  }
})
