/** Repositories of training programs, enrollments and reviews (Postgres in @podium/postgres, memory twins in ../testing). */
import type {
  EnrollmentStatus,
  MoveRefused,
  ProgramDetail,
  ProgramEnrollment,
  ProgramReview,
  ProgramWorkout,
  Sport,
  TrainingProgram,
  WorkoutFeedback
} from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type {
  AlreadyEnrolled,
  EnrollmentMove,
  EnrollmentNotFound,
  ProgramNotFound,
  ProgramWorkoutNotFound,
  ReviewAlreadyPosted,
  ReviewNotFound
} from "./training.model.js"

export interface Page<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number
}

/** What an admin or an organizer writes about a program. */
export type ProgramInput = Pick<TrainingProgram, "title" | "description" | "sport" | "level" | "weeks" | "priceMinor" | "published">

/** What a program workout is made of. */
export type ProgramWorkoutInput = Pick<ProgramWorkout, "week" | "day" | "title" | "sport" | "description" | "intensity" | "plannedDurationMinutes" | "plannedDistanceMeters">

export interface ProgramFilter {
  /** null: the platform's library; a string: that organizer's; absent: every owner. */
  readonly organizerId?: string | null | undefined
  readonly published?: boolean | undefined
  readonly sport?: Sport | undefined
  readonly level?: TrainingProgram["level"] | undefined
  readonly maxWeeks?: number | undefined
  /** Case-insensitive substring of the title. */
  readonly q?: string | undefined
  readonly limit: number
  readonly offset: number
}

export class ProgramRepo extends Context.Tag("@podium/core/training/ProgramRepo")<ProgramRepo, {
  readonly create: (organizerId: string | null, input: ProgramInput, workouts: ReadonlyArray<ProgramWorkoutInput>) => Effect.Effect<ProgramDetail>
  /** A program that is not deleted, with its workouts by week and day. */
  readonly find: (id: string) => Effect.Effect<Option.Option<ProgramDetail>>
  readonly list: (filter: ProgramFilter) => Effect.Effect<Page<TrainingProgram>>
  /** Writes the given fields only; `workouts`, when given, replaces the plan (the old workouts are soft-deleted). */
  readonly update: (id: string, patch: Partial<ProgramInput>, workouts: ReadonlyArray<ProgramWorkoutInput> | undefined) => Effect.Effect<ProgramDetail, ProgramNotFound>
  readonly remove: (id: string) => Effect.Effect<void, ProgramNotFound>
  /**
   * Adds a workout; it is placed on the calendar of every ACTIVE enrollment whose date for it is
   * not before `today` (re-planning reaches the future, never the past).
   */
  readonly addWorkout: (programId: string, input: ProgramWorkoutInput, today: string) => Effect.Effect<ProgramWorkout, ProgramNotFound>
  /** Changes a workout and its PLANNED copies on ACTIVE enrollments' calendars (COMPLETED ones are history). */
  readonly updateWorkout: (programId: string, workoutId: string, patch: Partial<ProgramWorkoutInput>) => Effect.Effect<ProgramWorkout, ProgramWorkoutNotFound>
  /** Soft-deletes a workout and removes its PLANNED copies from ACTIVE enrollments' calendars. */
  readonly removeWorkout: (programId: string, workoutId: string) => Effect.Effect<void, ProgramWorkoutNotFound>
}>() {}

export interface Assignment {
  readonly organizerId: string | null
  readonly eventId: string | null
  readonly assignedBy: string | null
}

export interface EnrollmentFilter {
  readonly userId?: string | undefined
  readonly programId?: string | undefined
  readonly organizerId?: string | undefined
  readonly eventId?: string | undefined
  readonly status?: EnrollmentStatus | undefined
  readonly limit: number
  readonly offset: number
}

export interface ProgramSales {
  readonly programId: string
  readonly title: string
  readonly enrollments: number
  readonly revenueMinor: number
}

export interface EnrollmentCounts {
  readonly active: number
  readonly cancelled: number
  readonly completed: number
}

export interface AthleteEnrollments extends EnrollmentCounts {
  readonly userId: string
  readonly enrollments: number
  readonly lastEnrolledAt: Date
}

export class EnrollmentRepo extends Context.Tag("@podium/core/training/EnrollmentRepo")<EnrollmentRepo, {
  /**
   * Enrolls the athlete and places every workout of the program on their calendar from
   * `startDate`, in one transaction; a second ACTIVE enrollment in the program is refused.
   */
  readonly enroll: (userId: string, program: ProgramDetail, startDate: string, assignment: Assignment) => Effect.Effect<ProgramEnrollment, AlreadyEnrolled>
  readonly findById: (id: string) => Effect.Effect<Option.Option<ProgramEnrollment>>
  readonly list: (filter: EnrollmentFilter) => Effect.Effect<Page<ProgramEnrollment>>
  /**
   * Applies the move as one conditional update. Cancelling also removes the enrollment's PLANNED
   * workouts from the calendar (COMPLETED ones stay: history is never rewritten).
   */
  readonly move: (id: string, move: EnrollmentMove, at: Date) => Effect.Effect<ProgramEnrollment, EnrollmentNotFound | MoveRefused>
  /** Completes an ACTIVE enrollment none of whose workouts is still PLANNED (nothing otherwise). */
  readonly completeIfDone: (id: string, at: Date) => Effect.Effect<void>
  readonly sales: () => Effect.Effect<ReadonlyArray<ProgramSales>>
  readonly counts: () => Effect.Effect<EnrollmentCounts>
  readonly athletes: (page: { readonly limit: number; readonly offset: number }) => Effect.Effect<Page<AthleteEnrollments>>
  /** Writes the athlete's feedback on a workout (a second one replaces the first). */
  readonly saveFeedback: (workoutId: string, userId: string, input: Pick<WorkoutFeedback, "rpe" | "feeling" | "notes">) => Effect.Effect<WorkoutFeedback>
}>() {}

export class ReviewRepo extends Context.Tag("@podium/core/training/ReviewRepo")<ReviewRepo, {
  readonly create: (programId: string, userId: string, input: Pick<ProgramReview, "rating" | "comment">) => Effect.Effect<ProgramReview, ReviewAlreadyPosted>
  readonly findById: (id: string) => Effect.Effect<Option.Option<ProgramReview>>
  /** Visible reviews, newest first. */
  readonly listForProgram: (programId: string, limit: number) => Effect.Effect<ReadonlyArray<ProgramReview>>
  /** Counts the athlete's vote once, however often or concurrently they send it. */
  readonly markHelpful: (id: string, userId: string) => Effect.Effect<ProgramReview, ReviewNotFound>
  /** Counts the athlete's flag once; the review is hidden from `ReviewHiddenAtFlags` flags. */
  readonly flag: (id: string, userId: string, reason: string) => Effect.Effect<ProgramReview, ReviewNotFound>
  readonly averageRating: () => Effect.Effect<{ readonly reviews: number; readonly averageRating: number | null }>
}>() {}
