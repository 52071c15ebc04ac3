/** Where hybrid race attempts are kept: one per event and athlete. */
import type { HybridRaceAttempt, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { HybridRaceMove, HybridRaceNotStarted } from "./hybrid-race.model.js"

export class HybridRaceRepo extends Context.Tag("@podium/core/hybrid-race/HybridRaceRepo")<HybridRaceRepo, {
  /** Starts the attempt; none when the athlete already has one for the event (one statement, so two starts cannot both win). */
  readonly start: (eventId: string, athleteId: string, at: Date) => Effect.Effect<Option.Option<HybridRaceAttempt>>
  readonly find: (eventId: string, athleteId: string) => Effect.Effect<Option.Option<HybridRaceAttempt>>
  /**
   * Records checkpoint `index` (passed or skipped) only while the attempt runs and `index` is its
   * next checkpoint, in one conditional update; none otherwise (the caller reports the order).
   */
  readonly checkpoint: (id: string, index: number, skipped: boolean, at: Date) => Effect.Effect<Option.Option<HybridRaceAttempt>>
  /** Finish (stamping `finishedAt` and the elapsed seconds) or submit, as one conditional update. */
  readonly move: (eventId: string, athleteId: string, move: HybridRaceMove, at: Date) => Effect.Effect<HybridRaceAttempt, MoveRefused | HybridRaceNotStarted>
}>() {}
