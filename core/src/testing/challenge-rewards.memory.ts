/** In-memory twin of the challenge prizes, rewards and contributions repository: the same move tables, one reward per winner and line. */
import type { ChallengePrize, ChallengeReward, ChallengePrizeContribution } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { ChallengeRewardNotFound, ChallengeRewardsDistributed, ContributionMoves, ChallengePrizeContributionNotFound, RewardMoves } from "../challenges/rewards.model.js"
import { ChallengeRewardsRepo } from "../challenges/rewards.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const ChallengeRewardsRepoMemory = Layer.sync(ChallengeRewardsRepo, () => {
  const prizes = new Map<string, ReadonlyArray<ChallengePrize>>()
  const rewards = new Map<string, ChallengeReward & { readonly slabKey: string }>()
  const contributions = new Map<string, ChallengePrizeContribution>()
  const strip = ({ slabKey: _, ...r }: ChallengeReward & { readonly slabKey: string }): ChallengeReward => r
  const lineOrder = (r: ChallengeReward) => r.prizeId ?? r.contributionId ?? ""
  return ChallengeRewardsRepo.of({
    prizes: (challengeId) => Effect.sync(() => prizes.get(challengeId) ?? []),
    replacePrizes: (challengeId, lines) =>
      Effect.gen(function*() {
        if ([...rewards.values()].some((r) => r.challengeId === challengeId)) return yield* new ChallengeRewardsDistributed({ challengeId })
        const at = new Date()
        const saved = lines.map((l) => ({ ...l, id: nextMemoryId(), challengeId, createdAt: at }))
          .sort((a, b) => a.rankFrom - b.rankFrom || a.rankTo - b.rankTo)
        prizes.set(challengeId, saved)
        return saved
      }),
    insertReward: ({ ...reward }) =>
      Effect.sync(() => {
        const taken = [...rewards.values()].some((r) => r.challengeId === reward.challengeId && r.slabKey === reward.slabKey && r.userId === reward.userId)
        if (taken) return Option.none()
        const at = new Date()
        const row = { ...reward, shippedAt: null, deliveredAt: null, createdAt: at, updatedAt: at }
        rewards.set(row.id, row)
        return Option.some(strip(row))
      }),
    rewards: (challengeId, userId) =>
      Effect.sync(() =>
        [...rewards.values()]
          .filter((r) => r.challengeId === challengeId && (userId === undefined || r.userId === userId))
          .sort((a, b) => a.rank - b.rank || lineOrder(a).localeCompare(lineOrder(b)) || a.userId.localeCompare(b.userId))
          .map(strip)
      ),
    findReward: (challengeId, id) => Effect.sync(() => Option.fromNullable(rewards.get(id)).pipe(Option.filter((r) => r.challengeId === challengeId), Option.map(strip))),
    findRewardsByTracking: (trackingNumber) => Effect.sync(() => [...rewards.values()].filter((r) => r.trackingNumber === trackingNumber).map(strip)),
    moveReward: (id, move, facts) =>
      Effect.gen(function*() {
        const r = rewards.get(id)
        if (r === undefined) return yield* new ChallengeRewardNotFound({ id })
        const next = RewardMoves.transition(r.status, move)
        if (Either.isLeft(next)) return yield* next.left
        const at = new Date()
        const row = {
          ...r,
          status: next.right,
          ...(facts.shippingAddress === undefined ? {} : { shippingAddress: facts.shippingAddress }),
          ...(facts.size === undefined ? {} : { size: facts.size }),
          ...(facts.carrier === undefined ? {} : { carrier: facts.carrier }),
          ...(facts.trackingNumber === undefined ? {} : { trackingNumber: facts.trackingNumber }),
          ...(facts.shipmentProvider === undefined ? {} : { shipmentProvider: facts.shipmentProvider }),
          ...(facts.shipmentReference === undefined ? {} : { shipmentReference: facts.shipmentReference }),
          ...(facts.statusReason === undefined ? {} : { statusReason: facts.statusReason }),
          ...(move === "ship" ? { shippedAt: at } : {}),
          ...(move === "deliver" ? { deliveredAt: at } : {}),
          updatedAt: at
        }
        rewards.set(id, row)
        return strip(row)
      }),
    createContribution: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const row: ChallengePrizeContribution = { ...input, id: nextMemoryId(), status: "PENDING", decidedBy: null, decidedAt: null, decisionNote: null, createdAt: at, updatedAt: at }
        contributions.set(row.id, row)
        return row
      }),
    contributions: (challengeId) => Effect.sync(() => [...contributions.values()].filter((c) => c.challengeId === challengeId)),
    newestContributions: (limit) => Effect.sync(() => ({ items: [...contributions.values()].reverse().slice(0, limit), total: contributions.size })),
    findContribution: (challengeId, id) => Effect.sync(() => Option.fromNullable(contributions.get(id)).pipe(Option.filter((c) => c.challengeId === challengeId))),
    decideContribution: (id, move, by, note) =>
      Effect.gen(function*() {
        const c = contributions.get(id)
        if (c === undefined) return yield* new ChallengePrizeContributionNotFound({ id })
        const next = ContributionMoves.transition(c.status, move)
        if (Either.isLeft(next)) return yield* next.left
        const at = new Date()
        const row: ChallengePrizeContribution = { ...c, status: next.right, decidedBy: by, decidedAt: at, decisionNote: note, updatedAt: at }
        contributions.set(id, row)
        return row
      })
  })
})
