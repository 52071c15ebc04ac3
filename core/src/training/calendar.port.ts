/** Repositories of the training context's calendar (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { CalendarWorkout, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { CalendarWorkoutNotFound, WorkoutMove } from "./training.model.js"

/** What an athlete writes about a workout; the server sets the rest. */
export type WorkoutInput = Pick<CalendarWorkout, "date" | "title" | "sport" | "description" | "intensity" | "plannedDurationMinutes" | "plannedDistanceMeters">

/** A workout as a program enrollment places it on the calendar. */
export interface PlacedWorkout extends WorkoutInput {
  readonly enrollmentId: string | null
  readonly programWorkoutId: string | null
}

export interface WorkoutFilter {
  /** Inclusive local dates. */
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly status?: CalendarWorkout["status"] | undefined
  readonly enrollmentId?: string | undefined
}

export class CalendarRepo extends Context.Tag("@podium/core/training/CalendarRepo")<CalendarRepo, {
  readonly create: (userId: string, input: PlacedWorkout) => Effect.Effect<CalendarWorkout>
  readonly findById: (id: string) => Effect.Effect<Option.Option<CalendarWorkout>>
  /** The athlete's workouts by date, then creation. */
  readonly list: (userId: string, filter: WorkoutFilter) => Effect.Effect<ReadonlyArray<CalendarWorkout>>
  /** Writes the given fields only. */
  readonly update: (id: string, patch: Partial<WorkoutInput>) => Effect.Effect<CalendarWorkout, CalendarWorkoutNotFound>
  readonly remove: (id: string) => Effect.Effect<void, CalendarWorkoutNotFound>
  /** Applies the move as one conditional update (`completedAt` set by complete, cleared by reopen). */
  readonly move: (id: string, move: WorkoutMove, at: Date) => Effect.Effect<CalendarWorkout, CalendarWorkoutNotFound | MoveRefused>
}>() {}
