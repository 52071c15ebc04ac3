/**
 * Training programs: the athlete's library, preview, enrollment (workouts placed on the calendar),
 * cancel, adherence, today's workout, feedback and reviews; the admin's template library and its
 * numbers; organizers' own programs with single and bulk assignment.
 */
import type { EnrollmentAdherence, EnrollmentStatus, ProgramDetail, ProgramPreview, TodayWorkout, WorkoutFeedback } from "@podium/kernel"
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { CalendarRepo } from "./calendar.port.js"
import { DefaultTimeZone, ownWorkout } from "./calendar.use-case.js"
import { type Assignment, type EnrollmentFilter, EnrollmentRepo, type ProgramFilter, type ProgramInput, ProgramRepo, type ProgramWorkoutInput, ReviewRepo } from "./programs.port.js"
import {
  EnrollmentNotFound,
  isUuid,
  localDateOf,
  OwnReview,
  ProgramNotFound,
  ReviewNeedsCompletion,
  ReviewNotFound,
  TrainingInputInvalid
} from "./training.model.js"

const todayIn = (zone: string) => localDateOf(new Date(), zone)

/** A program that is not deleted (any owner). */
export const findProgram = Effect.fn("programs.find")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(ProgramRepo, (r) => r.find(id)) : Option.none()
  if (Option.isNone(found)) return yield* new ProgramNotFound({ id })
  return found.value
})

/** A program athletes may see: published. */
const publishedProgram = Effect.fn("programs.published")(function*(id: string) {
  const program = yield* findProgram(id)
  if (!program.published) return yield* new ProgramNotFound({ id })
  return program
})

export type LibraryFilter = Omit<ProgramFilter, "published" | "organizerId">

/** Every published program (the platform's and organizers'). */
export const programLibrary = (filter: LibraryFilter) => Effect.flatMap(ProgramRepo, (r) => r.list({ ...filter, published: true }))

/** The platform's published programs only. */
export const adminLibrary = (filter: LibraryFilter) => Effect.flatMap(ProgramRepo, (r) => r.list({ ...filter, published: true, organizerId: null }))

export const previewProgram = Effect.fn("programs.preview")(function*(id: string) {
  const program = yield* publishedProgram(id)
  const reviews = yield* Effect.flatMap(ReviewRepo, (r) => r.listForProgram(id, 20))
  return { program, reviews } satisfies ProgramPreview
})

const startDateOf = (startDate: string | undefined, zone: string | undefined) => startDate ?? todayIn(zone ?? DefaultTimeZone)

export const enroll = Effect.fn("programs.enroll")(function*(principal: Principal, id: string, input: { readonly startDate?: string | undefined; readonly timeZone?: string | undefined }) {
  const program = yield* publishedProgram(id)
  // Any start date is accepted: an athlete may follow a plan that began last week.
  const start = startDateOf(input.startDate, input.timeZone)
  return yield* Effect.flatMap(EnrollmentRepo, (r) => r.enroll(principal.accountId, program, start, { organizerId: null, eventId: null, assignedBy: null }))
})
export const myEnrollments = (principal: Principal, status: EnrollmentStatus | undefined) =>
  Effect.map(Effect.flatMap(EnrollmentRepo, (r) => r.list({ userId: principal.accountId, status, limit: 200, offset: 0 })), (p) => p.items)

export const ownEnrollment = Effect.fn("programs.ownEnrollment")(function*(principal: Principal, id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(EnrollmentRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found) || found.value.userId !== principal.accountId) return yield* new EnrollmentNotFound({ id })
  return found.value
})

export const cancelEnrollment = Effect.fn("programs.cancel")(function*(principal: Principal, id: string) {
  yield* ownEnrollment(principal, id)
  return yield* Effect.flatMap(EnrollmentRepo, (r) => r.move(id, "cancel", new Date()))
})

export const enrollmentAdherence = Effect.fn("programs.adherence")(function*(principal: Principal, id: string, zone: string | undefined) {
  const enrollment = yield* ownEnrollment(principal, id)
  const today = todayIn(zone ?? DefaultTimeZone)
  const workouts = yield* Effect.flatMap(CalendarRepo, (r) => r.list(principal.accountId, { enrollmentId: id }))
  const due = workouts.filter((w) => w.date <= today)
  const completed = workouts.filter((w) => w.status === "COMPLETED")
  const completedDue = due.filter((w) => w.status === "COMPLETED")
  return {
    enrollmentId: id,
    status: enrollment.status,
    asOf: today,
    totalWorkouts: workouts.length,
    dueWorkouts: due.length,
    completedWorkouts: completed.length,
    completedDueWorkouts: completedDue.length,
    adherenceRate: due.length === 0 ? 1 : Math.round((completedDue.length / due.length) * 1000) / 1000,
    nextWorkout: workouts.find((w) => w.status === "PLANNED" && w.date >= today) ?? null
  } satisfies EnrollmentAdherence
})

export const todayWorkout = Effect.fn("programs.today")(function*(principal: Principal, zone = DefaultTimeZone) {
  const date = todayIn(zone)
  const active = yield* myEnrollments(principal, "ACTIVE")
  if (active.length === 0) return { date, timeZone: zone, workout: null, enrollment: null, reason: "NO_ACTIVE_PROGRAM" } satisfies TodayWorkout
  const workouts = yield* Effect.flatMap(CalendarRepo, (r) => r.list(principal.accountId, { from: date, to: date }))
  const workout = workouts.find((w) => w.enrollmentId !== null && active.some((e) => e.id === w.enrollmentId))
  if (workout === undefined) return { date, timeZone: zone, workout: null, enrollment: null, reason: "REST_DAY" } satisfies TodayWorkout
  return { date, timeZone: zone, workout, enrollment: active.find((e) => e.id === workout.enrollmentId) ?? null, reason: null } satisfies TodayWorkout
})

export const workoutFeedback = Effect.fn("programs.feedback")(function*(principal: Principal, workoutId: string, input: Pick<WorkoutFeedback, "rpe"> & Partial<Pick<WorkoutFeedback, "feeling" | "notes">>) {
  yield* ownWorkout(principal, workoutId)
  return yield* Effect.flatMap(EnrollmentRepo, (r) => r.saveFeedback(workoutId, principal.accountId, { rpe: input.rpe, feeling: input.feeling ?? "good", notes: input.notes ?? null }))
})

export const reviewProgram = Effect.fn("programs.review")(function*(principal: Principal, programId: string, input: { readonly rating: number; readonly comment?: string | null | undefined }) {
  yield* findProgram(programId)
  const completed = yield* Effect.flatMap(EnrollmentRepo, (r) => r.list({ userId: principal.accountId, programId, status: "COMPLETED", limit: 1, offset: 0 }))
  if (completed.total === 0) return yield* new ReviewNeedsCompletion({ programId })
  return yield* Effect.flatMap(ReviewRepo, (r) => r.create(programId, principal.accountId, { rating: input.rating, comment: input.comment ?? null }))
})

const othersReview = Effect.fn("programs.othersReview")(function*(principal: Principal, id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(ReviewRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(found)) return yield* new ReviewNotFound({ id })
  if (found.value.userId === principal.accountId) return yield* new OwnReview({ id })
  return found.value
})

export const markReviewHelpful = Effect.fn("programs.helpful")(function*(principal: Principal, id: string) {
  yield* othersReview(principal, id)
  return yield* Effect.flatMap(ReviewRepo, (r) => r.markHelpful(id, principal.accountId))
})

export const flagReview = Effect.fn("programs.flag")(function*(principal: Principal, id: string, reason: string) {
  yield* othersReview(principal, id)
  return yield* Effect.flatMap(ReviewRepo, (r) => r.flag(id, principal.accountId, reason))
})

// ---- Admin: the platform's template library and its numbers ----

export interface TemplateInput extends Partial<ProgramInput> {
  readonly workouts?: ReadonlyArray<ProgramWorkoutInput> | undefined
}

const checkPlan = (weeks: number, workouts: ReadonlyArray<ProgramWorkoutInput> | undefined) => {
  const beyond = (workouts ?? []).filter((w) => w.week > weeks)
  return beyond.length === 0
    ? Effect.void
    : Effect.fail(new TrainingInputInvalid({ messages: [`every workout's week must be at most the program's ${weeks} weeks`] }))
}

const programDefaults = (input: TemplateInput & Pick<ProgramInput, "title" | "weeks">): ProgramInput => ({
  title: input.title,
  weeks: input.weeks,
  description: input.description ?? null,
  sport: input.sport ?? "run",
  level: input.level ?? "beginner",
  priceMinor: input.priceMinor ?? 0,
  published: input.published ?? false
})

export const createProgram = Effect.fn("programs.create")(function*(organizerId: string | null, input: TemplateInput & Pick<ProgramInput, "title" | "weeks">) {
  yield* checkPlan(input.weeks, input.workouts)
  return yield* Effect.flatMap(ProgramRepo, (r) => r.create(organizerId, programDefaults(input), input.workouts ?? []))
})

/** A program of this owner (null: the platform's); another owner's is not found. */
export const ownedProgram = Effect.fn("programs.owned")(function*(organizerId: string | null, id: string) {
  const program = yield* findProgram(id)
  if (program.organizerId !== organizerId) return yield* new ProgramNotFound({ id })
  return program
})

export const updateProgram = Effect.fn("programs.update")(function*(organizerId: string | null, id: string, input: TemplateInput) {
  const program = yield* ownedProgram(organizerId, id)
  const { workouts, ...patch } = input
  yield* checkPlan(patch.weeks ?? program.weeks, workouts ?? program.workouts)
  return yield* Effect.flatMap(ProgramRepo, (r) => r.update(id, patch, workouts))
})

export const publishProgram = (organizerId: string | null, id: string, published: boolean) => updateProgram(organizerId, id, { published })

export const deleteProgram = Effect.fn("programs.delete")(function*(organizerId: string | null, id: string) {
  yield* ownedProgram(organizerId, id)
  yield* Effect.flatMap(ProgramRepo, (r) => r.remove(id))
  return { id, deleted: true as const }
})

export const listPrograms = (organizerId: string | null, filter: Omit<ProgramFilter, "organizerId">) =>
  Effect.flatMap(ProgramRepo, (r) => r.list({ ...filter, organizerId }))

export const trainingPlanEnrollments = (filter: EnrollmentFilter) => Effect.flatMap(EnrollmentRepo, (r) => r.list(filter))

export const trainingPlanRevenue = Effect.gen(function*() {
  const sales = yield* Effect.flatMap(EnrollmentRepo, (r) => r.sales())
  return {
    currency: "INR" as const,
    totalMinor: sales.reduce((s, p) => s + p.revenueMinor, 0),
    paidEnrollments: sales.reduce((s, p) => s + (p.revenueMinor > 0 ? p.enrollments : 0), 0),
    byProgram: sales
  }
})

export const trainingPlanStats = Effect.gen(function*() {
  const programs = yield* Effect.flatMap(ProgramRepo, (r) => r.list({ limit: 1, offset: 0 }))
  const published = yield* Effect.flatMap(ProgramRepo, (r) => r.list({ published: true, limit: 1, offset: 0 }))
  const platform = yield* Effect.flatMap(ProgramRepo, (r) => r.list({ organizerId: null, limit: 1, offset: 0 }))
  const counts = yield* Effect.flatMap(EnrollmentRepo, (r) => r.counts())
  const rating = yield* Effect.flatMap(ReviewRepo, (r) => r.averageRating())
  const finished = counts.completed + counts.cancelled
  return {
    programs: programs.total,
    publishedPrograms: published.total,
    platformPrograms: platform.total,
    enrollments: { ...counts, total: counts.active + counts.cancelled + counts.completed },
    /** Completed among the enrollments that ended (completed or cancelled). */
    completionRate: finished === 0 ? 0 : Math.round((counts.completed / finished) * 1000) / 1000,
    reviews: rating.reviews,
    averageRating: rating.averageRating
  }
})

export const trainingPlanUsers = (page: { readonly limit: number; readonly offset: number }) => Effect.flatMap(EnrollmentRepo, (r) => r.athletes(page))

/** Assigns a program to an athlete on behalf of an organizer (an enrollment the organizer can see). */
export const assignProgram = (userId: string, program: ProgramDetail, startDate: string, assignment: Assignment) =>
  Effect.flatMap(EnrollmentRepo, (r) => r.enroll(userId, program, startDate, assignment))

/** A plan item as a client writes it: week, day and title; the rest defaults like a calendar workout's. */
export type PlanItem = Pick<ProgramWorkoutInput, "week" | "day" | "title"> & Partial<Omit<ProgramWorkoutInput, "week" | "day" | "title">>

export const planItem = (item: PlanItem): ProgramWorkoutInput => ({
  week: item.week,
  day: item.day,
  title: item.title,
  sport: item.sport ?? "run",
  description: item.description ?? null,
  intensity: item.intensity ?? "moderate",
  plannedDurationMinutes: item.plannedDurationMinutes ?? null,
  plannedDistanceMeters: item.plannedDistanceMeters ?? null
})
