/**
 * Records of an event's prizes (results context, C Events "Prizes"): up to 6 leaderboards
 * (segments) of rank slabs, each paying cash (integer minor units of the event's prize currency)
 * and/or a product; goodies sponsors offer for a rank (contributions); the winners the organizer
 * announces and publishes, and what the distribution paid them. Stored shape = wire shape.
 */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { IntBetween, OneOf, StrLength, UuidStr } from "../validation.js"

/** Leaderboards per event (A 8, "6 leaderboards per event"). */
export const MaxPrizeSegments = 6
/** Rank slabs per leaderboard (the spec is silent: a podium plus bands fits well within 20). */
export const MaxPrizeSlabs = 20
/** The deepest rank a slab may reach. */
export const MaxPrizeRank = 100_000
/** The largest cash prize of one slab, in minor units (₹1 crore in paise). */
export const MaxPrizeCash = 1_000_000_000

/** Prize cash is paid through the INR ledger (integer paise). */
export const PrizeCurrency = OneOf("INR")
export type PrizeCurrency = typeof PrizeCurrency.Type

/** A stored product image (blob key, sniffed content type, client file name, bytes). */
export const PrizeImage = Schema.Struct({
  key: Schema.String,
  contentType: Schema.String,
  fileName: Schema.String,
  size: Schema.Int
}).annotations({ identifier: "PrizeImage" })
export interface PrizeImage extends Schema.Schema.Type<typeof PrizeImage> {}

export const PrizeProduct = Schema.Struct({
  name: StrLength(1, 150),
  description: Schema.NullOr(StrLength(0, 1000)),
  image: Schema.NullOr(PrizeImage)
}).annotations({ identifier: "PrizeProduct" })
export interface PrizeProduct extends Schema.Schema.Type<typeof PrizeProduct> {}

/** Ranks `rankFrom`..`rankTo` (inclusive) of one leaderboard win `cashAmount` and/or `product`. */
export const PrizeSlab = Schema.Struct({
  rankFrom: IntBetween(1, MaxPrizeRank),
  rankTo: IntBetween(1, MaxPrizeRank),
  /** Minor units (paise) per winner; null: no cash. */
  cashAmount: Schema.NullOr(IntBetween(1, MaxPrizeCash)),
  product: Schema.NullOr(PrizeProduct)
}).annotations({ identifier: "PrizeSlab" })
export interface PrizeSlab extends Schema.Schema.Type<typeof PrizeSlab> {}

/** One prize leaderboard ("segment"): a name (Overall, Women 21K…) and its slabs by rank. */
export const PrizeSegment = Schema.Struct({
  name: StrLength(1, 100),
  slabs: Schema.Array(PrizeSlab)
}).annotations({ identifier: "PrizeSegment" })
export interface PrizeSegment extends Schema.Schema.Type<typeof PrizeSegment> {}

/** States of an event's prize results (states.tsv "Event prize results"): announce, then publish / unpublish. */
export const PrizeResultsStatuses = ["unpublished", "published"] as const
export const PrizeResultsStatus = OneOf(...PrizeResultsStatuses)
export type PrizeResultsStatus = typeof PrizeResultsStatus.Type

/** The prize configuration of an event with its results' publication and distribution state. */
export const EventPrizes = Schema.Struct({
  eventId: UuidStr,
  currency: PrizeCurrency,
  segments: Schema.Array(PrizeSegment),
  resultsStatus: PrizeResultsStatus,
  announcedAt: Schema.NullOr(Instant),
  publishedAt: Schema.NullOr(Instant),
  /** Set by the first distribution; prizes and winners are frozen from then on. */
  distributedAt: Schema.NullOr(Instant),
  updatedBy: Schema.NullOr(Schema.String),
  updatedAt: Schema.NullOr(Instant)
}).annotations({ identifier: "EventPrizes" })
export interface EventPrizes extends Schema.Schema.Type<typeof EventPrizes> {}

/** One announced winner: a rank of a leaderboard, and what the distribution paid them. */
export const PrizeWinner = Schema.Struct({
  eventId: UuidStr,
  segmentIndex: Schema.Int,
  rank: Schema.Int,
  userId: UuidStr,
  paidAmount: Schema.NullOr(Schema.Int),
  paidAt: Schema.NullOr(Instant),
  transferId: Schema.NullOr(Schema.String),
  announcedAt: Instant
}).annotations({ identifier: "PrizeWinner" })
export interface PrizeWinner extends Schema.Schema.Type<typeof PrizeWinner> {}

/** States of a sponsor's goodie offered for an event's prizes (states.tsv "Prize contribution", "Accepted sponsor goodie"). */
export const PrizeContributionStatuses = ["PENDING", "ACCEPTED", "REJECTED", "DROPPED"] as const
export const PrizeContributionStatus = OneOf(...PrizeContributionStatuses)
export type PrizeContributionStatus = typeof PrizeContributionStatus.Type

/**
 * A goodie a sponsor offers for one rank of the event's prizes: of one named leaderboard, or of
 * any leaderboard when `segmentName` is null. Accepting needs a slab that covers the rank.
 */
export const PrizeContribution = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  sponsorName: StrLength(1, 150),
  brandId: Schema.NullOr(UuidStr),
  title: StrLength(1, 150),
  description: Schema.NullOr(StrLength(0, 1000)),
  quantity: IntBetween(1, 10_000),
  segmentName: Schema.NullOr(StrLength(1, 100)),
  rank: IntBetween(1, MaxPrizeRank),
  status: PrizeContributionStatus,
  decidedBy: Schema.NullOr(Schema.String),
  decidedAt: Schema.NullOr(Instant),
  createdAt: Instant
}).annotations({ identifier: "PrizeContribution" })
export interface PrizeContribution extends Schema.Schema.Type<typeof PrizeContribution> {}
