/**
 * Records of the results context: raw timing records as the timing system delivered them, the
 * results computed from them (places per leaderboard), the leaderboards and the publication state
 * of an event's results; stored shape = wire shape.
 */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { OneOf, StrLength, UuidStr } from "../validation.js"

export const ResultGenders = ["male", "female", "other"] as const
export const ResultGender = OneOf(...ResultGenders)
export type ResultGender = typeof ResultGender.Type

/**
 * States of an event's results (states.tsv "Event results"): unpublished until the organizer
 * publishes them; publish and unpublish are each one conditional update, audited.
 */
export const EventResultsStatuses = ["unpublished", "published"] as const
export const EventResultsStatus = OneOf(...EventResultsStatuses)
export type EventResultsStatus = typeof EventResultsStatus.Type

export const EventResultsState = Schema.Struct({
  eventId: UuidStr,
  status: EventResultsStatus,
  publishedAt: Schema.NullOr(Instant),
  /** `organizer:<memberId>` or `admin:<accountId>` of the last publish or unpublish. */
  changedBy: Schema.NullOr(Schema.String),
  changedAt: Schema.NullOr(Instant),
  /** Leaderboards of the event and the finishers they rank. */
  leaderboards: Schema.Int,
  finishers: Schema.Int
}).annotations({ identifier: "EventResultsState" })
export interface EventResultsState extends Schema.Schema.Type<typeof EventResultsState> {}

/**
 * A leaderboard of an event (one per race distance, "Overall" by default): finish times ranked
 * overall, per gender and per age group. `revision` grows with every change of its results (the
 * Redis boards of a revision never change, so readers never see a half-built board).
 */
export const ResultLeaderboard = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  name: StrLength(1, 80),
  entryCount: Schema.Int,
  revision: Schema.Int,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "ResultLeaderboard" })
export interface ResultLeaderboard extends Schema.Schema.Type<typeof ResultLeaderboard> {}

/** A raw timing record (what the timing system said), kept apart from the computed result. */
export const TimingRecord = Schema.Struct({
  id: UuidStr,
  leaderboardId: UuidStr,
  userId: UuidStr,
  gender: ResultGender,
  ageGroup: Schema.NullOr(StrLength(1, 30)),
  startedAt: Instant,
  finishedAt: Instant,
  ingestedAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "TimingRecord" })
export interface TimingRecord extends Schema.Schema.Type<typeof TimingRecord> {}

/**
 * A computed result: elapsed time (finish minus start, absolute instants) and the places, by
 * standard competition ranking ("1-2-2-4": equal times share a place, the next place skips).
 */
export const ResultEntry = Schema.Struct({
  leaderboardId: UuidStr,
  userId: UuidStr,
  gender: ResultGender,
  ageGroup: Schema.NullOr(Schema.String),
  startedAt: Instant,
  finishedAt: Instant,
  elapsedMs: Schema.Int,
  place: Schema.Int,
  genderPlace: Schema.Int,
  /** Null when the record carries no age group. */
  ageGroupPlace: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "ResultEntry" })
export interface ResultEntry extends Schema.Schema.Type<typeof ResultEntry> {}

/** Records per ingest batch. */
export const MaxIngestRecords = 5000
