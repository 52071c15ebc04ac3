/** Records of the hybrid-race context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { Bool, IntBetween, OneOf, UuidStr } from "../validation.js"

export const HybridRaceStatuses = ["RUNNING", "FINISHED", "SUBMITTED"] as const
export const HybridRaceStatus = OneOf(...HybridRaceStatuses)
export type HybridRaceStatus = typeof HybridRaceStatus.Type

/** One checkpoint of an attempt, passed or skipped, in course order (1-based). */
export const HybridRaceCheckpoint = Schema.Struct({
  index: IntBetween(1, 1000),
  /** The instant as ISO-8601 UTC (kept inside the attempt's jsonb list, so a string rather than a Date). */
  at: Schema.String,
  skipped: Bool
})
export type HybridRaceCheckpoint = typeof HybridRaceCheckpoint.Type

/**
 * An athlete's attempt at a hybrid race (C "Hybrid race (user)"): started once per event and
 * athlete, its checkpoints passed or skipped strictly in course order, then finished and submitted.
 * `nextCheckpoint` is the only index the next checkpoint or skip may name.
 */
export const HybridRaceAttempt = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  athleteId: Schema.String,
  status: HybridRaceStatus,
  nextCheckpoint: IntBetween(1, 1001),
  checkpoints: Schema.Array(HybridRaceCheckpoint),
  startedAt: Instant,
  finishedAt: Schema.NullOr(Instant),
  submittedAt: Schema.NullOr(Instant),
  elapsedSeconds: Schema.NullOr(IntBetween(0, 10_000_000)),
  updatedAt: Instant
})
export type HybridRaceAttempt = typeof HybridRaceAttempt.Type
