/** The athlete's calendar workouts on Postgres (migration 0080); the complete toggle is `applyMove`. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Training } from "@podium/core"
import { CalendarWorkout } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { applyMove } from "../moves.pg.js"
import { ids, rowsOf } from "../rows.pg.js"

export const CalendarRepoPg = Layer.effect(Training.CalendarRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const workouts = rowsOf(CalendarWorkout)
  const cols = sql`id, user_id, date::text as date, title, sport, description, intensity, planned_duration_minutes, planned_distance_meters,
    status, completed_at, enrollment_id::text as enrollment_id, program_workout_id::text as program_workout_id, created_at, updated_at`
  const byId = (id: string) => workouts.maybe(sql`select ${cols} from training.calendar_workouts where id = ${id}`)
  const notFound = (id: string) => new Training.CalendarWorkoutNotFound({ id })
  return Training.CalendarRepo.of({
    create: (userId, input) => workouts.one(sql`insert into training.calendar_workouts ${sql.insert({ ...input, userId })} returning ${cols}`),
    findById: byId,
    list: (userId, filter) =>
      workouts.all(sql`select ${cols} from training.calendar_workouts
        where user_id = ${userId}
          ${filter.from === undefined ? sql`` : sql`and date >= ${filter.from}::date`}
          ${filter.to === undefined ? sql`` : sql`and date <= ${filter.to}::date`}
          ${filter.status === undefined ? sql`` : sql`and status = ${filter.status}`}
          ${filter.enrollmentId === undefined ? sql`` : sql`and enrollment_id = ${filter.enrollmentId}`}
        order by date, created_at, id`),
    update: (id, patch) =>
      Effect.gen(function*() {
        const set = Object.keys(patch).length === 0 ? sql`updated_at = updated_at` : sql`${sql.update({ ...patch })}, updated_at = now()`
        const updated = yield* ids.maybe(sql`update training.calendar_workouts set ${set} where id = ${id} returning id`)
        if (Option.isNone(updated)) return yield* notFound(id)
        return Option.getOrThrow(yield* byId(id))
      }),
    remove: (id) =>
      Effect.flatMap(ids.maybe(sql`delete from training.calendar_workouts where id = ${id} returning id`), (deleted) =>
        Option.isNone(deleted) ? Effect.fail(notFound(id)) : Effect.void),
    move: (id, move, at) =>
      applyMove(sql, {
        moves: Training.WorkoutMoves,
        move,
        table: "training.calendar_workouts",
        id,
        set: sql`completed_at = ${move === "complete" ? at : null}, updated_at = now()`,
        returning: cols,
        rows: workouts,
        notFound: () => notFound(id)
      })
  })
}))
