/** Records of the training context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { Bool, IntBetween, NumberBetween, OneOf, says, StrLength, UuidStr, validationTextOf } from "../validation.js"
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

export const ProgramLevel = OneOf("beginner", "intermediate", "advanced")

/**
 * A training program (a template of weekly workouts): the platform's library when `organizerId` is
 * null (B "Training templates"), an organizer's otherwise (C "Training programs"). Athletes see it
 * once published; deleting is soft. Counts and the rating are read, never stored.
 */
export const TrainingProgram = Schema.Struct({
  id: UuidStr,
  organizerId: Schema.NullOr(Schema.String),
  title: StrLength(3, 120),
  description: Nullable(StrLength(0, 5000)),
  sport: Sport,
  level: ProgramLevel,
  weeks: IntBetween(1, 52),
  /** What an enrollment costs, in minor units of `currency` (0: free). */
  priceMinor: IntBetween(0, 100_000_000),
  currency: OneOf("INR"),
  published: Bool,
  workoutCount: Schema.Number,
  enrollmentCount: Schema.Number,
  reviewCount: Schema.Number,
  averageRating: Schema.NullOr(Schema.Number),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "TrainingProgram" })
export interface TrainingProgram extends Schema.Schema.Type<typeof TrainingProgram> {}

/** One workout of a program, on a day (1 = the start date's weekday) of a week. */
export const ProgramWorkout = Schema.Struct({
  id: UuidStr,
  programId: Schema.String,
  week: IntBetween(1, 52),
  day: IntBetween(1, 7),
  title: CalendarWorkout.fields.title,
  sport: Sport,
  description: CalendarWorkout.fields.description,
  intensity: WorkoutIntensity,
  plannedDurationMinutes: CalendarWorkout.fields.plannedDurationMinutes,
  plannedDistanceMeters: CalendarWorkout.fields.plannedDistanceMeters,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "ProgramWorkout" })
export interface ProgramWorkout extends Schema.Schema.Type<typeof ProgramWorkout> {}

export const ProgramDetail = Schema.Struct({ ...TrainingProgram.fields, workouts: Schema.Array(ProgramWorkout) })
  .annotations({ identifier: "TrainingProgramDetail" })
export interface ProgramDetail extends Schema.Schema.Type<typeof ProgramDetail> {}

export const EnrollmentStatuses = ["ACTIVE", "CANCELLED", "COMPLETED"] as const
export const EnrollmentStatus = OneOf(...EnrollmentStatuses)
export type EnrollmentStatus = typeof EnrollmentStatus.Type

/**
 * An athlete on a program (self-enrolled, or assigned by an organizer for an event): its workouts
 * are placed on the athlete's calendar from `startDate`. COMPLETED when its last workout is done.
 */
export const ProgramEnrollment = Schema.Struct({
  id: UuidStr,
  userId: Schema.String,
  programId: Schema.String,
  programTitle: Schema.String,
  status: EnrollmentStatus,
  startDate: LocalDate,
  endDate: LocalDate,
  organizerId: Schema.NullOr(Schema.String),
  eventId: Schema.NullOr(Schema.String),
  assignedBy: Schema.NullOr(Schema.String),
  priceMinor: Schema.Number,
  createdAt: Instant,
  cancelledAt: Schema.NullOr(Instant),
  completedAt: Schema.NullOr(Instant),
  updatedAt: Instant
}).annotations({ identifier: "ProgramEnrollment" })
export interface ProgramEnrollment extends Schema.Schema.Type<typeof ProgramEnrollment> {}

/** How an enrollment is going: workouts due by today against those done. */
export const EnrollmentAdherence = Schema.Struct({
  enrollmentId: Schema.String,
  status: EnrollmentStatus,
  asOf: LocalDate,
  totalWorkouts: Schema.Number,
  dueWorkouts: Schema.Number,
  completedWorkouts: Schema.Number,
  completedDueWorkouts: Schema.Number,
  /** completedDueWorkouts / dueWorkouts (1 when nothing is due yet). */
  adherenceRate: Schema.Number,
  nextWorkout: Schema.NullOr(CalendarWorkout)
}).annotations({ identifier: "EnrollmentAdherence" })
export interface EnrollmentAdherence extends Schema.Schema.Type<typeof EnrollmentAdherence> {}

/** Today's program workout; on a rest day (or without an active program) `workout` is null with the reason. */
export const TodayWorkout = Schema.Struct({
  date: LocalDate,
  timeZone: Schema.String,
  workout: Schema.NullOr(CalendarWorkout),
  enrollment: Schema.NullOr(ProgramEnrollment),
  reason: Schema.NullOr(OneOf("REST_DAY", "NO_ACTIVE_PROGRAM"))
}).annotations({ identifier: "TodayWorkout" })
export interface TodayWorkout extends Schema.Schema.Type<typeof TodayWorkout> {}

export const WorkoutFeeling = OneOf("great", "good", "ok", "tired", "exhausted")

/** How a workout felt (one per workout; sending again replaces it). */
export const WorkoutFeedback = Schema.Struct({
  id: UuidStr,
  workoutId: Schema.String,
  userId: Schema.String,
  /** Rate of perceived exertion. */
  rpe: IntBetween(1, 10),
  feeling: WorkoutFeeling,
  notes: Nullable(StrLength(0, 1000)),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "WorkoutFeedback" })
export interface WorkoutFeedback extends Schema.Schema.Type<typeof WorkoutFeedback> {}

/** An athlete's review of a program they completed; hidden from previews once flagged by 3 athletes. */
export const ProgramReview = Schema.Struct({
  id: UuidStr,
  programId: Schema.String,
  userId: Schema.String,
  rating: IntBetween(1, 5),
  comment: Nullable(StrLength(0, 2000)),
  helpfulCount: Schema.Number,
  flagCount: Schema.Number,
  hidden: Bool,
  createdAt: Instant
}).annotations({ identifier: "ProgramReview" })
export interface ProgramReview extends Schema.Schema.Type<typeof ProgramReview> {}

export const ProgramPreview = Schema.Struct({ program: ProgramDetail, reviews: Schema.Array(ProgramReview) })
  .annotations({ identifier: "TrainingProgramPreview" })
export interface ProgramPreview extends Schema.Schema.Type<typeof ProgramPreview> {}

/** A food-composition source (B "Nutrition / sources"): foods of a disabled source are not offered to athletes. */
export const NutritionSource = Schema.Struct({
  key: Schema.String.pipe(
    Schema.filter((s) => /^[a-z0-9][a-z0-9_-]{1,39}$/.test(s)),
    Schema.annotations(says("must be 2 to 40 lowercase letters, digits, '-' or '_'"))
  ),
  name: StrLength(2, 120),
  description: Nullable(StrLength(0, 1000)),
  enabled: Bool,
  foodCount: Schema.Number,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "NutritionSource" })
export interface NutritionSource extends Schema.Schema.Type<typeof NutritionSource> {}

/** A food with its composition per 100 g. */
export const Food = Schema.Struct({
  id: UuidStr,
  sourceKey: Schema.String,
  name: Schema.String,
  category: Schema.String,
  energyKcal: Schema.Number,
  carbsGrams: Schema.Number,
  proteinGrams: Schema.Number,
  fatGrams: Schema.Number,
  fiberGrams: Schema.Number
}).annotations({ identifier: "Food" })
export interface Food extends Schema.Schema.Type<typeof Food> {}

/** One step of a fueling plan: what to take how many minutes from the start (negative: before). */
export const FuelingItem = Schema.Struct({
  atMinute: IntBetween(-240, 1440),
  food: StrLength(1, 120),
  carbsGrams: NumberBetween(0, 500),
  fluidMl: NumberBetween(0, 3000),
  sodiumMg: NumberBetween(0, 5000)
}).annotations({ identifier: "FuelingItem" })

/** A fueling template (race-day or long-session nutrition plan); deleting is soft and restorable. */
export const FuelingTemplate = Schema.Struct({
  id: UuidStr,
  name: StrLength(2, 120),
  category: StrLength(2, 60),
  sport: Sport,
  description: Nullable(StrLength(0, 2000)),
  durationMinutes: Nullable(IntBetween(1, 1440)),
  items: Schema.Array(FuelingItem),
  deletedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "FuelingTemplate" })
export interface FuelingTemplate extends Schema.Schema.Type<typeof FuelingTemplate> {}

export const RoutePoint = Schema.Struct({ lat: NumberBetween(-90, 90), lon: NumberBetween(-180, 180) }).annotations({ identifier: "RoutePoint" })

/**
 * A curated route (B "Routes"): its path as points, its distance measured from them. Inactive
 * routes stay listed for admins; deleting is soft.
 */
export const TrainingRoute = Schema.Struct({
  id: UuidStr,
  name: StrLength(2, 120),
  description: Nullable(StrLength(0, 2000)),
  sport: Sport,
  city: Nullable(StrLength(0, 100)),
  difficulty: OneOf("easy", "moderate", "hard"),
  points: Schema.Array(RoutePoint).pipe(
    Schema.filter((p) => p.length >= 2 && p.length <= 5000),
    Schema.annotations(says("must contain between 2 and 5000 points"))
  ),
  distanceMeters: Schema.Number,
  elevationGainMeters: NumberBetween(0, 100_000),
  isActive: Bool,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "TrainingRoute" })
export interface TrainingRoute extends Schema.Schema.Type<typeof TrainingRoute> {}
