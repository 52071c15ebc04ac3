/**
 * The admin's view of sponsor prize contributions (B "Goodies": `GET /v2/admin/prize-contributions`,
 * "all brands, both lanes, newest first"): the event lane (event prizes) and the challenge lane
 * (challenge prizes) merged into one list, each item saying its lane and what it was offered for.
 * Each lane is read newest first up to the requested page's end, so a page costs two bounded reads;
 * pages past the first 10 000 items are not served (narrow by lane instead).
 */
import { Effect } from "effect"
import { ChallengeRewardsRepo } from "../challenges/rewards.port.js"
import { PrizeRepo } from "./prizes.port.js"

export const PrizeContributionLanes = ["event", "challenge"] as const
export type PrizeContributionLane = (typeof PrizeContributionLanes)[number]

/** One contribution of either lane, in the fields both share. */
export interface LaneContribution {
  readonly lane: PrizeContributionLane
  readonly id: string
  /** The event or the challenge it was offered for. */
  readonly targetId: string
  readonly sponsorName: string
  readonly brandId: string | null
  readonly title: string
  readonly rank: number
  readonly status: string
  readonly decidedAt: Date | null
  readonly createdAt: Date
}

const MaxWindow = 10_000

export const adminPrizeContributions = Effect.fn("results.admin.prizeContributions")(function*(query: {
  readonly page: number
  readonly limit: number
  readonly lane?: PrizeContributionLane | undefined
}) {
  const window = Math.min(query.page * query.limit, MaxWindow)
  const none = { items: [], total: 0 }
  const events = query.lane === "challenge" ? none : yield* Effect.flatMap(PrizeRepo, (r) => r.newestContributions(window))
  const challenges = query.lane === "event" ? none : yield* Effect.flatMap(ChallengeRewardsRepo, (r) => r.newestContributions(window))
  const merged: Array<LaneContribution> = [
    ...events.items.map((c): LaneContribution => ({
      lane: "event", id: c.id, targetId: c.eventId, sponsorName: c.sponsorName, brandId: c.brandId, title: c.title, rank: c.rank, status: c.status,
      decidedAt: c.decidedAt, createdAt: c.createdAt
    })),
    ...challenges.items.map((c): LaneContribution => ({
      lane: "challenge", id: c.id, targetId: c.challengeId, sponsorName: c.sponsorName, brandId: c.sponsorId, title: c.productName, rank: c.rank,
      status: c.status, decidedAt: c.decidedAt, createdAt: c.createdAt
    }))
  ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
  return { items: merged.slice((query.page - 1) * query.limit, query.page * query.limit), total: events.total + challenges.total, page: query.page, limit: query.limit }
})
