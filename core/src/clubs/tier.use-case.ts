/**
 * Club tiers (C "Clubs": tiers, cancel/resume; C "Club admin": change-tier; C "Club revenue";
 * monetization eligibility). Tiers are created by operators (`pnpm cli clubs tiers create`): the
 * spec lists no tier-management route. Checkout and payment live in `tier-checkout.use-case.ts`.
 *
 * Monetization eligibility: a club sells tiers when it is ACTIVE (and not deactivated), of type
 * CLUB_MEMBERSHIP and its club KYC is APPROVED (the payee's identity and bank account are verified
 * before money is taken on its behalf). Having a tier on sale is reported but not a gate (a
 * checkout names its tier).
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { Transactor } from "../platform/transactor.port.js"
import { Ledger } from "../wallets/ledger.port.js"
import { type Club, ClubAccessDenied, ClubNotFound } from "./club.model.js"
import type { ClubKycStatus } from "./club-kyc.model.js"
import { ClubKycRepo } from "./club-kyc.port.js"
import { ClubMemberRepo, ClubRepo } from "./club.port.js"
import { auditClub, getClub } from "./club.use-case.js"
import {
  type BillingPeriod,
  BillingPeriods,
  ClubNotMembershipType,
  ClubTierNotActive,
  ClubTierNotFound,
  effectiveStatus,
  MaxTierPrice,
  MinTierPrice,
  prorate,
  type TierMembershipMove,
  TierMembershipMoves,
  TierMembershipNotFound,
  TierMemberNotFound,
  TierMoveRefused
} from "./tier.model.js"
import { ClubTierRepo, TierCheckoutRepo, TierMembershipRepo } from "./tier.port.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The ledger accounts of club tier money (see tier.model.ts). */
export const TierLedger = {
  gateway: (provider: string) => ({ ownerType: "external" as const, ownerId: provider, purpose: "gateway-collections", currency: "INR" as const }),
  clubRevenue: (clubId: string) => ({ ownerType: "club" as const, ownerId: clubId, purpose: "revenue", currency: "INR" as const }),
  platformCommission: (clubId: string) => ({
    ownerType: "platform" as const,
    ownerId: "platform",
    purpose: `club-commission:${clubId}`,
    currency: "INR" as const
  })
}

/** A tier of the club (another club's tier, or a malformed id, is ClubTierNotFound). */
export const findTier = (clubId: string, tierId: string) =>
  Effect.gen(function*() {
    const tier = Uuid.test(tierId) && Uuid.test(clubId) ? yield* Effect.flatMap(ClubTierRepo, (r) => r.find(clubId, tierId)) : Option.none()
    if (Option.isNone(tier)) return yield* new ClubTierNotFound({ tierId })
    return tier.value
  })

/** The tiers athletes can buy: ACTIVE tiers of a club they can see (404 for clubs they cannot). */
export const listTiers = Effect.fn("clubs.tiers.list")(function*(principal: Principal | undefined, clubId: string) {
  const club = yield* getClub(principal, clubId)
  const tiers = yield* Effect.flatMap(ClubTierRepo, (r) => r.list(club.id, { includeArchived: false }))
  return { club, tiers }
})

export interface EligibilityCheck {
  readonly code: "CLUB_ACTIVE" | "CLUB_MEMBERSHIP_TYPE" | "CLUB_KYC_APPROVED" | "HAS_ACTIVE_TIER"
  readonly ok: boolean
  readonly message: string
}

export interface MonetizationEligibility {
  readonly clubId: string
  /** Whether checkout is open (every check but HAS_ACTIVE_TIER passes). */
  readonly eligible: boolean
  readonly kycStatus: string
  readonly checks: ReadonlyArray<EligibilityCheck>
  /** Codes of the failing checks (the club's to-do list). */
  readonly missing: ReadonlyArray<string>
}

/** The checks that gate selling (checkout); HAS_ACTIVE_TIER is reported but a tier is chosen at checkout anyway. */
export const monetizationChecks = (club: Club, activeTiers: number, kycStatus: ClubKycStatus | null): MonetizationEligibility => {
  const checks: Array<EligibilityCheck> = [
    {
      code: "CLUB_ACTIVE",
      ok: club.status === "ACTIVE" && club.isActive,
      message: club.status !== "ACTIVE" ? `The club is ${club.status}; it must be approved (ACTIVE)` : club.isActive ? "The club is ACTIVE" : "The club is deactivated"
    },
    {
      code: "CLUB_MEMBERSHIP_TYPE",
      ok: club.clubType === "CLUB_MEMBERSHIP",
      message: club.clubType === "CLUB_MEMBERSHIP" ? "The club sells memberships" : "Only CLUB_MEMBERSHIP clubs sell tiers"
    },
    {
      code: "CLUB_KYC_APPROVED",
      ok: kycStatus === "APPROVED",
      message: kycStatus === "APPROVED"
        ? "Club KYC is APPROVED"
        : kycStatus === null
        ? "Club KYC not started: submit it at /v2/clubs/{clubId}/kyc"
        : `Club KYC is ${kycStatus}; it must be APPROVED`
    },
    {
      code: "HAS_ACTIVE_TIER",
      ok: activeTiers > 0,
      message: activeTiers > 0 ? `${activeTiers} tier(s) on sale` : "No tier on sale yet (operators create tiers)"
    }
  ]
  const missing = checks.filter((c) => c.ok === false).map((c) => c.code)
  const blocking = missing.filter((code) => code !== "HAS_ACTIVE_TIER")
  return { clubId: club.id, eligible: blocking.length === 0, kycStatus: kycStatus ?? "NOT_STARTED", checks, missing }
}

/** The club's KYC status (null when never started). */
export const clubKycStatus = (clubId: string) =>
  Effect.map(Effect.flatMap(ClubKycRepo, (r) => r.findByClub(clubId)), (kyc) => Option.isSome(kyc) ? kyc.value.status : null)

export const monetizationEligibility = Effect.fn("clubs.tiers.eligibility")(function*(clubId: string) {
  const club = yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId))
  if (Option.isNone(club)) return yield* new ClubNotFound({ ref: clubId })
  const tiers = yield* Effect.flatMap(ClubTierRepo, (r) => r.list(clubId, { includeArchived: false }))
  return monetizationChecks(club.value, tiers.length, yield* clubKycStatus(clubId))
})

/** The caller's paid tier in the club: its record with the effective status (EXPIRED once the period ended). */
const myTierMembership = (principal: Principal, clubId: string) =>
  Effect.gen(function*() {
    if (principal.accountKind !== "user") return yield* new ClubAccessDenied({ clubId })
    const member = yield* Effect.flatMap(ClubMemberRepo, (r) => r.find(clubId, principal.accountId))
    if (Option.isNone(member) || member.value.status !== "ACTIVE") return yield* new TierMembershipNotFound({ ref: clubId })
    const found = yield* Effect.flatMap(TierMembershipRepo, (r) => r.findByMember(member.value.id))
    if (Option.isNone(found)) return yield* new TierMembershipNotFound({ ref: clubId })
    return found.value
  })

const moveMine = (principal: Principal, clubId: string, name: TierMembershipMove) =>
  Effect.gen(function*() {
    const current = yield* myTierMembership(principal, clubId)
    const now = new Date()
    const { from, to } = TierMembershipMoves[name]
    const moved = yield* Effect.flatMap(TierMembershipRepo, (r) => r.move(current.id, from, to, now))
    if (Option.isNone(moved)) {
      const latest = yield* myTierMembership(principal, clubId)
      return yield* new TierMoveRefused({ move: name, status: effectiveStatus(latest, now) })
    }
    yield* auditClub(name === "cancel" ? "club.tier.canceled" : "club.tier.resumed", principal, clubId, {
      data: { tierMembershipId: moved.value.id, tierId: moved.value.tierId, periodEnd: moved.value.currentPeriodEnd.toISOString() }
    })
    return moved.value
  })

/** ACTIVE → CANCELED: stops renewal; the member keeps the tier until the period ends. */
export const cancelMyTier = Effect.fn("clubs.tiers.cancel")((principal: Principal, clubId: string) => moveMine(principal, clubId, "cancel"))
/** CANCELED → ACTIVE before the period ends. */
export const resumeMyTier = Effect.fn("clubs.tiers.resume")((principal: Principal, clubId: string) => moveMine(principal, clubId, "resume"))

/** The member (of this club, ACTIVE), the target tier and the member's running tier, for change-tier. */
const changeTierInputs = (clubId: string, memberId: string, toTierId: string) =>
  Effect.gen(function*() {
    const member = Uuid.test(memberId) ? yield* Effect.flatMap(ClubMemberRepo, (r) => r.findById(memberId)) : Option.none()
    if (Option.isNone(member) || member.value.clubId !== clubId || member.value.status !== "ACTIVE") {
      return yield* new TierMemberNotFound({ memberId })
    }
    const to = yield* findTier(clubId, toTierId)
    if (to.status !== "ACTIVE") return yield* new ClubTierNotActive({ tierId: to.id })
    const membership = yield* Effect.flatMap(TierMembershipRepo, (r) => r.findByMember(memberId))
    const current = Option.isNone(membership)
      ? null
      : { membership: membership.value, tier: yield* Effect.flatMap(ClubTierRepo, (r) => r.find(clubId, membership.value.tierId)).pipe(Effect.map(Option.getOrThrow)) }
    const now = new Date()
    if (current !== null && current.tier.id === to.id && effectiveStatus(current.membership, now) !== "EXPIRED") {
      return yield* new TierMoveRefused({ move: "change-tier", status: "already on this tier" })
    }
    return { member: member.value, to, current, preview: prorate(memberId, current, to, now) }
  })

/** What a change would do (proration of the running period), without persisting anything. */
export const previewChangeTier = Effect.fn("clubs.tiers.changePreview")(function*(clubId: string, memberId: string, toTierId: string) {
  return (yield* changeTierInputs(clubId, memberId, toTierId)).preview
})

/**
 * A club manager moves a member to another tier. Inside a running period the tier switches now and
 * the period end stays; the proration (new tier's price for the rest of the period minus the old
 * tier's unused part) is recorded on the membership and in the audit row. Decision: no money moves
 * here — the club collects or credits the proration with the member (the gateway is only charged by
 * the member's own checkout). Without a running period a fresh period of the new tier starts.
 */
export const changeMemberTier = Effect.fn("clubs.tiers.change")(function*(principal: Principal, clubId: string, memberId: string, toTierId: string) {
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const { current, member, preview, to } = yield* changeTierInputs(clubId, memberId, toTierId)
    const repo = yield* TierMembershipRepo
    const saved = preview.startsNewPeriod || current === null
      ? yield* repo.save({
        clubId,
        memberId,
        userId: member.userId,
        tierId: to.id,
        periodStart: preview.periodStart,
        periodEnd: preview.periodEnd,
        lastPaymentId: current?.membership.lastPaymentId ?? null,
        prorationAmount: 0
      })
      : yield* repo.changeTier(current.membership.id, to.id, preview.prorationAmount).pipe(Effect.map(Option.getOrThrow))
    yield* Effect.flatMap(ClubMemberRepo, (r) => r.setTier(memberId, to.id))
    yield* auditClub("club.tier.changed", principal, clubId, {
      data: {
        memberId,
        fromTierId: preview.fromTierId,
        toTierId: to.id,
        prorationAmount: preview.prorationAmount,
        unusedCredit: preview.unusedCredit,
        remainingCharge: preview.remainingCharge,
        startsNewPeriod: preview.startsNewPeriod
      }
    })
    return { membership: saved, preview }
  }))
})

export interface RevenueStream {
  readonly code: "MEMBERSHIP_TIERS"
  readonly name: string
  readonly grossAmount: number
  readonly platformCommission: number
  readonly netAmount: number
  readonly payments: number
}

/**
 * The club's revenue by stream, summed from the ledger: what was credited to the club's revenue
 * account (net) and to the platform's commission account for this club. CLUB_MEMBERSHIP clubs only
 * (others: ClubNotMembershipType → 403, as C says).
 */
export const revenueStreams = Effect.fn("clubs.revenueStreams")(function*(clubId: string) {
  const club = yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId))
  if (Option.isNone(club)) return yield* new ClubNotFound({ ref: clubId })
  if (club.value.clubType !== "CLUB_MEMBERSHIP") return yield* new ClubNotMembershipType({ clubId })
  const ledger = yield* Ledger
  const revenue = yield* ledger.summary(TierLedger.clubRevenue(clubId))
  const commission = yield* ledger.summary(TierLedger.platformCommission(clubId))
  const payments = yield* Effect.flatMap(TierCheckoutRepo, (r) => r.paidCount(clubId))
  const stream: RevenueStream = {
    code: "MEMBERSHIP_TIERS",
    name: "Membership tiers",
    grossAmount: revenue.credited + commission.credited,
    platformCommission: commission.credited,
    netAmount: revenue.credited,
    payments
  }
  return {
    clubId,
    currency: "INR" as const,
    streams: [stream],
    totals: { grossAmount: stream.grossAmount, platformCommission: stream.platformCommission, netAmount: stream.netAmount },
    /** What the revenue account holds now (net earned minus what settlements paid out). */
    revenueBalance: revenue.balance
  }
})

// ---------------------------------------------------------------------------------------------
// Operator commands (CLI): the spec has no tier-management route.

export interface CreateTierInput {
  readonly clubId: string
  readonly name: string
  readonly description?: string | undefined
  readonly priceAmount: number
  readonly billingPeriod: BillingPeriod
  readonly benefits?: ReadonlyArray<string> | undefined
  readonly sortOrder?: number | undefined
}

/** Tier input outside its bounds (the CLI prints the messages). */
export const validateTierInput = (input: CreateTierInput): ReadonlyArray<string> => {
  const messages: Array<string> = []
  if (input.name.trim().length < 2 || input.name.trim().length > 60) messages.push("name must be 2-60 characters")
  if ((input.description ?? "").length > 1000) messages.push("description must be at most 1000 characters")
  if (!Number.isSafeInteger(input.priceAmount) || input.priceAmount < MinTierPrice || input.priceAmount > MaxTierPrice) {
    messages.push(`price must be an integer of paise between ${MinTierPrice} and ${MaxTierPrice}`)
  }
  if (!BillingPeriods.includes(input.billingPeriod)) messages.push(`period must be one of ${BillingPeriods.join(", ")}`)
  if ((input.benefits ?? []).length > 20 || (input.benefits ?? []).some((b) => b.trim().length === 0 || b.length > 200)) {
    messages.push("benefits: at most 20, each 1-200 characters")
  }
  return messages
}

/** Creates a tier on a CLUB_MEMBERSHIP club (operator action, audited with actor `cli`). */
export const createTier = Effect.fn("clubs.tiers.create")(function*(input: CreateTierInput, actor: Principal | undefined) {
  const club = Uuid.test(input.clubId) ? yield* Effect.flatMap(ClubRepo, (r) => r.findById(input.clubId)) : Option.none()
  if (Option.isNone(club)) return yield* new ClubNotFound({ ref: input.clubId })
  if (club.value.clubType !== "CLUB_MEMBERSHIP") return yield* new ClubNotMembershipType({ clubId: input.clubId })
  const tier = yield* Effect.flatMap(ClubTierRepo, (r) =>
    r.create({
      clubId: input.clubId,
      name: input.name.trim(),
      description: input.description?.trim() || null,
      priceAmount: input.priceAmount,
      billingPeriod: input.billingPeriod,
      benefits: (input.benefits ?? []).map((b) => b.trim()),
      sortOrder: input.sortOrder ?? 0
    }))
  yield* auditClub("club.tier.created", actor, input.clubId, { data: { tierId: tier.id, priceAmount: tier.priceAmount, billingPeriod: tier.billingPeriod } })
  return tier
})

/** Takes a tier off sale (existing members keep it until their period ends). */
export const archiveTier = Effect.fn("clubs.tiers.archive")(function*(clubId: string, tierId: string, actor: Principal | undefined) {
  const tier = yield* findTier(clubId, tierId)
  const archived = yield* Effect.flatMap(ClubTierRepo, (r) => r.archive(clubId, tierId))
  if (Option.isNone(archived)) return yield* new ClubTierNotActive({ tierId: tier.id })
  yield* auditClub("club.tier.archived", actor, clubId, { data: { tierId } })
  return archived.value
})
