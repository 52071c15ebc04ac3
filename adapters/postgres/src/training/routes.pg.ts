/** Curated routes on Postgres (migration 0083); deleting is soft, the active toggle one statement. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Training } from "@podium/core"
import { TrainingRoute } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { rowsOf } from "../rows.pg.js"

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export const RouteRepoPg = Layer.effect(Training.RouteRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const routes = rowsOf(TrainingRoute)
  const cols = sql`id, name, description, sport, city, difficulty, points, distance_meters, elevation_gain_meters, is_active, created_at, updated_at`
  const orFail = (id: string) => Option.match({ onNone: () => Effect.fail(new Training.RouteNotFound({ id })), onSome: Effect.succeed<TrainingRoute> })
  const setOf = (patch: Partial<Training.StoredRouteInput>) => {
    const { points, ...rest } = patch
    const base = Object.keys(rest).length === 0 ? sql`updated_at = now()` : sql`${sql.update({ ...rest })}, updated_at = now()`
    return points === undefined ? base : sql`${base}, points = ${JSON.stringify(points)}::jsonb`
  }
  return Training.RouteRepo.of({
    create: (input) =>
      routes.one(sql`insert into training.routes (name, description, sport, city, difficulty, points, distance_meters, elevation_gain_meters)
        values (${input.name}, ${input.description}, ${input.sport}, ${input.city}, ${input.difficulty}, ${JSON.stringify(input.points)}::jsonb,
          ${input.distanceMeters}, ${input.elevationGainMeters})
        returning ${cols}`),
    findById: (id) => routes.maybe(sql`select ${cols} from training.routes where id = ${id} and deleted_at is null`),
    list: (f) =>
      routes.all(sql`select ${cols} from training.routes where deleted_at is null
        ${f.q === undefined ? sql`` : sql`and name ilike ${like(f.q)}`}
        ${f.sport === undefined ? sql`` : sql`and sport = ${f.sport}`}
        ${f.isActive === undefined ? sql`` : sql`and is_active = ${f.isActive}`}
        order by name, id`),
    update: (id, patch) => Effect.flatMap(routes.maybe(sql`update training.routes set ${setOf(patch)} where id = ${id} and deleted_at is null returning ${cols}`), orFail(id)),
    remove: (id) =>
      Effect.flatMap(routes.maybe(sql`update training.routes set deleted_at = now(), is_active = false, updated_at = now()
        where id = ${id} and deleted_at is null returning ${cols}`), (row) => Effect.asVoid(orFail(id)(row))),
    setActive: (id, isActive) =>
      Effect.flatMap(
        routes.maybe(sql`update training.routes set is_active = ${isActive === undefined ? sql`not is_active` : sql`${isActive}`}, updated_at = now()
          where id = ${id} and deleted_at is null returning ${cols}`),
        orFail(id)
      )
  })
}))
