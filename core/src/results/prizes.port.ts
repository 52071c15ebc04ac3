/** Repository of event prizes (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { EventPrizes, MoveRefused, PrizeContribution, PrizeContributionStatus, PrizeSegment, PrizeWinner } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { PrizeContributionMove, PrizeResultsMove } from "./prizes.model.js"

export interface NewPrizeContribution {
  readonly eventId: string
  readonly sponsorName: string
  readonly brandId: string | null
  readonly title: string
  readonly description: string | null
  readonly quantity: number
  readonly segmentName: string | null
  readonly rank: number
}

export interface WinnerInput {
  readonly segmentIndex: number
  readonly rank: number
  readonly userId: string
}

/**
 * An event's prizes: one row per event (configuration, results publication, distribution) that
 * every write locks first (`lock`, inside `Transactor.atomically`), so a replace-all, an accept, an
 * announce and a distribution of one event never interleave; the sponsor contributions and the
 * announced winners.
 */
export class PrizeRepo extends Context.Tag("@podium/core/results/PrizeRepo")<PrizeRepo, {
  /** The event's prizes, none before the first write. */
  readonly find: (eventId: string) => Effect.Effect<Option.Option<EventPrizes>>
  /** Creates the event's row when missing (no prizes, unpublished) and locks it until the transaction ends. */
  readonly lock: (eventId: string) => Effect.Effect<EventPrizes>
  readonly saveSegments: (eventId: string, segments: ReadonlyArray<PrizeSegment>, by: string, at: Date) => Effect.Effect<EventPrizes>
  /** The results move as one conditional update of the event's row. */
  readonly moveResults: (eventId: string, move: PrizeResultsMove, by: string, at: Date) => Effect.Effect<EventPrizes, MoveRefused>
  /** Replaces every winner of the event and stamps the announcement. */
  readonly replaceWinners: (eventId: string, winners: ReadonlyArray<WinnerInput>, by: string, at: Date) => Effect.Effect<ReadonlyArray<PrizeWinner>>
  /** By leaderboard, rank, then user. */
  readonly winners: (eventId: string) => Effect.Effect<ReadonlyArray<PrizeWinner>>
  readonly markPaid: (eventId: string, segmentIndex: number, userId: string, amount: number, transferId: string, at: Date) => Effect.Effect<void>
  /** Stamps the first distribution (a later one keeps the first instant). */
  readonly markDistributed: (eventId: string, at: Date) => Effect.Effect<EventPrizes>
  readonly createContribution: (input: NewPrizeContribution) => Effect.Effect<PrizeContribution>
  /** Newest first. */
  readonly contributions: (eventId: string, status?: PrizeContributionStatus) => Effect.Effect<ReadonlyArray<PrizeContribution>>
  readonly findContribution: (eventId: string, id: string) => Effect.Effect<Option.Option<PrizeContribution>>
  /** Every event's contributions, newest first: the first `limit`, and how many there are. */
  readonly newestContributions: (limit: number) => Effect.Effect<{ readonly items: ReadonlyArray<PrizeContribution>; readonly total: number }>
  /** The move as one conditional update (refused when the contribution is no longer in a status it is legal from). */
  readonly moveContribution: (id: string, move: PrizeContributionMove, by: string, at: Date) => Effect.Effect<PrizeContribution, MoveRefused>
}>() {}
