/**
 * Event prizes: the machines (prize results publication, sponsor contributions), which slab pays
 * a rank, the checks of a prize configuration, the ledger accounts prize cash moves between and
 * the errors the prize operations answer with.
 */
import { defineMoves, DomainError, type EventPrizes, type PrizeContribution, type PrizeContributionStatus, type PrizeResultsStatus, type PrizeSegment, type PrizeSlab, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"
import type { LedgerAccountRef } from "../wallets/ledger.model.js"

/** publish and unpublish of the announced winners, each one conditional update. */
export const PrizeResultsMoves = defineMoves<PrizeResultsStatus>()({ machine: "prize results", code: "PRIZE_RESULTS_STATUS_CONFLICT" }, {
  publish: { from: ["unpublished"], to: "published" },
  unpublish: { from: ["published"], to: "unpublished" }
})
export type PrizeResultsMove = keyof typeof PrizeResultsMoves.table

/** A sponsor's goodie: accepted or rejected while pending; an accepted one is dropped only on purpose (replace-all). */
export const PrizeContributionMoves = defineMoves<PrizeContributionStatus>()({ machine: "prize contribution", code: "PRIZE_CONTRIBUTION_STATUS_CONFLICT" }, {
  accept: { from: ["PENDING"], to: "ACCEPTED" },
  reject: { from: ["PENDING"], to: "REJECTED" },
  drop: { from: ["ACCEPTED"], to: "DROPPED" }
})
export type PrizeContributionMove = keyof typeof PrizeContributionMoves.table

/** The slab of a leaderboard that pays `rank` (slabs never overlap), if any. */
export const slabOf = (segment: PrizeSegment | undefined, rank: number): PrizeSlab | undefined =>
  segment?.slabs.find((s) => s.rankFrom <= rank && rank <= s.rankTo)

/** The leaderboards a contribution may land on: the one it names (case-insensitive), or any. */
const targets = (segments: ReadonlyArray<PrizeSegment>, c: Pick<PrizeContribution, "segmentName">) =>
  segments.flatMap((segment, index) =>
    c.segmentName === null || segment.name.trim().toLowerCase() === c.segmentName.trim().toLowerCase() ? [{ segment, index }] : [])

/** Where a contribution is placed: the slabs (by leaderboard) covering its rank. */
export const placementsOf = (segments: ReadonlyArray<PrizeSegment>, c: Pick<PrizeContribution, "segmentName" | "rank">) =>
  targets(segments, c).flatMap(({ segment, index }) => {
    const slab = slabOf(segment, c.rank)
    return slab === undefined ? [] : [{ segmentIndex: index, slab }]
  })

/** Whether some slab (of the named leaderboard, or of any) covers the contribution's rank. */
export const isPlaceable = (segments: ReadonlyArray<PrizeSegment>, c: Pick<PrizeContribution, "segmentName" | "rank">) =>
  placementsOf(segments, c).length > 0

const where = (c: Pick<PrizeContribution, "segmentName" | "rank">) =>
  c.segmentName === null ? `rank ${c.rank}` : `rank ${c.rank} of leaderboard ${c.segmentName}`

/** The 400 message of an accepted goodie the new prizes cannot hold. */
export const unplaceableMessage = (c: Pick<PrizeContribution, "id" | "title" | "segmentName" | "rank">) =>
  `sponsor goodie ${c.id} (${c.title}) cannot be placed: no prize slab covers ${where(c)}; list it in dropSponsorContributionIds to drop it`

/**
 * What is wrong with a configuration beyond its schema (messages with the field path, house
 * wording): a slab ending before it starts, paying nothing, or overlapping another slab of its
 * leaderboard (a rank must have one prize); two leaderboards of the same name.
 */
export const segmentProblems = (segments: ReadonlyArray<PrizeSegment>): Array<string> => {
  const problems: Array<string> = []
  const names = new Set<string>()
  segments.forEach((segment, i) => {
    const name = segment.name.trim().toLowerCase()
    if (names.has(name)) problems.push(`segments.${i}.name must be unique among the event's prize leaderboards`)
    names.add(name)
    segment.slabs.forEach((slab, j) => {
      const at = `segments.${i}.slabs.${j}`
      if (slab.rankTo < slab.rankFrom) problems.push(`${at}.rankTo must not be less than rankFrom`)
      if (slab.cashAmount === null && slab.product === null) problems.push(`${at} must offer a cashAmount or a product`)
      const clash = segment.slabs.findIndex((other, k) => k < j && other.rankFrom <= slab.rankTo && slab.rankFrom <= other.rankTo)
      if (clash >= 0) problems.push(`${at} must not overlap the ranks of segments.${i}.slabs.${clash}`)
    })
  })
  return problems
}

/** The file field of a slab's product image. */
export const productImageField = (segmentIndex: number, slabIndex: number) => `prizeProductImage_${segmentIndex}_${slabIndex}`

/** Where a slab's prize cash comes from: the organizer's payable INR balance (what the platform owes it from sales). */
export const organizerPrizeFunds = (organizerId: string): LedgerAccountRef => ({ ownerType: "organizer", ownerId: organizerId, purpose: "payable", currency: "INR" })


/** One ledger transfer per winner and slab: a repeated or concurrent distribution replays it instead of paying twice. */
export const prizeTransferKey = (eventId: string, segmentIndex: number, slab: PrizeSlab, userId: string) =>
  `results.prize:${eventId}:${segmentIndex}:${slab.rankFrom}-${slab.rankTo}:${userId}`

/** A prize configuration, file or winners set the schema cannot refuse by itself (messages in the house's wording). */
export class PrizesInvalid extends InputInvalid<PrizesInvalid>()("PrizesInvalid") {}

export class PrizeContributionNotFound extends DomainError<PrizeContributionNotFound>()("PrizeContributionNotFound", {
  kind: "not-found",
  code: "PRIZE_CONTRIBUTION_NOT_FOUND"
}, { ref: Schema.String }) {
  override get message() {
    return `Prize contribution ${this.ref} not found`
  }
}

/** Accepting a goodie no slab can hold (C: "refused when no slab covers the rank"; an unmet precondition, 400). */
export class PrizeRankNotCovered extends DomainError<PrizeRankNotCovered>()("PrizeRankNotCovered", {
  kind: "invalid",
  code: "PRIZE_RANK_NOT_COVERED"
}, { rank: Schema.Number, segmentName: Schema.NullOr(Schema.String) }) {
  override get message() {
    return `No prize slab covers ${where(this)}`
  }
}

/** Money went out on these prizes: the slabs and winners it was paid against stay as they were. */
export class PrizesDistributed extends DomainError<PrizesDistributed>()("PrizesDistributed", { kind: "conflict", code: "PRIZES_DISTRIBUTED" }, {
  eventId: Schema.String
}) {
  override get message() {
    return "The event's prizes were distributed; they and their winners can no longer change"
  }
}

/** A new winners set replaces the published one only after an unpublish (the public never sees an unreviewed set). */
export class PrizeResultsPublished extends DomainError<PrizeResultsPublished>()("PrizeResultsPublished", { kind: "conflict", code: "PRIZE_RESULTS_PUBLISHED" }, {
  eventId: Schema.String
}) {
  override get message() {
    return "The prize results are published; unpublish them before announcing a new set"
  }
}

export class PrizeResultsNotAnnounced extends DomainError<PrizeResultsNotAnnounced>()("PrizeResultsNotAnnounced", {
  kind: "conflict",
  code: "PRIZE_RESULTS_NOT_ANNOUNCED"
}, { eventId: Schema.String }) {
  override get message() {
    return "No prize results were announced for this event"
  }
}

/** Distribution pays the winners the public can see (an unmet precondition, 400). */
export class PrizeResultsNotPublished extends DomainError<PrizeResultsNotPublished>()("PrizeResultsNotPublished", {
  kind: "invalid",
  code: "PRIZE_RESULTS_NOT_PUBLISHED"
}, { eventId: Schema.String }) {
  override get message() {
    return "Prize results must be published before the prizes are distributed"
  }
}

/** The organizer's payable balance does not cover the cash still owed (nothing was paid). */
export class PrizeFundsInsufficient extends DomainError<PrizeFundsInsufficient>()("PrizeFundsInsufficient", {
  kind: "conflict",
  code: "PRIZE_FUNDS_INSUFFICIENT"
}, { balance: Schema.Number, required: Schema.Number }) {
  override get message() {
    return `The organizer's payable balance (${this.balance} paise) does not cover the prize cash owed (${this.required} paise)`
  }
}

/** An event with no prizes set yet: what reads answer and what the first write starts from. */
export const emptyPrizes = (eventId: string): EventPrizes => ({
  eventId,
  currency: "INR",
  segments: [],
  resultsStatus: "unpublished",
  announcedAt: null,
  publishedAt: null,
  distributedAt: null,
  updatedBy: null,
  updatedAt: null
})
