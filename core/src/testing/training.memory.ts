/** Memory twins of the training context's repositories (the Postgres adapters' behaviour, on maps). */
import type { CalendarWorkout, MoveRefused } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { CalendarRepo } from "../training/calendar.port.js"
import { CalendarWorkoutNotFound, WorkoutMoves } from "../training/training.model.js"
import { nextMemoryId } from "./sequential-id.js"

interface Store {
  readonly workouts: Map<string, CalendarWorkout>
}

const makeStore = (): Store => ({ workouts: new Map() })

const calendarRepo = (store: Store) =>
  CalendarRepo.of({
    create: (userId, input) =>
      Effect.sync(() => {
        const now = new Date()
        const workout: CalendarWorkout = { ...input, id: nextMemoryId(), userId, status: "PLANNED", completedAt: null, createdAt: now, updatedAt: now }
        store.workouts.set(workout.id, workout)
        return workout
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(store.workouts.get(id))),
    list: (userId, filter) =>
      Effect.sync(() =>
        [...store.workouts.values()]
          .filter((w) =>
            w.userId === userId && (filter.from === undefined || w.date >= filter.from) && (filter.to === undefined || w.date <= filter.to) &&
            (filter.status === undefined || w.status === filter.status) && (filter.enrollmentId === undefined || w.enrollmentId === filter.enrollmentId)
          )
          .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      ),
    update: (id, patch) =>
      Effect.suspend(() => {
        const workout = store.workouts.get(id)
        if (workout === undefined) return Effect.fail(new CalendarWorkoutNotFound({ id }))
        const updated = { ...workout, ...patch, updatedAt: Object.keys(patch).length === 0 ? workout.updatedAt : new Date() }
        store.workouts.set(id, updated)
        return Effect.succeed(updated)
      }),
    remove: (id) => Effect.suspend(() => (store.workouts.delete(id) ? Effect.void : Effect.fail(new CalendarWorkoutNotFound({ id })))),
    move: (id, move, at) =>
      Effect.suspend((): Effect.Effect<CalendarWorkout, CalendarWorkoutNotFound | MoveRefused> => {
        const workout = store.workouts.get(id)
        if (workout === undefined) return Effect.fail(new CalendarWorkoutNotFound({ id }))
        return Either.match(WorkoutMoves.transition(workout.status, move), {
          onLeft: Effect.fail,
          onRight: (status) => {
            const updated = { ...workout, status, completedAt: move === "complete" ? at : null, updatedAt: new Date() }
            store.workouts.set(id, updated)
            return Effect.succeed(updated)
          }
        })
      })
  })

/** Every training repository on one fresh memory store. */
export const TrainingMemory = Layer.unwrapEffect(Effect.sync(() => {
  const store = makeStore()
  return Layer.mergeAll(Layer.succeed(CalendarRepo, calendarRepo(store)))
}))
