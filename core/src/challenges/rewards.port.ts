/** Prize tables, rewards and sponsor contributions of challenges (Postgres adapter in @podium/postgres, memory twin in @podium/core/testing). */
import type { ChallengePrize, ChallengeReward, MoveRefused, ChallengePrizeContribution } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { ChallengeRewardNotFound, ChallengeRewardsDistributed, ContributionMove, ChallengePrizeContributionNotFound, RewardMove } from "./rewards.model.js"

export type NewPrize = Omit<ChallengePrize, "id" | "challengeId" | "createdAt">

/** A reward as distribution decides it (its id and code chosen by the caller), with its distribution key. */
export type NewReward = Omit<ChallengeReward, "createdAt" | "updatedAt" | "shippedAt" | "deliveredAt"> & { readonly slabKey: string }

export type NewContribution = Pick<ChallengePrizeContribution, "challengeId" | "sponsorName" | "sponsorId" | "rank" | "productName" | "description" | "imageUrl">

/** What a reward move writes besides the status. */
export interface RewardMoveFacts {
  readonly shippingAddress?: ChallengeReward["shippingAddress"]
  readonly size?: string | null
  readonly carrier?: string
  readonly trackingNumber?: string
  readonly shipmentProvider?: string | null
  readonly shipmentReference?: string | null
  readonly statusReason?: string | null
}

export class ChallengeRewardsRepo extends Context.Tag("@podium/core/challenges/ChallengeRewardsRepo")<ChallengeRewardsRepo, {
  /** The prize table, lowest rank first. */
  readonly prizes: (challengeId: string) => Effect.Effect<ReadonlyArray<ChallengePrize>>
  /** Replaces the whole prize table, refused once a reward was distributed (checked in the same statement's transaction). */
  readonly replacePrizes: (challengeId: string, prizes: ReadonlyArray<NewPrize>) => Effect.Effect<ReadonlyArray<ChallengePrize>, ChallengeRewardsDistributed>
  /**
   * Stores the reward unless the winner already has one for this line (unique challenge + line +
   * winner): none when it existed, so of two concurrent distributions exactly one stores (and pays).
   */
  readonly insertReward: (reward: NewReward) => Effect.Effect<Option.Option<ChallengeReward>>
  /** Rank first, then the line's creation order; one winner's only when `userId` is given. */
  readonly rewards: (challengeId: string, userId?: string) => Effect.Effect<ReadonlyArray<ChallengeReward>>
  readonly findReward: (challengeId: string, id: string) => Effect.Effect<Option.Option<ChallengeReward>>
  /** Every reward shipped under this tracking number (one parcel may carry several). */
  readonly findRewardsByTracking: (trackingNumber: string) => Effect.Effect<ReadonlyArray<ChallengeReward>>
  /** One move of `RewardMoves` as one conditional update (of two concurrent moves one wins). */
  readonly moveReward: (id: string, move: RewardMove, facts: RewardMoveFacts) => Effect.Effect<ChallengeReward, ChallengeRewardNotFound | MoveRefused>
  readonly createContribution: (input: NewContribution) => Effect.Effect<ChallengePrizeContribution>
  /** Oldest first. */
  readonly contributions: (challengeId: string) => Effect.Effect<ReadonlyArray<ChallengePrizeContribution>>
  readonly findContribution: (challengeId: string, id: string) => Effect.Effect<Option.Option<ChallengePrizeContribution>>
  /** Every challenge's contributions, newest first: the first `limit`, and how many there are. */
  readonly newestContributions: (limit: number) => Effect.Effect<{ readonly items: ReadonlyArray<ChallengePrizeContribution>; readonly total: number }>
  /** Accept or reject a PENDING contribution as one conditional update. */
  readonly decideContribution: (
    id: string,
    move: ContributionMove,
    by: string,
    note: string | null
  ) => Effect.Effect<ChallengePrizeContribution, ChallengePrizeContributionNotFound | MoveRefused>
}>() {}
