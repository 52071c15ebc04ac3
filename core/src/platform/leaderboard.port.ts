import { Context, type Effect, type Option } from "effect"

/** Which end of a board counts as first: highest score (points) or lowest (finish times). */
export type LeaderboardOrder = "high-first" | "low-first"

/** One member's place on a board. */
export interface LeaderboardEntry {
  readonly member: string
  readonly score: number
  /** 1-based position in the requested order. */
  readonly rank: number
}

/** Options of the ranked reads. */
export interface RankOptions {
  /** Default "high-first". */
  readonly order?: LeaderboardOrder
}

/**
 * Shared sorted sets of members by score (live leaderboards, points tables).
 *
 * Ties are ordered by member as Redis does: "low-first" sorts (score, member) ascending by code
 * unit, "high-first" is exactly that order reversed.
 */
export class Leaderboard extends Context.Tag("@podium/core/platform/Leaderboard")<Leaderboard, {
  /** Sets `member`'s score, adding it when new. */
  readonly add: (board: string, member: string, score: number) => Effect.Effect<void>
  /** Adds `by` to `member`'s score atomically (from 0 when new) and returns the new score. */
  readonly incrementScore: (board: string, member: string, by: number) => Effect.Effect<number>
  readonly score: (board: string, member: string) => Effect.Effect<Option.Option<number>>
  /** 1-based rank of `member`, none when it is not on the board. */
  readonly rank: (board: string, member: string, options?: RankOptions) => Effect.Effect<Option.Option<number>>
  /** The first `limit` entries after skipping `offset` (default 0). */
  readonly top: (
    board: string,
    options: RankOptions & { readonly limit: number; readonly offset?: number }
  ) => Effect.Effect<ReadonlyArray<LeaderboardEntry>>
  /** Removes `member`; true when it was on the board. */
  readonly remove: (board: string, member: string) => Effect.Effect<boolean>
  /** Number of members on the board. */
  readonly size: (board: string) => Effect.Effect<number>
  /** Deletes the whole board. */
  readonly clear: (board: string) => Effect.Effect<void>
}>() {}
