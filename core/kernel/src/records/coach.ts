/**
 * Records of the AI coach (C "Athlete / AI coach", training context): the context the coach reads
 * (8 streams built from the athlete's own data), the exchanges it keeps, its status.
 */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { Bool, OneOf, says, StrLength, UuidStr } from "../validation.js"
import { Sport } from "./activities.js"
import { ChallengeGoalType } from "./challenges.js"
import { ParticipationStatus } from "./registrations.js"
import { EnrollmentStatus, LocalDate, WorkoutIntensity } from "./training.js"

/** A question to the coach: 1–2000 characters. */
export const CoachQuestion = StrLength(1, 2000)

/** A BCP 47 language tag (`en`, `en-IN`, `hi-IN`). */
export const CoachLocale = Schema.String.pipe(
  Schema.filter((s) => /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(s)),
  Schema.annotations(says("must be a language tag such as en-IN"))
)

export const RecentActivityItem = Schema.Struct({
  id: UuidStr,
  sport: Sport,
  title: Schema.String,
  startedAt: Instant,
  durationSeconds: Schema.Number,
  distanceMeters: Schema.Number,
  paceSecondsPerKm: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "CoachRecentActivity" })

/**
 * Training load from the last 28 days of activities: the last 7 days (acute) against the weekly
 * average of the 28 (chronic); `acuteChronicRatio` is null without a chronic base. `trend` reads
 * the ratio: above 1.3 `building_fast`, 0.8–1.3 `steady`, below 0.8 `easing`, no activity `no_data`.
 */
export const TrainingLoad = Schema.Struct({
  activitiesLast7Days: Schema.Number,
  distanceLast7DaysMeters: Schema.Number,
  durationLast7DaysSeconds: Schema.Number,
  activitiesLast28Days: Schema.Number,
  weeklyAverageDistanceMeters: Schema.Number,
  weeklyAverageDurationSeconds: Schema.Number,
  acuteChronicRatio: Schema.NullOr(Schema.Number),
  trend: OneOf("no_data", "easing", "steady", "building_fast"),
  longestDistanceMeters: Schema.Number
}).annotations({ identifier: "CoachTrainingLoad" })
export interface TrainingLoad extends Schema.Schema.Type<typeof TrainingLoad> {}

export const CoachCalendarItem = Schema.Struct({
  id: UuidStr,
  date: LocalDate,
  title: Schema.String,
  sport: Sport,
  intensity: WorkoutIntensity,
  plannedDurationMinutes: Schema.NullOr(Schema.Number),
  plannedDistanceMeters: Schema.NullOr(Schema.Number),
  status: OneOf("PLANNED", "COMPLETED")
}).annotations({ identifier: "CoachCalendarItem" })

export const CoachProgramItem = Schema.Struct({
  enrollmentId: UuidStr,
  programTitle: Schema.String,
  status: EnrollmentStatus,
  startDate: LocalDate,
  endDate: LocalDate
}).annotations({ identifier: "CoachProgramItem" })

export const CoachGoalItem = Schema.Struct({
  challengeId: UuidStr,
  title: Schema.String,
  goalType: ChallengeGoalType,
  goalValue: Schema.Number,
  startsAt: Instant,
  endsAt: Instant
}).annotations({ identifier: "CoachGoalItem" })

export const CoachGearItem = Schema.Struct({
  id: UuidStr,
  name: Schema.String,
  distanceMeters: Schema.Number,
  maxDistanceMeters: Schema.NullOr(Schema.Number),
  /** Share of its replacement distance used (0–100+), null without one. */
  wornPercent: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "CoachGearItem" })

export const CoachRaceItem = Schema.Struct({
  participationId: UuidStr,
  eventId: UuidStr,
  eventTitle: Schema.String,
  city: Schema.String,
  startsAt: Instant,
  status: ParticipationStatus,
  daysToGo: Schema.Number
}).annotations({ identifier: "CoachRaceItem" })

export const CoachPreferences = Schema.Struct({
  defaultSport: Sport,
  defaultVisibility: OneOf("public", "private"),
  autoPause: Bool,
  privacyRadiusMeters: Schema.Number
}).annotations({ identifier: "CoachPreferences" })

/** The 8 context streams the coach reads, each built from the athlete's own records. */
export const CoachContextStreams = [
  "recentActivities",
  "trainingLoad",
  "calendar",
  "programs",
  "goals",
  "gear",
  "races",
  "preferences"
] as const

export const CoachContext = Schema.Struct({
  generatedAt: Instant,
  streams: Schema.Struct({
    /** Activities of the last 28 days, newest first (at most 50). */
    recentActivities: Schema.Array(RecentActivityItem),
    trainingLoad: TrainingLoad,
    /** Workouts planned from today for 14 days. */
    calendar: Schema.Array(CoachCalendarItem),
    /** ACTIVE program enrollments. */
    programs: Schema.Array(CoachProgramItem),
    /** Challenges joined and not yet ended: their goal. */
    goals: Schema.Array(CoachGoalItem),
    /** Gear not retired. */
    gear: Schema.Array(CoachGearItem),
    /** Booked events still to come (PENDING or CONFIRMED), soonest first. */
    races: Schema.Array(CoachRaceItem),
    preferences: CoachPreferences
  })
}).annotations({ identifier: "CoachContext" })
export interface CoachContext extends Schema.Schema.Type<typeof CoachContext> {}

/** A computation the coach ran on the context (the numbers and plans), with its arguments and result. */
export const CoachToolCall = Schema.Struct({
  name: OneOf("training_load", "weekly_plan", "race_readiness", "gear_check", "goal_progress"),
  arguments: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  result: Schema.Record({ key: Schema.String, value: Schema.Unknown })
}).annotations({ identifier: "CoachToolCall" })
export interface CoachToolCall extends Schema.Schema.Type<typeof CoachToolCall> {}

/** One question and its answer, kept for the athlete's history and the cost accounting. */
export const CoachExchange = Schema.Struct({
  id: UuidStr,
  userId: Schema.String,
  channel: OneOf("text", "voice"),
  locale: Schema.String,
  question: Schema.String,
  /** The coach's reply (the spec's "reply"), explaining `toolCalls`. */
  reply: Schema.String,
  toolCalls: Schema.Array(CoachToolCall),
  provider: Schema.String,
  model: Schema.String,
  promptTokens: Schema.Number,
  completionTokens: Schema.Number,
  createdAt: Instant
}).annotations({ identifier: "CoachExchange" })
export interface CoachExchange extends Schema.Schema.Type<typeof CoachExchange> {}

/** What an athlete spent on the coach since `since` (tokens, for a budget). */
export const CoachUsage = Schema.Struct({
  since: Instant,
  calls: Schema.Number,
  promptTokens: Schema.Number,
  completionTokens: Schema.Number
}).annotations({ identifier: "CoachUsage" })
export interface CoachUsage extends Schema.Schema.Type<typeof CoachUsage> {}

export const CoachStatus = Schema.Struct({
  enabled: Bool,
  provider: Schema.String,
  /** The active model; null when no language model is configured. */
  model: Schema.NullOr(Schema.String),
  voice: Schema.Struct({ enabled: Bool, provider: Schema.String }),
  rateLimit: Schema.Struct({ asksPerHour: Schema.Number }),
  usage: CoachUsage
}).annotations({ identifier: "CoachStatus" })
export interface CoachStatus extends Schema.Schema.Type<typeof CoachStatus> {}

/** Synthesised speech: base64 audio. */
export const CoachSpeech = Schema.Struct({
  audio: Schema.String,
  contentType: Schema.String,
  durationMs: Schema.Number,
  locale: Schema.String
}).annotations({ identifier: "CoachSpeech" })

/** A voice answer: what was heard, and the exchange it led to. */
export const CoachVoiceAnswer = Schema.Struct({
  transcript: Schema.String,
  exchange: CoachExchange
}).annotations({ identifier: "CoachVoiceAnswer" })
