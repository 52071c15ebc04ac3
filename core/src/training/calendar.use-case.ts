/**
 * The athlete's calendar: planned workouts (by local date) beside the activities that count (by
 * instant), read in the athlete's time zone. A day is local midnight to local midnight, so on a DST
 * change it is 23 or 25 hours long and an activity lands on the day its athlete lived it.
 */
import type { Activity, CalendarDay, CalendarSpan, CalendarTotals, CalendarWorkout, WorkoutStatistics } from "@podium/kernel"
import { Effect, Option } from "effect"
import { eligibleActivities } from "../activities/activity.use-case.js"
import type { Principal } from "../identity/principal.model.js"
import { CalendarRepo, type WorkoutFilter, type WorkoutInput } from "./calendar.port.js"
import { EnrollmentRepo } from "./programs.port.js"
import {
  addDays,
  CalendarWorkoutNotFound,
  dayBounds,
  daysBetween,
  isUuid,
  localDateOf,
  MaxCalendarSpanDays,
  monthSpan,
  TrainingInputInvalid
} from "./training.model.js"

/**
 * The spec names no stored time zone for an athlete; like calendar APIs do, every read takes the
 * client's IANA zone (`timeZone`), UTC when absent.
 */
export const DefaultTimeZone = "UTC"

const totalsOf = (workouts: ReadonlyArray<CalendarWorkout>, activities: ReadonlyArray<Activity>): CalendarTotals => ({
  plannedWorkouts: workouts.length,
  completedWorkouts: workouts.filter((w) => w.status === "COMPLETED").length,
  plannedMinutes: workouts.reduce((sum, w) => sum + (w.plannedDurationMinutes ?? 0), 0),
  activityCount: activities.length,
  activityDistanceMeters: activities.reduce((sum, a) => sum + a.distanceMeters, 0),
  activityDurationSeconds: activities.reduce((sum, a) => sum + a.durationSeconds, 0)
})

const checkSpan = (from: string, to: string) => {
  const days = daysBetween(from, to)
  if (days < 0) return Effect.fail(new TrainingInputInvalid({ messages: ["to must not be before from"] }))
  if (days >= MaxCalendarSpanDays) return Effect.fail(new TrainingInputInvalid({ messages: [`the range must not exceed ${MaxCalendarSpanDays} days`] }))
  return Effect.void
}

/** The days from `from` to `to` (inclusive) in `zone`. */
const spanOf = Effect.fn("calendar.span")(function*(principal: Principal, from: string, to: string, zone: string) {
  yield* checkSpan(from, to)
  const startsAt = dayBounds(from, zone).startsAt
  const endsAt = dayBounds(to, zone).endsAt
  const workouts = yield* Effect.flatMap(CalendarRepo, (r) => r.list(principal.accountId, { from, to }))
  // The calendar shows the activities that count (an activity held out by an anti-cheat flag is not).
  const activities = yield* eligibleActivities({ userIds: [principal.accountId], from: startsAt, to: endsAt })
  const days: Array<CalendarDay> = []
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const bounds = dayBounds(date, zone)
    const dayWorkouts = workouts.filter((w) => w.date === date)
    const dayActivities = activities.filter((a) => localDateOf(a.startedAt, zone) === date)
    days.push({
      date,
      timeZone: zone,
      ...bounds,
      hours: (bounds.endsAt.getTime() - bounds.startsAt.getTime()) / 3_600_000,
      workouts: dayWorkouts,
      activities: dayActivities,
      totals: totalsOf(dayWorkouts, dayActivities)
    })
  }
  return { from, to, timeZone: zone, days, totals: totalsOf(workouts, activities) } satisfies CalendarSpan
})

export const calendarDay = Effect.fn("calendar.day")(function*(principal: Principal, date: string | undefined, zone = DefaultTimeZone) {
  const day = date ?? localDateOf(new Date(), zone)
  const span = yield* spanOf(principal, day, day, zone)
  return span.days[0]!
})

export const calendarToday = (principal: Principal, zone = DefaultTimeZone) => calendarDay(principal, undefined, zone)

export const calendarMonth = Effect.fn("calendar.month")(function*(principal: Principal, year: number | undefined, month: number | undefined, zone = DefaultTimeZone) {
  const today = localDateOf(new Date(), zone)
  const span = monthSpan(year ?? Number(today.slice(0, 4)), month ?? Number(today.slice(5, 7)))
  return yield* spanOf(principal, span.from, span.to, zone)
})

export const calendarRange = (principal: Principal, from: string, to: string, zone = DefaultTimeZone) => spanOf(principal, from, to, zone)

export const ownWorkout = Effect.fn("calendar.ownWorkout")(function*(principal: Principal, id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(CalendarRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found) || found.value.userId !== principal.accountId) return yield* new CalendarWorkoutNotFound({ id })
  return found.value
})

export const listWorkouts = (principal: Principal, filter: WorkoutFilter) => Effect.flatMap(CalendarRepo, (r) => r.list(principal.accountId, filter))

export const monthWorkouts = (principal: Principal, year: number, month: number) => listWorkouts(principal, monthSpan(year, month))

export type NewWorkout = Pick<WorkoutInput, "date" | "title"> & Partial<Omit<WorkoutInput, "date" | "title">>

export const createWorkout = (principal: Principal, input: NewWorkout) =>
  Effect.flatMap(CalendarRepo, (r) =>
    r.create(principal.accountId, {
      date: input.date,
      title: input.title,
      sport: input.sport ?? "run",
      description: input.description ?? null,
      intensity: input.intensity ?? "moderate",
      plannedDurationMinutes: input.plannedDurationMinutes ?? null,
      plannedDistanceMeters: input.plannedDistanceMeters ?? null,
      enrollmentId: null,
      programWorkoutId: null
    }))

export const updateWorkout = Effect.fn("calendar.updateWorkout")(function*(principal: Principal, id: string, patch: Partial<WorkoutInput>) {
  yield* ownWorkout(principal, id)
  return yield* Effect.flatMap(CalendarRepo, (r) => r.update(id, patch))
})

export const deleteWorkout = Effect.fn("calendar.deleteWorkout")(function*(principal: Principal, id: string) {
  yield* ownWorkout(principal, id)
  yield* Effect.flatMap(CalendarRepo, (r) => r.remove(id))
  return { id, deleted: true as const }
})

/**
 * The complete toggle: without `completed` the workout flips; with it, it is moved there. Either
 * way the move is one conditional update, so of concurrent identical calls exactly one wins and
 * the others are 409 WORKOUT_STATE_CONFLICT.
 */
export const toggleWorkout = Effect.fn("calendar.toggleWorkout")(function*(principal: Principal, id: string, completed: boolean | undefined) {
  const workout = yield* ownWorkout(principal, id)
  const target = completed ?? workout.status !== "COMPLETED"
  const at = new Date()
  const moved = yield* Effect.flatMap(CalendarRepo, (r) => r.move(id, target ? "complete" : "reopen", at))
  // A program enrollment is COMPLETED with its last workout.
  if (moved.status === "COMPLETED" && moved.enrollmentId !== null) yield* Effect.flatMap(EnrollmentRepo, (r) => r.completeIfDone(moved.enrollmentId!, at))
  return moved
})

export const workoutStatistics = Effect.fn("calendar.statistics")(function*(principal: Principal, from: string | undefined, to: string | undefined) {
  if (from !== undefined && to !== undefined && to < from) return yield* new TrainingInputInvalid({ messages: ["to must not be before from"] })
  const workouts = yield* listWorkouts(principal, { from, to })
  const done = workouts.filter((w) => w.status === "COMPLETED")
  const sports = [...new Set(workouts.map((w) => w.sport))].sort()
  return {
    from: from ?? null,
    to: to ?? null,
    planned: workouts.length,
    completed: done.length,
    completionRate: workouts.length === 0 ? 0 : Math.round((done.length / workouts.length) * 1000) / 1000,
    plannedMinutes: workouts.reduce((s, w) => s + (w.plannedDurationMinutes ?? 0), 0),
    completedMinutes: done.reduce((s, w) => s + (w.plannedDurationMinutes ?? 0), 0),
    plannedDistanceMeters: workouts.reduce((s, w) => s + (w.plannedDistanceMeters ?? 0), 0),
    completedDistanceMeters: done.reduce((s, w) => s + (w.plannedDistanceMeters ?? 0), 0),
    bySport: sports.map((sport) => ({
      sport,
      planned: workouts.filter((w) => w.sport === sport).length,
      completed: done.filter((w) => w.sport === sport).length
    }))
  } satisfies WorkoutStatistics
})
