/**
 * The training context's facts: its errors (each with its public meaning), its state machines as
 * tables (states.tsv "Calendar workout", "Program enrollment") and the calendar arithmetic of a day
 * in a time zone.
 */
import { type CalendarWorkoutStatus, defineMoves, DomainError, type EnrollmentStatus } from "@podium/kernel"
import { Schema } from "effect"
import { instantIn, wallClockOf } from "../events/event.model.js"

/** A workout is completed and reopened by the complete toggle; each move is one conditional update. */
export const WorkoutMoves = defineMoves<CalendarWorkoutStatus>()({ machine: "calendar workout", code: "WORKOUT_STATE_CONFLICT" }, {
  complete: { from: ["PLANNED"], to: "COMPLETED" },
  reopen: { from: ["COMPLETED"], to: "PLANNED" }
})
export type WorkoutMove = keyof typeof WorkoutMoves.table

/** An enrollment is cancelled by its athlete (or unassigned by its organizer), completed with its last workout. */
export const EnrollmentMoves = defineMoves<EnrollmentStatus>()({ machine: "program enrollment", code: "ENROLLMENT_STATE_CONFLICT" }, {
  cancel: { from: ["ACTIVE"], to: "CANCELLED" },
  complete: { from: ["ACTIVE"], to: "COMPLETED" }
})
export type EnrollmentMove = keyof typeof EnrollmentMoves.table

export class CalendarWorkoutNotFound extends DomainError<CalendarWorkoutNotFound>()("CalendarWorkoutNotFound", {
  kind: "not-found",
  code: "CALENDAR_WORKOUT_NOT_FOUND"
}, { id: Schema.String }) {
  override get message() {
    return "Workout not found"
  }
}

/** Input failures found after decoding (a span the wrong way round or too long): 400 with the list. */
export class TrainingInputInvalid extends DomainError<TrainingInputInvalid>()("TrainingInputInvalid", {
  kind: "invalid",
  messages: (e) => e.messages
}, { messages: Schema.Array(Schema.String) }) {}

const UuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (s: string) => UuidPattern.test(s)

/** The calendar views span at most this many days (a quarter), so one answer stays bounded. */
export const MaxCalendarSpanDays = 93

const DayMs = 86_400_000

/** The date `days` after `date` (calendar arithmetic on dates, no time zone involved). */
export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DayMs).toISOString().slice(0, 10)

/** Days from `from` to `to` (0 when equal). */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DayMs)

/**
 * The instants a local day covers in `zone`: from its midnight to the next day's midnight on the
 * zone's wall clock, so the day is 23 or 25 hours long when a DST change falls in it.
 */
export const dayBounds = (date: string, zone: string): { readonly startsAt: Date; readonly endsAt: Date } => ({
  startsAt: instantIn(`${date}T00:00:00`, zone)!,
  endsAt: instantIn(`${addDays(date, 1)}T00:00:00`, zone)!
})

/** The local date of `at` in `zone`. */
export const localDateOf = (at: Date, zone: string): string => wallClockOf(at, zone).slice(0, 10)

/** The first and last date of a month. */
export const monthSpan = (year: number, month: number): { readonly from: string; readonly to: string } => {
  const from = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-01`
  const next = month === 12 ? `${String(year + 1).padStart(4, "0")}-01-01` : `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-01`
  return { from, to: addDays(next, -1) }
}

export class ProgramNotFound extends DomainError<ProgramNotFound>()("ProgramNotFound", { kind: "not-found", code: "PROGRAM_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Training program not found"
  }
}

export class ProgramWorkoutNotFound extends DomainError<ProgramWorkoutNotFound>()("ProgramWorkoutNotFound", {
  kind: "not-found",
  code: "PROGRAM_WORKOUT_NOT_FOUND"
}, { id: Schema.String }) {
  override get message() {
    return "Program workout not found"
  }
}

export class EnrollmentNotFound extends DomainError<EnrollmentNotFound>()("EnrollmentNotFound", { kind: "not-found", code: "ENROLLMENT_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Enrollment not found"
  }
}

/** One active enrollment per athlete and program (409 ALREADY_ENROLLED). */
export class AlreadyEnrolled extends DomainError<AlreadyEnrolled>()("AlreadyEnrolled", { kind: "conflict", code: "ALREADY_ENROLLED" }, {
  programId: Schema.String
}) {
  override get message() {
    return "The athlete is already enrolled in this program"
  }
}

export class ReviewNotFound extends DomainError<ReviewNotFound>()("ReviewNotFound", { kind: "not-found", code: "REVIEW_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Review not found"
  }
}

/** One review per athlete and program (409 REVIEW_ALREADY_POSTED). */
export class ReviewAlreadyPosted extends DomainError<ReviewAlreadyPosted>()("ReviewAlreadyPosted", { kind: "conflict", code: "REVIEW_ALREADY_POSTED" }, {
  programId: Schema.String
}) {
  override get message() {
    return "You have already reviewed this program"
  }
}

/** A review needs a COMPLETED enrollment in the program: an unmet precondition (A 7: 400). */
export class ReviewNeedsCompletion extends DomainError<ReviewNeedsCompletion>()("ReviewNeedsCompletion", {
  kind: "invalid",
  code: "PROGRAM_NOT_COMPLETED"
}, { programId: Schema.String }) {
  override get message() {
    return "Only athletes who completed this program may review it"
  }
}

/** Athletes vote on others' reviews, not their own (409 OWN_REVIEW). */
export class OwnReview extends DomainError<OwnReview>()("OwnReview", { kind: "conflict", code: "OWN_REVIEW" }, { id: Schema.String }) {
  override get message() {
    return "You cannot mark or flag your own review"
  }
}

/** Reviews flagged by this many athletes leave the previews until an admin looks. */
export const ReviewHiddenAtFlags = 3

/** The calendar date of a program workout for an enrollment starting on `startDate`. */
export const workoutDate = (startDate: string, week: number, day: number) => addDays(startDate, (week - 1) * 7 + (day - 1))

/** The athlete an organizer names does not exist (404 ATHLETE_NOT_FOUND). */
export class AthleteNotFound extends DomainError<AthleteNotFound>()("AthleteNotFound", { kind: "not-found", code: "ATHLETE_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Athlete not found"
  }
}

export class FuelingTemplateNotFound extends DomainError<FuelingTemplateNotFound>()("FuelingTemplateNotFound", {
  kind: "not-found",
  code: "FUELING_TEMPLATE_NOT_FOUND"
}, { id: Schema.String }) {
  override get message() {
    return "Fueling template not found"
  }
}

/** Only a deleted template can be restored (409 FUELING_TEMPLATE_NOT_DELETED). */
export class FuelingTemplateNotDeleted extends DomainError<FuelingTemplateNotDeleted>()("FuelingTemplateNotDeleted", {
  kind: "conflict",
  code: "FUELING_TEMPLATE_NOT_DELETED"
}, { id: Schema.String }) {
  override get message() {
    return "This fueling template is not deleted"
  }
}

export class NutritionSourceNotFound extends DomainError<NutritionSourceNotFound>()("NutritionSourceNotFound", {
  kind: "not-found",
  code: "NUTRITION_SOURCE_NOT_FOUND"
}, { key: Schema.String }) {
  override get message() {
    return `No nutrition source ${this.key}`
  }
}

export class NutritionSourceExists extends DomainError<NutritionSourceExists>()("NutritionSourceExists", {
  kind: "conflict",
  code: "NUTRITION_SOURCE_EXISTS"
}, { key: Schema.String }) {
  override get message() {
    return `A nutrition source ${this.key} already exists`
  }
}

export class RouteNotFound extends DomainError<RouteNotFound>()("RouteNotFound", { kind: "not-found", code: "ROUTE_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Route not found"
  }
}
