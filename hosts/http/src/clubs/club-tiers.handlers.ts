/**
 * Handlers of the club tier groups: tiers, checkout and payment verify, cancel/resume, change-tier,
 * revenue streams and monetization eligibility (`clubTiers`), tier promos (`clubTierPromos`) and the
 * admin commission routes (`clubCommission`, `clubs.money`). Thin: each calls one use case; the
 * clubs and payments errors it meets carry their own public meaning.
 */
import { type HttpApiGroup } from "@effect/platform"
import type { TierMembershipView } from "@podium/contracts/clubs"
import { ClubsApi } from "@podium/contracts/clubs"
import { CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { Clubs } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { ClubAccess } from "./tenancy.middleware.js"
import { apiGroup } from "../serving/served-groups.js"

/** The stored membership answers with its effective status (EXPIRED once the paid period is over). */
export const tierMembershipView = (m: Clubs.TierMembership): TierMembershipView => ({ ...m, status: Clubs.effectiveStatus(m, new Date()) })

const optionalPrincipal = Effect.map(Effect.serviceOption(CurrentPrincipal), Option.getOrUndefined)

export const ClubTiersHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubTiers">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubTiers",
  (handlers) =>
    handlers
      .handle("listClubTiers", ({ path }) =>
        Effect.flatMap(optionalPrincipal, (p) => Clubs.listTiers(p, path.id)).pipe(Effect.map(({ tiers }) => tiers)))
      .handle("checkoutClubTier", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (p) => Clubs.checkoutTier(p, path.id, path.tierId, { promoCode: payload.promoCode })).pipe(
          Effect.map(({ checkout, keyId, tier }) => ({
            checkoutId: checkout.id,
            orderId: checkout.gatewayOrderId,
            amount: checkout.amount,
            currency: checkout.currency,
            keyId,
            provider: checkout.provider,
            listAmount: checkout.listAmount,
            discountAmount: checkout.discountAmount,
            promoId: checkout.promoId,
            tier
          }))
        ))
      .handle("verifyClubTierPayment", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (p) => Clubs.verifyTierPayment(p, path.id, path.tierId, path.paymentId, payload)).pipe(
          Effect.map(({ membership }) => (membership === null ? null : tierMembershipView(membership)))
        ))
      .handle("cancelMyClubTier", () =>
        Effect.flatMap(ClubAccess, (a) => Clubs.cancelMyTier(a.principal, a.clubId)).pipe(Effect.map(tierMembershipView)))
      .handle("resumeMyClubTier", () =>
        Effect.flatMap(ClubAccess, (a) => Clubs.resumeMyTier(a.principal, a.clubId)).pipe(Effect.map(tierMembershipView)))
      .handle("clubMonetizationEligibility", () =>
        Effect.flatMap(ClubAccess, (a) => Clubs.monetizationEligibility(a.clubId)))
      .handle("clubRevenueStreams", () => Effect.flatMap(ClubAccess, (a) => Clubs.revenueStreams(a.clubId)))
      .handle("previewChangeMemberTier", ({ path, payload }) =>
        Effect.flatMap(ClubAccess, (a) => Clubs.previewChangeTier(a.clubId, path.id, payload.tierId)))
      .handle("changeMemberTier", ({ path, payload }) =>
        Effect.flatMap(ClubAccess, (a) => Clubs.changeMemberTier(a.principal, a.clubId, path.id, payload.tierId)).pipe(
          Effect.map(({ membership, preview }) => ({ membership: tierMembershipView(membership), preview }))
        ))
)

export const ClubTierPromosHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubTierPromos">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubTierPromos",
  (handlers) =>
    handlers
      .handle("listTierPromos", ({ path, urlParams }) =>
        Effect.flatMap(ClubAccess, (a) => Clubs.listTierPromos(a.clubId, path.tierId, pageOf(urlParams))))
      .handle("createTierPromo", ({ path, payload }) =>
        Effect.flatMap(ClubAccess, (a) => Clubs.createTierPromo(a.principal, a.clubId, path.tierId, payload)))
      .handle("archiveTierPromo", ({ path }) =>
        Effect.flatMap(ClubAccess, (a) => Clubs.archiveTierPromo(a.principal, a.clubId, path.tierId, path.promoId)))
      .handle("quoteTierPromo", ({ path, urlParams }) =>
        Effect.flatMap(optionalPrincipal, (p) => Clubs.quoteTierPromo(p, path.clubId, path.tierId, urlParams.code)).pipe(
          Effect.map(({ promoId: _, ...quote }) => quote)
        ))
)

export const ClubCommissionHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubCommission">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubCommission",
  (handlers) =>
    handlers
      .handle("setClubCommission", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.setClubCommission(admin, path.clubId, payload.commissionPct)))
      .handle("setTierCommission", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.setTierCommission(admin, path.clubId, path.tierId, payload.commissionPct)))
      .handle("tierCommissionBreakdown", ({ path }) =>
        Clubs.commissionBreakdown(path.clubId, path.tierId))
)
