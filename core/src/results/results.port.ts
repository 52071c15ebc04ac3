/** Repositories of results (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { EventResultsState, Medal, MoveRefused, ResultEntry, ResultGender, ResultLeaderboard } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { EventResultsMove } from "./results.model.js"

/** One timing record of a batch, as the timing system sent it. */
export interface TimingInput {
  readonly userId: string
  readonly gender: ResultGender
  readonly ageGroup: string | null
  readonly startedAt: Date
  readonly finishedAt: Date
}

export interface IngestOutcome {
  readonly leaderboard: ResultLeaderboard
  readonly inserted: number
  readonly updated: number
  readonly unchanged: number
}

/** A leaderboard with the publication state of its event's results. */
export interface LeaderboardWithState {
  readonly leaderboard: ResultLeaderboard
  readonly resultsStatus: EventResultsState["status"]
}

export interface LeaderboardFilter {
  readonly eventId?: string | undefined
  /** Only boards whose event's results are published and whose event the public may see. */
  readonly publicOnly: boolean
  readonly page: number
  readonly limit: number
}

/**
 * Raw timing records, the results computed from them and the events' publication state. An ingest
 * runs in one transaction holding the leaderboard's row: records are upserted, only a record whose
 * content changed counts as updated, and the results (places) are recomputed and the revision
 * bumped only when something changed, so the same batch twice changes nothing.
 */
export class ResultsRepo extends Context.Tag("@podium/core/results/ResultsRepo")<ResultsRepo, {
  readonly ingest: (eventId: string, name: string, records: ReadonlyArray<TimingInput>) => Effect.Effect<IngestOutcome>
  /**
   * Takes the user's timing record off the leaderboard (held as an ingest holds it) and recomputes
   * the places with a new revision; false when there was nothing to take off.
   */
  readonly withdraw: (leaderboardId: string, userId: string) => Effect.Effect<boolean>
  readonly state: (eventId: string) => Effect.Effect<EventResultsState>
  /** The move as one conditional update of the event's results row (created unpublished when missing). */
  readonly move: (eventId: string, move: EventResultsMove, by: string, at: Date) => Effect.Effect<EventResultsState, MoveRefused>
  readonly findLeaderboard: (id: string) => Effect.Effect<Option.Option<LeaderboardWithState>>
  readonly listLeaderboards: (filter: LeaderboardFilter) => Effect.Effect<{ readonly items: ReadonlyArray<ResultLeaderboard>; readonly total: number }>
  /** Every result of a leaderboard by place (then user id): what its boards are built from. */
  readonly entries: (leaderboardId: string) => Effect.Effect<ReadonlyArray<ResultEntry>>
  /** Whether the leaderboard's results carry more than one start instant (wave or chip starts). */
  readonly hasStaggeredStarts: (leaderboardId: string) => Effect.Effect<boolean>
  /** The results of the named users on a leaderboard (any order). */
  readonly entriesOf: (leaderboardId: string, userIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<ResultEntry>>
  /**
   * Medals of results on published leaderboards of events the public may see, newest event first
   * (then place): of one user, or of one event up to `maxPlace`.
   */
  readonly medals: (filter: { readonly userId?: string | undefined; readonly eventId?: string | undefined; readonly maxPlace?: number | undefined }) => Effect.Effect<ReadonlyArray<Medal>>
}>() {}
