/** Clubs' entries in brand challenges (Postgres adapter in @podium/postgres, memory twin in testing). */
import type { ClubBrandChallengeEntry, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { ClubBrandChallengeNotJoined } from "./brand-challenge.model.js"

export class ClubBrandEntryRepo extends Context.Tag("@podium/core/challenges/ClubBrandEntryRepo")<ClubBrandEntryRepo, {
  /**
   * Enters the club (or re-enters a withdrawn entry) as one statement: `joined` is true only for
   * the call that made it JOINED, so of two concurrent joins exactly one reports the join.
   */
  readonly join: (clubId: string, challengeId: string, by: string) => Effect.Effect<{ readonly entry: ClubBrandChallengeEntry; readonly joined: boolean }>
  /** JOINED → WITHDRAWN as one conditional update (404 when never joined, 409 when already withdrawn). */
  readonly withdraw: (clubId: string, challengeId: string) => Effect.Effect<ClubBrandChallengeEntry, ClubBrandChallengeNotJoined | MoveRefused>
  readonly find: (clubId: string, challengeId: string) => Effect.Effect<Option.Option<ClubBrandChallengeEntry>>
}>() {}
