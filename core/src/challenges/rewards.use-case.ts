/**
 * Challenge prizes and rewards (C "Badges and challenges"). The prize table is written with the
 * challenge (an optional `prizes` array on create and update replaces the whole table: a prize
 * table is part of a challenge's set-up, so it follows the same edit rules and needs no extra
 * route). Rewards are computed from the final leaderboard once the challenge is CLOSED, one per
 * winner and prize line (unique), each stored and paid in one transaction:
 *
 * - CASH: a ledger transfer from the challenge's prize clearing account to the winner's winnings
 *   wallet, idempotency key per winner and line (CREDITED);
 * - DISCOUNT: a single-use coupon of the prize's event, its code given to the winner (ISSUED);
 * - EVENT_ENTRY: a single-use 100 % coupon of the prize's event (and ticket): a complimentary place
 *   the winner books with the code like any coupon (ISSUED). The registrations context has no
 *   comp-issuing port (deferral comps are a message with a code), and a coupon is redeemable
 *   through the ordinary booking flow, with its use counted under the coupon's row lock;
 * - MERCH: a REWARD_SHIPMENT fulfillment task, waiting for the winner's address (PENDING_ADDRESS).
 *
 * Who may call: the challenge's managers (its organizer or club OWNER/ADMIN, or an admin with
 * `challenges.manage`) distribute and move rewards; a winner reads their own rewards and gives the
 * address of their own MERCH reward.
 */
import type { Challenge, ChallengeReward, ChallengeRewardType, ChallengePrizeContribution, RewardShippingAddress } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { EventInventoryRepo, EventRepo } from "../events/event.port.js"
import { EventCouponRepo } from "../events/event-config/event-config.model.js"
import type { Principal } from "../identity/principal.model.js"
import { WebhookInboxRepo } from "../notifications/wallet.port.js"
import { PickupAddressRepo, ShippingProvider } from "../organizers/pickup-address.port.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { Ledger } from "../wallets/ledger.port.js"
import { ChallengeAccessDenied, ChallengeInputInvalid, ChallengeNotFound, PublicStatuses } from "./challenge.model.js"
import { ChallengeRepo } from "./challenge.port.js"
import { type CreatorScope, managedChallenge } from "./challenge.use-case.js"
import { SlaHours } from "./fulfillment.model.js"
import { FulfillmentTaskRepo } from "./fulfillment.port.js"
import { standingsOf } from "./progress.use-case.js"
import {
  cashIdempotencyKey,
  ChallengeNotClosed,
  ChallengeRewardNotFound,
  NoSlabCoversRank,
  ChallengePrizeContributionNotFound,
  RewardLedger,
  type RewardMove,
  RewardMoves,
  RewardShippingNotConfigured,
  ShippingWebhookKeyInvalid,
  ShippingWebhookKeyMissing,
  ShippingWebhookNotConfigured,
  slabCovers,
  type Winning,
  winningsOf
} from "./rewards.model.js"
import { ChallengeRewardsRepo, type NewContribution, type NewPrize, type RewardMoveFacts } from "./rewards.port.js"

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

const audit = (principal: Principal | null, action: string, subject: { readonly kind: string; readonly id: string }, data: Record<string, unknown>) =>
  Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: `challenges.rewards.${action}`,
      actor: principal === null ? { kind: "system", id: null } : { kind: principal.accountKind, id: principal.accountId },
      subject,
      data
    }))

// ---- the prize table ----

export interface PrizeInput {
  readonly rankFrom: number
  readonly rankTo: number
  readonly rewardType: ChallengeRewardType
  readonly title?: string | null | undefined
  readonly amount?: number | null | undefined
  readonly discountType?: "percent" | "fixed" | null | undefined
  readonly discountValue?: number | null | undefined
  readonly eventId?: string | null | undefined
  readonly ticketId?: string | null | undefined
  readonly productName?: string | null | undefined
  readonly productImageUrl?: string | null | undefined
  readonly sizeOptions?: ReadonlyArray<string> | undefined
}

/**
 * Checks a prize table for a creator and answers its lines. Each type needs its own fields; a
 * coupon prize (DISCOUNT, EVENT_ENTRY) names an event of the challenge's organizer (an admin's
 * challenge may name any event; a club has no events), and its ticket must be one of that event.
 */
export const checkPrizes = Effect.fn("challenges.prizes.check")(function*(creator: CreatorScope, prizes: ReadonlyArray<PrizeInput>) {
  const messages: Array<string> = []
  const lines: Array<NewPrize> = []
  for (const [i, p] of prizes.entries()) {
    const at = `prizes.${i}`
    const need = (field: string, value: unknown) => {
      if (value === undefined || value === null) messages.push(`${at}.${field} should not be empty for a ${p.rewardType} prize`)
    }
    if (p.rankTo < p.rankFrom) messages.push(`${at}.rankTo must not be less than rankFrom`)
    if (p.rewardType === "CASH") need("amount", p.amount)
    if (p.rewardType === "DISCOUNT") {
      need("discountType", p.discountType)
      need("discountValue", p.discountValue)
      if (p.discountType === "percent" && (p.discountValue ?? 0) > 100) messages.push(`${at}.discountValue must not be greater than 100 for a percent discount`)
    }
    if (p.rewardType === "DISCOUNT" || p.rewardType === "EVENT_ENTRY") need("eventId", p.eventId)
    if (p.rewardType === "MERCH") need("productName", p.productName)
    const eventId = p.rewardType === "DISCOUNT" || p.rewardType === "EVENT_ENTRY" ? p.eventId ?? null : null
    if (eventId !== null) {
      const event = isUuid(eventId) ? yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId)) : Option.none()
      if (Option.isNone(event)) messages.push(`${at}.eventId must name an existing event`)
      else if (creator.creatorType !== "admin" && !(creator.creatorType === "organizer" && event.value.organizerId === creator.creatorId)) {
        messages.push(`${at}.eventId must name an event of the challenge's organizer`)
      } else if (p.ticketId !== undefined && p.ticketId !== null && p.rewardType === "EVENT_ENTRY") {
        const tickets = yield* Effect.flatMap(EventInventoryRepo, (r) => r.tickets(eventId))
        if (!tickets.some((t) => t.id === p.ticketId)) messages.push(`${at}.ticketId must name a ticket of the event`)
      }
    }
    lines.push({
      rankFrom: p.rankFrom,
      rankTo: p.rankTo,
      rewardType: p.rewardType,
      title: p.title ?? null,
      amount: p.rewardType === "CASH" ? p.amount ?? null : null,
      currency: "INR",
      discountType: p.rewardType === "DISCOUNT" ? p.discountType ?? null : null,
      discountValue: p.rewardType === "DISCOUNT" ? p.discountValue ?? null : null,
      eventId,
      ticketId: p.rewardType === "EVENT_ENTRY" ? p.ticketId ?? null : null,
      productName: p.rewardType === "MERCH" ? p.productName ?? null : null,
      productImageUrl: p.rewardType === "MERCH" ? p.productImageUrl ?? null : null,
      sizeOptions: p.rewardType === "MERCH" ? [...new Set(p.sizeOptions ?? [])] : []
    })
  }
  if (messages.length > 0) return yield* new ChallengeInputInvalid({ messages })
  return lines
})

/** Replaces a challenge's prize table (inside the caller's unit of work), audited. */
export const replacePrizes = (principal: Principal, challenge: Challenge, lines: ReadonlyArray<NewPrize>) =>
  Effect.gen(function*() {
    const saved = yield* Effect.flatMap(ChallengeRewardsRepo, (r) => r.replacePrizes(challenge.id, lines))
    yield* audit(principal, "prizes_set", { kind: "challenge", id: challenge.id }, { lines: saved.length })
    return saved
  })

const findChallenge = (id: string) =>
  Effect.flatMap(ChallengeRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none<Challenge>()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new ChallengeNotFound({ ref: id })), onSome: Effect.succeed }))
  )

/** Whether the caller manages the challenge (the refusals of the creator checks answer false). */
const manages = (principal: Principal, id: string) =>
  managedChallenge(principal, id).pipe(
    Effect.as(true),
    Effect.catchTags({
      ChallengeAccessDenied: () => Effect.succeed(false),
      OrganizerAccessDenied: () => Effect.succeed(false),
      ClubAccessDenied: () => Effect.succeed(false)
    })
  )

/**
 * The prize table: public for a public challenge (athletes see what they can win); a draft's,
 * rejected or cancelled one's only to its managers.
 */
export const challengePrizes = Effect.fn("challenges.prizes.list")(function*(viewer: Principal | null, id: string) {
  const challenge = yield* findChallenge(id)
  if (!PublicStatuses.includes(challenge.status)) {
    if (viewer === null) return yield* new ChallengeNotFound({ ref: id })
    if (!(yield* manages(viewer, id))) return yield* new ChallengeNotFound({ ref: id })
  }
  const items = yield* Effect.flatMap(ChallengeRewardsRepo, (r) => r.prizes(challenge.id))
  return { challengeId: challenge.id, currency: challenge.currency, items }
})

// ---- rewards ----

/** Managers see every reward; anyone else signed in sees their own (empty when they won nothing). */
export const listRewards = Effect.fn("challenges.rewards.list")(function*(principal: Principal, id: string) {
  const challenge = yield* findChallenge(id)
  const manager = yield* manages(principal, id)
  if (!manager && !PublicStatuses.includes(challenge.status)) return yield* new ChallengeNotFound({ ref: id })
  return yield* Effect.flatMap(ChallengeRewardsRepo, (r) => r.rewards(challenge.id, manager ? undefined : principal.accountId))
})

export interface DistributeFilter {
  readonly rewardTypes?: ReadonlyArray<ChallengeRewardType> | undefined
  readonly prizeIds?: ReadonlyArray<string> | undefined
  readonly userIds?: ReadonlyArray<string> | undefined
}

const couponCode = Effect.sync(() => `CHR-${crypto.randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`)

/** Stores one winner's reward for one line and pays it, in one transaction; none when it was already distributed. */
const distributeOne = (principal: Principal, challenge: Challenge, win: Winning) =>
  Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const repo = yield* ChallengeRewardsRepo
      const prize = win.prize
      const type: ChallengeRewardType = prize?.rewardType ?? "MERCH"
      const id = crypto.randomUUID()
      const code = type === "DISCOUNT" || type === "EVENT_ENTRY" ? yield* couponCode : null
      const stored = yield* repo.insertReward({
        id,
        slabKey: win.slabKey,
        challengeId: challenge.id,
        prizeId: prize?.id ?? null,
        contributionId: win.contribution?.id ?? null,
        userId: win.standing.userId!,
        participationId: win.standing.participationId,
        rank: win.standing.rank,
        rewardType: type,
        status: type === "CASH" ? "CREDITED" : type === "MERCH" ? "PENDING_ADDRESS" : "ISSUED",
        amount: type === "CASH" ? prize!.amount : null,
        currency: challenge.currency,
        couponCode: code,
        eventId: prize?.eventId ?? null,
        ticketId: prize?.ticketId ?? null,
        productName: prize?.productName ?? win.contribution?.productName ?? null,
        size: null,
        shippingAddress: null,
        carrier: null,
        trackingNumber: null,
        shipmentProvider: null,
        shipmentReference: null,
        statusReason: null,
        distributedBy: principal.accountId
      })
      if (Option.isNone(stored)) return Option.none<ChallengeReward>()
      const reward = stored.value
      if (type === "CASH") {
        yield* Effect.flatMap(Ledger, (l) =>
          l.post({
            idempotencyKey: cashIdempotencyKey(challenge.id, win.slabKey, reward.userId),
            reason: `challenge prize: ${challenge.title} rank ${reward.rank}`,
            legs: [
              { account: RewardLedger.payouts(challenge.id), amount: -reward.amount! },
              { account: RewardLedger.winnings(reward.userId), amount: reward.amount! }
            ],
            metadata: { challengeId: challenge.id, rewardId: reward.id, rank: reward.rank }
          })).pipe(Effect.orDie)
      } else if (type === "DISCOUNT" || type === "EVENT_ENTRY") {
        // The code is the winner's alone to know; one use in all, so it entitles exactly one booking.
        yield* Effect.flatMap(EventCouponRepo, (r) =>
          r.create({
            eventId: prize!.eventId!,
            code: code!,
            description: `${challenge.title}: rank ${reward.rank} ${type === "EVENT_ENTRY" ? "complimentary entry" : "prize discount"}`.slice(0, 500),
            discountType: type === "EVENT_ENTRY" ? "percent" : prize!.discountType!,
            discountValue: type === "EVENT_ENTRY" ? 100 : prize!.discountValue!,
            currency: "INR",
            maxUses: 1,
            maxUsesPerUser: 1,
            ticketIds: type === "EVENT_ENTRY" && prize!.ticketId !== null ? [prize!.ticketId] : [],
            validFrom: null,
            validUntil: null
          })).pipe(Effect.orDie)
      } else {
        const at = yield* now
        yield* Effect.flatMap(FulfillmentTaskRepo, (r) =>
          r.create({
            kind: "REWARD_SHIPMENT",
            title: `Ship ${reward.productName ?? "prize"} (rank ${reward.rank}, ${challenge.title})`.slice(0, 200),
            details: "Waiting for the winner's shipping address",
            priority: "NORMAL",
            recipientUserId: reward.userId,
            subjectType: "challenge_reward",
            subjectId: reward.id,
            dueAt: new Date(at.getTime() + SlaHours.NORMAL * 3_600_000),
            createdBy: principal.accountId
          }))
      }
      yield* audit(principal, "distributed", { kind: "challenge_reward", id: reward.id }, { challengeId: challenge.id, type, rank: reward.rank, userId: reward.userId })
      return stored
    })))

/**
 * Distributes the rewards of a CLOSED challenge's final leaderboard, optionally only some types,
 * prize lines or winners. Each reward is created (and paid) once: a repeat, or a concurrent call,
 * finds it stored and skips it.
 */
export const distributeRewards = Effect.fn("challenges.rewards.distribute")(function*(principal: Principal, id: string, filter: DistributeFilter = {}) {
  const challenge = yield* managedChallenge(principal, id)
  if (challenge.status !== "CLOSED") return yield* new ChallengeNotClosed({ status: challenge.status })
  const repo = yield* ChallengeRewardsRepo
  const [prizes, contributions, standings] = [yield* repo.prizes(challenge.id), yield* repo.contributions(challenge.id), yield* standingsOf(challenge)]
  const wins = winningsOf(standings, prizes, contributions).filter((w) =>
    (filter.rewardTypes === undefined || filter.rewardTypes.includes(w.prize?.rewardType ?? "MERCH")) &&
    (filter.prizeIds === undefined || (w.prize !== null && filter.prizeIds.includes(w.prize.id))) &&
    (filter.userIds === undefined || filter.userIds.includes(w.standing.userId!))
  )
  const created = yield* Effect.forEach(wins, (w) => distributeOne(principal, challenge, w))
  const items = created.flatMap((c) => (Option.isSome(c) ? [c.value] : []))
  return { challengeId: challenge.id, distributed: items.length, alreadyDistributed: wins.length - items.length, items }
})

const findReward = (challengeId: string, rewardId: string) =>
  Effect.flatMap(ChallengeRewardsRepo, (r) => (isUuid(challengeId) && isUuid(rewardId) ? r.findReward(challengeId, rewardId) : Effect.succeed(Option.none()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new ChallengeRewardNotFound({ id: rewardId })), onSome: Effect.succeed }))
  )

const moved = (principal: Principal | null, reward: ChallengeReward, move: RewardMove, facts: RewardMoveFacts) =>
  Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const next = yield* Effect.flatMap(ChallengeRewardsRepo, (r) => r.moveReward(reward.id, move, facts))
      yield* audit(principal, move, { kind: "challenge_reward", id: reward.id }, { challengeId: reward.challengeId, status: next.status })
      return next
    })))

/** A manager's reward of a challenge they manage. */
const managedReward = (principal: Principal, challengeId: string, rewardId: string) =>
  Effect.zipRight(managedChallenge(principal, challengeId), findReward(challengeId, rewardId))

/**
 * The winner gives (or corrects, until shipped) the address of their MERCH reward; a prize with
 * size options needs one of them. Only the winner may: the address is theirs to give.
 */
export const addressReward = Effect.fn("challenges.rewards.address")(function*(
  principal: Principal,
  challengeId: string,
  rewardId: string,
  input: RewardShippingAddress & { readonly size?: string | undefined }
) {
  const reward = yield* findReward(challengeId, rewardId)
  if (reward.userId !== principal.accountId) return yield* new ChallengeAccessDenied({ ref: rewardId })
  const prize = reward.prizeId === null
    ? undefined
    : (yield* Effect.flatMap(ChallengeRewardsRepo, (r) => r.prizes(challengeId))).find((p) => p.id === reward.prizeId)
  const options = prize?.sizeOptions ?? []
  if (options.length > 0 && (input.size === undefined || !options.includes(input.size))) {
    return yield* new ChallengeInputInvalid({ messages: [`size must be one of the following values: ${options.join(", ")}`] })
  }
  const { size, ...address } = input
  return yield* moved(principal, reward, "address", { shippingAddress: { ...address, addressLine2: address.addressLine2 ?? null }, size: options.length > 0 ? size ?? null : null })
})

export const cancelReward = Effect.fn("challenges.rewards.cancel")(function*(principal: Principal, challengeId: string, rewardId: string, reason: string | undefined) {
  const reward = yield* managedReward(principal, challengeId, rewardId)
  return yield* moved(principal, reward, "cancel", { statusReason: reason ?? null })
})

export const deliverReward = Effect.fn("challenges.rewards.deliver")(function*(principal: Principal, challengeId: string, rewardId: string) {
  const reward = yield* managedReward(principal, challengeId, rewardId)
  return yield* moved(principal, reward, "deliver", {})
})

/** Shipped by hand: the carrier and its tracking number. */
export const shipReward = Effect.fn("challenges.rewards.ship")(function*(
  principal: Principal,
  challengeId: string,
  rewardId: string,
  input: { readonly carrier: string; readonly trackingNumber: string }
) {
  const reward = yield* managedReward(principal, challengeId, rewardId)
  return yield* moved(principal, reward, "ship", { carrier: input.carrier, trackingNumber: input.trackingNumber, shipmentProvider: null, shipmentReference: null })
})

/**
 * Books the shipment with the shipping provider (from the organizer's registered pickup location
 * when it has one) and marks the reward SHIPPED with the provider's tracking number. The reward's
 * id is the provider's order id, so a retry after a lost answer does not book a second parcel.
 */
export const shipRewardViaProvider = Effect.fn("challenges.rewards.shipViaProvider")(function*(principal: Principal, challengeId: string, rewardId: string) {
  const challenge = yield* managedChallenge(principal, challengeId)
  const reward = yield* findReward(challengeId, rewardId)
  const provider = yield* ShippingProvider
  if (!provider.configured) return yield* new RewardShippingNotConfigured()
  if (!RewardMoves.allows(reward.status, "ship") || reward.shippingAddress === null) return yield* RewardMoves.refused(reward.status, "ship")
  const pickup = challenge.creatorType === "organizer" ? yield* Effect.flatMap(PickupAddressRepo, (r) => r.find(challenge.creatorId)) : Option.none()
  const address = reward.shippingAddress
  const receipt = yield* provider.createShipment({
    reference: reward.id,
    pickupLocation: Option.match(pickup, { onNone: () => null, onSome: (p) => p.locationName }),
    recipient: { ...address },
    item: { name: `${reward.productName ?? "Challenge prize"}${reward.size === null ? "" : ` (${reward.size})`}`, sku: `CHALLENGE-REWARD-${reward.id.slice(0, 8)}`, units: 1 },
    declaredValue: 0
  }).pipe(Effect.catchTag("ShippingProviderNotConfigured", () => new RewardShippingNotConfigured()))
  return yield* moved(principal, reward, "ship", {
    carrier: receipt.carrier,
    trackingNumber: receipt.trackingNumber,
    shipmentProvider: receipt.provider,
    shipmentReference: receipt.shipmentId
  })
})

// ---- sponsor contributions ----

/**
 * A sponsor offers a goodie for a rank (PENDING). The sponsors context is not built in this
 * service yet, so nothing routes here; it is how that context (and tests) record an offer.
 */
export const offerPrizeContribution = Effect.fn("challenges.contributions.offer")(function*(input: NewContribution) {
  yield* findChallenge(input.challengeId)
  return yield* Effect.flatMap(ChallengeRewardsRepo, (r) => r.createContribution(input))
})

export const listPrizeContributions = Effect.fn("challenges.contributions.list")(function*(principal: Principal, challengeId: string) {
  const challenge = yield* managedChallenge(principal, challengeId)
  const repo = yield* ChallengeRewardsRepo
  return { items: yield* repo.contributions(challenge.id), hasRankSlabs: (yield* repo.prizes(challenge.id)).length > 0 }
})

const findContribution = (challengeId: string, id: string) =>
  Effect.flatMap(ChallengeRewardsRepo, (r) => (isUuid(id) ? r.findContribution(challengeId, id) : Effect.succeed(Option.none<ChallengePrizeContribution>()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new ChallengePrizeContributionNotFound({ id })), onSome: Effect.succeed }))
  )

const decide = (principal: Principal, challengeId: string, id: string, move: "accept" | "reject", note: string | undefined) =>
  Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const decided = yield* Effect.flatMap(ChallengeRewardsRepo, (r) => r.decideContribution(id, move, principal.accountId, note ?? null))
      yield* audit(principal, `contribution_${move}ed`, { kind: "prize_contribution", id }, { challengeId, rank: decided.rank })
      return decided
    })))

/** Accepts a PENDING contribution, only when a prize slab covers its rank (400 otherwise). */
export const acceptPrizeContribution = Effect.fn("challenges.contributions.accept")(function*(principal: Principal, challengeId: string, id: string, note?: string) {
  const challenge = yield* managedChallenge(principal, challengeId)
  const contribution = yield* findContribution(challenge.id, id)
  const prizes = yield* Effect.flatMap(ChallengeRewardsRepo, (r) => r.prizes(challenge.id))
  if (!slabCovers(prizes, contribution.rank)) return yield* new NoSlabCoversRank({ rank: contribution.rank })
  return yield* decide(principal, challenge.id, id, "accept", note)
})

export const rejectPrizeContribution = Effect.fn("challenges.contributions.reject")(function*(principal: Principal, challengeId: string, id: string, note?: string) {
  const challenge = yield* managedChallenge(principal, challengeId)
  yield* findContribution(challenge.id, id)
  return yield* decide(principal, challenge.id, id, "reject", note)
})

/**
 * The organizer's goodies of one of its challenges: the accepted sponsor contributions and the
 * MERCH rewards (what must be handed over or shipped). Another organizer's challenge is not found.
 */
export const organizerChallengeGoodies = Effect.fn("challenges.goodies")(function*(organizerId: string, challengeId: string) {
  const challenge = yield* findChallenge(challengeId)
  if (challenge.creatorType !== "organizer" || challenge.creatorId !== organizerId) return yield* new ChallengeNotFound({ ref: challengeId })
  const repo = yield* ChallengeRewardsRepo
  const contributions = (yield* repo.contributions(challenge.id)).filter((c) => c.status === "ACCEPTED")
  const rewards = (yield* repo.rewards(challenge.id)).filter((r) => r.rewardType === "MERCH")
  return { challengeId: challenge.id, contributions, rewards }
})

// ---- the shipping provider's tracking webhook ----

/** Checks the webhook's `x-api-key` against the configured token (none configured: 503). */
export const verifyShippingWebhookKey = (configured: string | null, given: string | undefined) => {
  if (configured === null) return Effect.fail(new ShippingWebhookNotConfigured())
  if (given === undefined || given.trim() === "") return Effect.fail(new ShippingWebhookKeyMissing())
  const a = new TextEncoder().encode(given.trim())
  const b = new TextEncoder().encode(configured)
  let diff = a.length ^ b.length
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0 ? Effect.void : Effect.fail(new ShippingWebhookKeyInvalid())
}

export interface TrackingUpdate {
  readonly eventId: string
  readonly trackingNumber: string
  /** The provider's status text (`Delivered`, `In Transit`, `RTO Delivered`…). */
  readonly status: string
}

/** The tracking statuses that move a shipment; any other is recorded and changes nothing. */
const delivered = (status: string) => status.trim().toUpperCase().replace(/[_-]+/g, " ") === "DELIVERED"

/**
 * Who a tracking update may be about, tried in turn (the spec's goodies, RC store redemptions,
 * challenge rewards and ambassador deals: only challenge rewards carry tracking numbers in this
 * service, so theirs is the one matcher; the others join the list when their contexts exist).
 * A matcher answers how many records it moved, or none when the number is not one of its own.
 */
interface TrackingMatcher {
  readonly name: string
  readonly apply: (update: TrackingUpdate) => Effect.Effect<Option.Option<number>, never, ChallengeRewardsRepo | AuditLog>
}

const challengeRewardMatcher: TrackingMatcher = {
  name: "challenge_reward",
  apply: (update) =>
    Effect.gen(function*() {
      const repo = yield* ChallengeRewardsRepo
      const rewards = yield* repo.findRewardsByTracking(update.trackingNumber)
      if (rewards.length === 0) return Option.none()
      if (!delivered(update.status)) return Option.some(0)
      // A repeat (already DELIVERED) is refused by the move table and changes nothing.
      const moves = yield* Effect.forEach(rewards, (reward) =>
        repo.moveReward(reward.id, "deliver", {}).pipe(
          Effect.tap((next) => audit(null, "deliver", { kind: "challenge_reward", id: next.id }, { challengeId: next.challengeId, via: "shipping webhook" })),
          Effect.as(1),
          Effect.catchAll(() => Effect.succeed(0))
        ))
      return Option.some(moves.reduce((a, b) => a + b, 0))
    })
}

export const TrackingMatchers: ReadonlyArray<TrackingMatcher> = [challengeRewardMatcher]

export const ShippingWebhookSource = "shipping-provider"

/**
 * One tracking update: stored in the webhook inbox first (deduplicated by event id: a replay
 * answers `duplicate` and changes nothing), then matched and applied in one unit of work. An
 * update no matcher knows is recorded as unmatched (200: the provider must not retry it).
 */
export const ingestShippingUpdate = Effect.fn("challenges.shippingWebhook")(function*(update: TrackingUpdate, payload: unknown) {
  const inbox = yield* WebhookInboxRepo
  const stored = yield* inbox.record(ShippingWebhookSource, update.eventId, payload)
  if (!stored.fresh && stored.status !== "RECEIVED") return { duplicate: true, matchedBy: null, updated: 0 }
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    for (const matcher of TrackingMatchers) {
      const applied = yield* matcher.apply(update)
      if (Option.isSome(applied)) {
        yield* inbox.mark(ShippingWebhookSource, update.eventId, "PROCESSED", null)
        return { duplicate: false, matchedBy: matcher.name as string | null, updated: applied.value }
      }
    }
    yield* inbox.mark(ShippingWebhookSource, update.eventId, "PROCESSED", `unmatched: no shipment with tracking number ${update.trackingNumber}`)
    return { duplicate: false, matchedBy: null, updated: 0 }
  }))
})

