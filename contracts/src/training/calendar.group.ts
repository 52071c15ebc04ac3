/**
 * C "Athlete / Calendar": the athlete's own calendar (role user). Views read in the client's IANA
 * `timeZone` (UTC when absent): a day runs from local midnight to local midnight, DST included.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Body,
  Bool,
  CalendarDay,
  CalendarSpan,
  CalendarWorkout,
  CalendarWorkoutStatus,
  inputOf,
  IntFromText,
  LocalDate,
  Optional,
  Query,
  TimeZoneName,
  UuidStr,
  WorkoutStatistics
} from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, DeleteResult, op, Requires, Role } from "../common/index.js"

const Zone = { timeZone: Optional(TimeZoneName) }
export const CalendarDayQuery = Query({ date: Optional(LocalDate), ...Zone })
export const CalendarMonthQuery = Query({ year: Optional(IntFromText(1970, 2100)), month: Optional(IntFromText(1, 12)), ...Zone })
export const CalendarRangeQuery = Query({ from: LocalDate, to: LocalDate, ...Zone })
export const WorkoutsQuery = Query({ from: Optional(LocalDate), to: Optional(LocalDate), status: Optional(CalendarWorkoutStatus) })
export const WorkoutsMonthQuery = Query({ year: IntFromText(1970, 2100), month: IntFromText(1, 12) })
export const WorkoutStatisticsQuery = Query({ from: Optional(LocalDate), to: Optional(LocalDate) })

const workoutFields = ["sport", "description", "intensity", "plannedDurationMinutes", "plannedDistanceMeters"] as const
export const CreateWorkoutBody = inputOf(CalendarWorkout, { required: ["date", "title"], optional: workoutFields })
export const UpdateWorkoutBody = inputOf(CalendarWorkout, { required: [], optional: ["date", "title", ...workoutFields] })
/** Without `completed` the workout flips; with it, it is set. */
export const CompleteWorkoutBody = Body({ completed: Optional(Bool) })

const WorkoutPath = Schema.Struct({ workoutId: UuidStr })

export class CalendarGroup extends HttpApiGroup.make("calendar")
  .add(op.get("calendarDaily", "/v2/user/calendar/daily", { query: CalendarDayQuery, ok: CalendarDay, summary: "One day of the calendar (today when `date` is absent): its workouts and the activities started in it" }))
  .add(op.get("calendarMonth", "/v2/user/calendar/month", { query: CalendarMonthQuery, ok: CalendarSpan, summary: "Every day of a month (the current one by default) with its workouts, activities and totals" }))
  .add(op.get("calendarRange", "/v2/user/calendar/range", { query: CalendarRangeQuery, ok: CalendarSpan, summary: "The days from `from` to `to` inclusive (at most 93)" }))
  .add(op.get("calendarToday", "/v2/user/calendar/today", { query: Query(Zone), ok: CalendarDay, summary: "Today in the athlete's time zone" }))
  .add(op.get("listCalendarWorkouts", "/v2/user/calendar/workouts", { query: WorkoutsQuery, ok: Schema.Array(CalendarWorkout), summary: "The caller's workouts by date (optional from, to, status)" }))
  .add(op.post("createCalendarWorkout", "/v2/user/calendar/workouts", { body: CreateWorkoutBody, ok: CalendarWorkout, status: 201, summary: "Plan a workout on a date" }))
  .add(op.get("calendarWorkoutsMonth", "/v2/user/calendar/workouts/month", { query: WorkoutsMonthQuery, ok: Schema.Array(CalendarWorkout), summary: "The caller's workouts of a month" }))
  .add(op.get("calendarWorkoutStatistics", "/v2/user/calendar/workouts/statistics", { query: WorkoutStatisticsQuery, ok: WorkoutStatistics, summary: "Planned against completed workouts, minutes and distance, by sport" }))
  .add(op.get("getCalendarWorkout", "/v2/user/calendar/workouts/:workoutId", { path: WorkoutPath, ok: CalendarWorkout, summary: "One of the caller's workouts (404 CALENDAR_WORKOUT_NOT_FOUND for anyone else's)" }))
  .add(op.patch("updateCalendarWorkout", "/v2/user/calendar/workouts/:workoutId", { path: WorkoutPath, body: UpdateWorkoutBody, ok: CalendarWorkout, summary: "Change a workout: only the fields present are written" }))
  .add(op.del("deleteCalendarWorkout", "/v2/user/calendar/workouts/:workoutId", { path: WorkoutPath, ok: DeleteResult, summary: "Delete a workout" }))
  .add(op.patch("toggleCalendarWorkout", "/v2/user/calendar/workouts/:workoutId/complete", { path: WorkoutPath, body: CompleteWorkoutBody, ok: CalendarWorkout, summary: "Complete toggle: flips the workout, or sets `completed`; 409 WORKOUT_STATE_CONFLICT when it is already there" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Athlete / Calendar")
  .annotate(OpenApi.Description, "Daily, month, range and today views in the athlete's time zone (DST-correct); workouts with a complete toggle and statistics")
{}
