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

/** The edge-case rules an attempt is checked against when it finishes (B "Hybrid race" edge cases). */
export const HybridRaceFlagRules = ["IMPOSSIBLE_SPLIT", "MISSING_CHECKPOINT"] as const
export const HybridRaceFlagRule = OneOf(...HybridRaceFlagRules)

/**
 * One edge case of a finished attempt: which rule, at which checkpoint (null: the last segment,
 * ending at the finish), what was observed against the rule's floor, and why in words.
 */
export const HybridRaceFlag = Schema.Struct({
  rule: HybridRaceFlagRule,
  checkpoint: Schema.NullOr(Schema.Int),
  observedSeconds: Schema.NullOr(Schema.Int),
  floorSeconds: Schema.NullOr(Schema.Int),
  reason: Schema.String
}).annotations({ identifier: "HybridRaceFlag" })
export type HybridRaceFlag = typeof HybridRaceFlag.Type

/**
 * A submitted attempt as the public reads it (its id is the result id): the athlete's name, the
 * event, the time and the place among the event's submitted attempts (1-2-2-4 on equal times).
 */
export const HybridRaceResult = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  eventTitle: Schema.String,
  athleteId: Schema.String,
  athleteName: Schema.String,
  elapsedSeconds: Schema.Int,
  checkpointsPassed: Schema.Int,
  checkpointsSkipped: Schema.Int,
  rank: Schema.Int,
  finishers: Schema.Int,
  startedAt: Instant,
  finishedAt: Instant,
  submittedAt: Instant
}).annotations({ identifier: "HybridRaceResult" })
export type HybridRaceResult = typeof HybridRaceResult.Type

/** The live position an athlete reports during a running attempt (kept in Redis, never in Postgres). */
export const HybridLivePosition = Schema.Struct({
  eventId: UuidStr,
  athleteId: Schema.String,
  latitude: Schema.Number,
  longitude: Schema.Number,
  /** How far along the course the athlete is, in metres, as the athlete's device measured it. */
  distanceMeters: IntBetween(0, 1_000_000),
  /** Seconds since the attempt started, at `recordedAt`. */
  elapsedSeconds: Schema.Int,
  /** Seconds per kilometre so far (elapsed over distance); null before the first metre. */
  paceSecondsPerKm: Schema.NullOr(Schema.Number),
  recordedAt: Schema.String
}).annotations({ identifier: "HybridLivePosition" })
export type HybridLivePosition = typeof HybridLivePosition.Type

/**
 * States of a photo check (PENDING until its photo is read, then PASSED or FAILED; a FAILED check
 * may be appealed once).
 */
export const HybridPhotoCheckStatuses = ["PENDING", "PASSED", "FAILED", "APPEALED"] as const
export const HybridPhotoCheckStatus = OneOf(...HybridPhotoCheckStatuses)
export type HybridPhotoCheckStatus = typeof HybridPhotoCheckStatus.Type

/**
 * A photo check of an athlete at a checkpoint of their running attempt: the server issues a
 * one-time challenge code, the athlete photographs the checkpoint's marker with the code shown
 * beside it, and the photo's reading (OCR) decides it.
 */
export const HybridPhotoCheck = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  athleteId: Schema.String,
  attemptId: UuidStr,
  checkpointIndex: IntBetween(1, 1000),
  challengeCode: Schema.String,
  status: HybridPhotoCheckStatus,
  /** What the reader read as the code, and how sure it was (null until the photo is read). */
  readCode: Schema.NullOr(Schema.String),
  readConfidence: Schema.NullOr(Schema.Number),
  /** Why a check failed, in words. */
  reason: Schema.NullOr(Schema.String),
  appealReason: Schema.NullOr(Schema.String),
  /** The blob key of the photo read (kept for the appeal's review; served only through signed media URLs). */
  photoKey: Schema.NullOr(Schema.String),
  expiresAt: Instant,
  decidedAt: Schema.NullOr(Instant),
  appealedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "HybridPhotoCheck" })
export type HybridPhotoCheck = typeof HybridPhotoCheck.Type
