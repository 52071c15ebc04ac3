/** Where hybrid race attempts are kept: one per event and athlete. */
import type { HybridPhotoCheck, HybridRaceAttempt, HybridRaceFlag, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { HybridRaceMove, HybridRaceNotStarted, PhotoCheckMove, PhotoCheckNotFound } from "./hybrid-race.model.js"

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
  readonly findById: (id: string) => Effect.Effect<Option.Option<HybridRaceAttempt>>
  /**
   * The event's submitted attempts by time (equal times by submission, then id), each with its
   * standard competition rank (1-2-2-4), one page; `total` counts them all.
   */
  readonly leaderboard: (eventId: string, offset: number, limit: number) => Effect.Effect<{
    readonly items: ReadonlyArray<{ readonly attempt: HybridRaceAttempt; readonly rank: number }>
    readonly total: number
  }>
  /** The place a time takes among the event's submitted attempts (1 + those strictly faster) and how many there are. */
  readonly placeOf: (eventId: string, elapsedSeconds: number) => Effect.Effect<{ readonly rank: number; readonly finishers: number }>
  /** Attempts submitted at or after `since`, newest first, at most `max`. */
  readonly submittedSince: (since: Date, max: number) => Effect.Effect<ReadonlyArray<HybridRaceAttempt>>
  /** Replaces the edge-case flags of an attempt (set when it finishes). */
  readonly setFlags: (id: string, flags: ReadonlyArray<HybridRaceFlag>) => Effect.Effect<void>
  readonly flagsOf: (id: string) => Effect.Effect<ReadonlyArray<HybridRaceFlag>>
  /** Attempts with at least one flag, latest finish first, one page. */
  readonly flagged: (offset: number, limit: number) => Effect.Effect<{
    readonly items: ReadonlyArray<{ readonly attempt: HybridRaceAttempt; readonly flags: ReadonlyArray<HybridRaceFlag> }>
    readonly total: number
  }>
}>() {}

export interface NewPhotoCheck {
  readonly eventId: string
  readonly athleteId: string
  readonly attemptId: string
  readonly checkpointIndex: number
  readonly challengeCode: string
  readonly expiresAt: Date
}

/** What a decision or an appeal records with its move. */
export interface PhotoCheckFields {
  readonly readCode?: string | null
  readonly readConfidence?: number | null
  readonly reason?: string | null
  readonly appealReason?: string
  readonly photoKey?: string | null
}

export class HybridPhotoCheckRepo extends Context.Tag("@podium/core/hybrid-race/HybridPhotoCheckRepo")<HybridPhotoCheckRepo, {
  readonly create: (input: NewPhotoCheck, at: Date) => Effect.Effect<HybridPhotoCheck>
  readonly find: (id: string) => Effect.Effect<Option.Option<HybridPhotoCheck>>
  /** The athlete's most recent check at the event. */
  readonly latest: (eventId: string, athleteId: string) => Effect.Effect<Option.Option<HybridPhotoCheck>>
  /** Decides or appeals as one conditional update (concurrent moves: one wins, the other is refused). */
  readonly move: (id: string, move: PhotoCheckMove, fields: PhotoCheckFields, at: Date) => Effect.Effect<HybridPhotoCheck, MoveRefused | PhotoCheckNotFound>
}>() {}
