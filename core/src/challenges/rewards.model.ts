/**
 * Challenge prizes, rewards and sponsor contributions (C "Badges and challenges": Challenges
 * `/prizes`, `/rewards…`; Challenge prizes `/prizes/contributions`): the move tables, the facts
 * these operations fail with, and the pure parts of distribution (who wins which prize line).
 */
import {
  type ChallengePrize,
  type ChallengeProgress,
  type ChallengeRewardStatus,
  defineMoves,
  DomainError,
  type ChallengePrizeContribution,
  type ChallengePrizeContributionStatus
} from "@podium/kernel"
import { Schema } from "effect"
import { athleteWallet } from "../wallets/ledger.model.js"

/**
 * MERCH rewards wait for the winner's address (given again to correct it until shipped), are
 * shipped (by hand or through the shipping provider) and delivered; one not yet shipped may be
 * cancelled. CREDITED and ISSUED rewards are final at distribution (money paid, code issued).
 */
export const RewardMoves = defineMoves<ChallengeRewardStatus>()({ machine: "challenge reward", code: "CHALLENGE_REWARD_MOVE_REFUSED" }, {
  address: { from: ["PENDING_ADDRESS", "ADDRESSED"], to: "ADDRESSED" },
  ship: { from: ["ADDRESSED"], to: "SHIPPED" },
  deliver: { from: ["SHIPPED"], to: "DELIVERED" },
  cancel: { from: ["PENDING_ADDRESS", "ADDRESSED"], to: "CANCELLED" }
})
export type RewardMove = keyof typeof RewardMoves.table

export const ContributionMoves = defineMoves<ChallengePrizeContributionStatus>()({ machine: "prize contribution", code: "PRIZE_CONTRIBUTION_MOVE_REFUSED" }, {
  accept: { from: ["PENDING"], to: "ACCEPTED" },
  reject: { from: ["PENDING"], to: "REJECTED" }
})
export type ContributionMove = keyof typeof ContributionMoves.table

/** The ledger accounts of cash prizes (INR paise). */
export const RewardLedger = {
  /**
   * Where prize money is paid from: the platform's prize clearing account (it may go negative; the
   * creator's share is settled with them by the money flows), one per challenge so its payouts add up.
   */
  payouts: (challengeId: string) => ({ ownerType: "platform" as const, ownerId: challengeId, purpose: "challenge-prizes", currency: "INR" as const }),
  /** The athlete's INR wallet, where every cash prize lands. */
  winnings: (userId: string) => athleteWallet(userId, "INR")
}

/** The idempotency key of one winner's cash for one prize line: replays post nothing more. */
export const cashIdempotencyKey = (challengeId: string, slabKey: string, userId: string) => `challenge-reward:${challengeId}:${slabKey}:${userId}`

/** The distribution key of a prize line or an accepted contribution (unique with the winner). */
export const prizeSlabKey = (prizeId: string) => `prize:${prizeId}`
export const contributionSlabKey = (contributionId: string) => `contribution:${contributionId}`

/** A winner of one line: the prize line or accepted contribution, and the athlete's standing. */
export interface Winning {
  readonly slabKey: string
  readonly prize: ChallengePrize | null
  readonly contribution: ChallengePrizeContribution | null
  readonly standing: ChallengeProgress
}

/**
 * Who wins what on the final leaderboard. Only athletes with progress above zero win (an athlete
 * who recorded nothing is not a winner even when few joined); ties share a rank (1-2-2-4), so two
 * athletes tied at the last covered rank both win. An accepted contribution goes to the athletes
 * at exactly its rank, as MERCH.
 */
export const winningsOf = (
  standings: ReadonlyArray<ChallengeProgress>,
  prizes: ReadonlyArray<ChallengePrize>,
  contributions: ReadonlyArray<ChallengePrizeContribution>
): ReadonlyArray<Winning> => {
  const ranked = standings.filter((s) => s.value > 0 && s.userId !== null)
  return [
    ...prizes.flatMap((prize) =>
      ranked.filter((s) => s.rank >= prize.rankFrom && s.rank <= prize.rankTo).map((standing) => ({
        slabKey: prizeSlabKey(prize.id),
        prize,
        contribution: null,
        standing
      }))
    ),
    ...contributions.filter((c) => c.status === "ACCEPTED").flatMap((contribution) =>
      ranked.filter((s) => s.rank === contribution.rank).map((standing) => ({
        slabKey: contributionSlabKey(contribution.id),
        prize: null,
        contribution,
        standing
      }))
    )
  ]
}

/** Whether some prize line covers `rank`. */
export const slabCovers = (prizes: ReadonlyArray<Pick<ChallengePrize, "rankFrom" | "rankTo">>, rank: number) =>
  prizes.some((p) => rank >= p.rankFrom && rank <= p.rankTo)

export class ChallengeRewardNotFound extends DomainError<ChallengeRewardNotFound>()("ChallengeRewardNotFound", {
  kind: "not-found",
  code: "CHALLENGE_REWARD_NOT_FOUND"
}, { id: Schema.String }) {
  override get message() {
    return "Challenge reward not found"
  }
}

/** Rewards are computed from the final leaderboard: only a CLOSED challenge distributes them. */
export class ChallengeNotClosed extends DomainError<ChallengeNotClosed>()("ChallengeNotClosed", { kind: "conflict", code: "CHALLENGE_NOT_CLOSED" }, {
  status: Schema.String
}) {
  override get message() {
    return `Rewards are distributed once the challenge is CLOSED; it is ${this.status}`
  }
}

/** The prize table cannot change once rewards were distributed from it. */
export class ChallengeRewardsDistributed extends DomainError<ChallengeRewardsDistributed>()("ChallengeRewardsDistributed", {
  kind: "conflict",
  code: "CHALLENGE_REWARDS_DISTRIBUTED"
}, { challengeId: Schema.String }) {
  override get message() {
    return "Rewards were already distributed from this prize table; it can no longer change"
  }
}

/** Uncoded 400 (limits-and-errors: "shipping provider not configured"). */
export class RewardShippingNotConfigured extends DomainError<RewardShippingNotConfigured>()("RewardShippingNotConfigured", {
  kind: "invalid",
  message: "shipping provider not configured"
}, {}) {}

/** Uncoded 400 (limits-and-errors: "no prize slab covers the rank"). */
export class NoSlabCoversRank extends DomainError<NoSlabCoversRank>()("NoSlabCoversRank", { kind: "invalid", message: (e) => `no prize slab covers rank ${e.rank}` }, {
  rank: Schema.Number
}) {}

export class ChallengePrizeContributionNotFound extends DomainError<ChallengePrizeContributionNotFound>()("ChallengePrizeContributionNotFound", {
  kind: "not-found",
  code: "PRIZE_CONTRIBUTION_NOT_FOUND"
}, { id: Schema.String }) {
  override get message() {
    return "Prize contribution not found"
  }
}

/** The shipping webhook's `x-api-key` is missing (401). */
export class ShippingWebhookKeyMissing extends DomainError<ShippingWebhookKeyMissing>()("ShippingWebhookKeyMissing", {
  kind: "unauthorized",
  message: "x-api-key header required"
}, {}) {}

/** The shipping webhook's `x-api-key` is not the configured token (403). */
export class ShippingWebhookKeyInvalid extends DomainError<ShippingWebhookKeyInvalid>()("ShippingWebhookKeyInvalid", {
  kind: "forbidden",
  message: "Invalid x-api-key"
}, {}) {}

/** No webhook token is configured (503): nothing can be verified, so nothing is accepted. */
export class ShippingWebhookNotConfigured extends DomainError<ShippingWebhookNotConfigured>()("ShippingWebhookNotConfigured", {
  kind: "unavailable",
  code: "SHIPPING_WEBHOOK_NOT_CONFIGURED"
}, {}) {
  override get message() {
    return "The shipping provider webhook is not configured (SHIPPING_PROVIDER_WEBHOOK_TOKEN)"
  }
}
