/**
 * Repositories of club tiers and their money (Postgres adapters in @podium/postgres
 * `clubs/tier.pg.ts`, memory twins in @podium/core/testing `club-tiers.memory.ts`). Every state
 * move is a conditional update, so of two concurrent moves exactly one wins.
 */
import { Context, type Effect, type Option } from "effect"
import type {
  ClubTier,
  TierCheckout,
  TierMembership,
  TierPromo,
  TierPromoCodeTaken
} from "./tier.model.js"

export interface NewClubTier extends Pick<ClubTier, "clubId" | "name" | "description" | "priceAmount" | "billingPeriod" | "benefits" | "sortOrder"> {}

export class ClubTierRepo extends Context.Tag("@podium/core/clubs/ClubTierRepo")<ClubTierRepo, {
  readonly create: (input: NewClubTier) => Effect.Effect<ClubTier>
  /** The tier when it belongs to `clubId` (another club's tier is none). */
  readonly find: (clubId: string, tierId: string) => Effect.Effect<Option.Option<ClubTier>>
  /** By sort order then creation; ARCHIVED ones only when asked. */
  readonly list: (clubId: string, options: { readonly includeArchived: boolean }) => Effect.Effect<ReadonlyArray<ClubTier>>
  /** ACTIVE → ARCHIVED (conditional); none when it was not ACTIVE. */
  readonly archive: (clubId: string, tierId: string) => Effect.Effect<Option.Option<ClubTier>>
  readonly setCommission: (clubId: string, tierId: string, bps: number | null) => Effect.Effect<Option.Option<ClubTier>>
}>() {}

export class ClubCommissionRepo extends Context.Tag("@podium/core/clubs/ClubCommissionRepo")<ClubCommissionRepo, {
  /** The club-wide override in basis points; null when none is set. */
  readonly get: (clubId: string) => Effect.Effect<number | null>
  readonly set: (clubId: string, bps: number | null, adminId: string) => Effect.Effect<void>
}>() {}

export interface NewTierPromo extends Pick<TierPromo, "clubId" | "tierId" | "code" | "discountType" | "discountValue" | "maxRedemptions" | "validFrom" | "validUntil" | "createdBy"> {}

export class TierPromoRepo extends Context.Tag("@podium/core/clubs/TierPromoRepo")<TierPromoRepo, {
  /** Fails TierPromoCodeTaken when an ACTIVE promo of the tier has the code. */
  readonly create: (input: NewTierPromo) => Effect.Effect<TierPromo, TierPromoCodeTaken>
  readonly find: (clubId: string, tierId: string, promoId: string) => Effect.Effect<Option.Option<TierPromo>>
  /** The ACTIVE promo with the code, else the newest archived one (so a quote can say ARCHIVED). */
  readonly findByCode: (tierId: string, code: string) => Effect.Effect<Option.Option<TierPromo>>
  /** Newest first. */
  readonly list: (tierId: string, page: { readonly limit: number; readonly offset: number }) => Effect.Effect<{ readonly items: ReadonlyArray<TierPromo>; readonly total: number }>
  /** ACTIVE → ARCHIVED (conditional); none when it was not ACTIVE. */
  readonly archive: (promoId: string) => Effect.Effect<Option.Option<TierPromo>>
  /** Counts one redemption. */
  readonly redeem: (promoId: string) => Effect.Effect<void>
}>() {}

export type NewTierCheckout = Omit<TierCheckout, "id" | "status" | "paymentId" | "paidAt" | "createdAt">

export class TierCheckoutRepo extends Context.Tag("@podium/core/clubs/TierCheckoutRepo")<TierCheckoutRepo, {
  readonly create: (input: NewTierCheckout) => Effect.Effect<TierCheckout>
  readonly findById: (id: string) => Effect.Effect<Option.Option<TierCheckout>>
  readonly findByOrder: (provider: string, gatewayOrderId: string) => Effect.Effect<Option.Option<TierCheckout>>
  /**
   * OPEN → PAID with the payment (conditional update): some for the one caller that moved it, none
   * when it was already PAID (a second verify, a webhook after verify, a concurrent call).
   */
  readonly markPaid: (id: string, paymentId: string) => Effect.Effect<Option.Option<TierCheckout>>
  /** How many checkouts of the club were paid. */
  readonly paidCount: (clubId: string) => Effect.Effect<number>
}>() {}

export interface TierPeriodInput {
  readonly clubId: string
  readonly memberId: string
  readonly userId: string
  readonly tierId: string
  readonly periodStart: Date
  readonly periodEnd: Date
  readonly lastPaymentId: string | null
  readonly prorationAmount: number | null
}

export class TierMembershipRepo extends Context.Tag("@podium/core/clubs/TierMembershipRepo")<TierMembershipRepo, {
  readonly findByMember: (memberId: string) => Effect.Effect<Option.Option<TierMembership>>
  /**
   * Creates or replaces the member's tier period (one row per club membership): status ACTIVE,
   * no pending cancellation.
   */
  readonly save: (input: TierPeriodInput) => Effect.Effect<TierMembership>
  /** A cancel/resume move: only from `from` and while the period still runs at `now`; none otherwise. */
  readonly move: (id: string, from: ReadonlyArray<"ACTIVE" | "CANCELED">, to: "ACTIVE" | "CANCELED", now: Date) => Effect.Effect<Option.Option<TierMembership>>
  /** Switches the tier inside the running period (admin change-tier), recording the proration. */
  readonly changeTier: (id: string, tierId: string, prorationAmount: number) => Effect.Effect<Option.Option<TierMembership>>
}>() {}
