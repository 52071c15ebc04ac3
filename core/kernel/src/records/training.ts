/** Records of the training context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { IntBetween, NumberBetween, OneOf, says, StrLength, UuidStr, validationTextOf } from "../validation.js"
import { Activity, Sport } from "./activities.js"

/** A calendar date `YYYY-MM-DD` (a day on the athlete's own wall clock, no time zone attached). */
export const LocalDate = Schema.String.pipe(
  Schema.filter((s) =>
    /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)
  ),
  Schema.annotations({ ...says("must be a valid date (YYYY-MM-DD)"), jsonSchema: { type: "string", format: "date", example: "2026-03-08" } })
)

/** A nullable field failing with its value's own 400 message (not one message per union member). */
export const Nullable = <S extends Schema.Schema.Any>(schema: S) =>
  Schema.NullOr(schema).annotations(says(validationTextOf(schema.ast) ?? "has an invalid value"))

export const WorkoutIntensities = ["easy", "moderate", "hard", "race", "rest"] as const
export const WorkoutIntensity = OneOf(...WorkoutIntensities)

export const CalendarWorkoutStatuses = ["PLANNED", "COMPLETED"] as const
export const CalendarWorkoutStatus = OneOf(...CalendarWorkoutStatuses)
export type CalendarWorkoutStatus = typeof CalendarWorkoutStatus.Type

/**
 * A workout on an athlete's calendar (C "Athlete / Calendar"): planned by the athlete or placed by a
 * program enrollment (`enrollmentId`, `programWorkoutId`). It lives on a local date, so a change of
 * time zone or a DST jump never moves it to another day.
 */
export const CalendarWorkout = Schema.Struct({
  id: UuidStr,
  userId: Schema.String,
  date: LocalDate,
  title: StrLength(1, 120),
  sport: Sport,
  description: Nullable(StrLength(0, 2000)),
  intensity: WorkoutIntensity,
  plannedDurationMinutes: Nullable(IntBetween(1, 1440)),
  plannedDistanceMeters: Nullable(NumberBetween(0, 1_000_000)),
  status: CalendarWorkoutStatus,
  completedAt: Schema.NullOr(Instant),
  enrollmentId: Schema.NullOr(Schema.String),
  programWorkoutId: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "CalendarWorkout" })
export interface CalendarWorkout extends Schema.Schema.Type<typeof CalendarWorkout> {}

/** What a calendar day (or several) adds up to. */
export const CalendarTotals = Schema.Struct({
  plannedWorkouts: Schema.Number,
  completedWorkouts: Schema.Number,
  plannedMinutes: Schema.Number,
  activityCount: Schema.Number,
  activityDistanceMeters: Schema.Number,
  activityDurationSeconds: Schema.Number
}).annotations({ identifier: "CalendarTotals" })
export interface CalendarTotals extends Schema.Schema.Type<typeof CalendarTotals> {}

/**
 * One day of the athlete's calendar in a time zone: from local midnight to the next local midnight
 * (`hours` is 23 or 25 on the days of a DST change), its workouts and the activities started in it.
 */
export const CalendarDay = Schema.Struct({
  date: LocalDate,
  timeZone: Schema.String,
  startsAt: Instant,
  endsAt: Instant,
  hours: Schema.Number,
  workouts: Schema.Array(CalendarWorkout),
  activities: Schema.Array(Activity),
  totals: CalendarTotals
}).annotations({ identifier: "CalendarDay" })
export interface CalendarDay extends Schema.Schema.Type<typeof CalendarDay> {}

/** Consecutive calendar days with their totals (month and range views). */
export const CalendarSpan = Schema.Struct({
  from: LocalDate,
  to: LocalDate,
  timeZone: Schema.String,
  days: Schema.Array(CalendarDay),
  totals: CalendarTotals
}).annotations({ identifier: "CalendarSpan" })
export interface CalendarSpan extends Schema.Schema.Type<typeof CalendarSpan> {}

/** How planned workouts went over a span (C "workouts/statistics"). */
export const WorkoutStatistics = Schema.Struct({
  from: Schema.NullOr(LocalDate),
  to: Schema.NullOr(LocalDate),
  planned: Schema.Number,
  completed: Schema.Number,
  /** completed / planned, 0 without workouts. */
  completionRate: Schema.Number,
  plannedMinutes: Schema.Number,
  completedMinutes: Schema.Number,
  plannedDistanceMeters: Schema.Number,
  completedDistanceMeters: Schema.Number,
  bySport: Schema.Array(Schema.Struct({ sport: Sport, planned: Schema.Number, completed: Schema.Number }))
}).annotations({ identifier: "WorkoutStatistics" })
export interface WorkoutStatistics extends Schema.Schema.Type<typeof WorkoutStatistics> {}
