/**
 * Gear and gear types on Postgres (migration 0045). A gear's distance is its starting distance
 * plus the distance of every activity that names it, summed at read time so it can never drift
 * from the activities.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Activities } from "@podium/core"
import { Gear } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import { makeCollectionRepoPg } from "../platform/collection.pg.js"
import { ids, rowsOf } from "../rows.pg.js"

export const GearTypeRepoPg = Layer.effect(Activities.GearTypeRepo, makeCollectionRepoPg(Activities.GearTypes, { table: "activities.gear_types" }))

export const GearRepoPg = Layer.effect(Activities.GearRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const gears = rowsOf(Gear)
  const select = sql`
    select g.id, g.user_id, g.gear_type_id, g.name, g.brand, g.model, g.initial_distance_meters, g.max_distance_meters, g.retired,
      (g.initial_distance_meters + coalesce(t.distance, 0))::float8 as distance_meters, coalesce(t.n, 0)::int as activity_count,
      g.created_at, g.updated_at
    from activities.gears g
    left join lateral (select sum(a.distance_meters) as distance, count(*) as n from activities.activities a where a.gear_id = g.id) t on true`
  const byId = (id: string) => gears.maybe(sql`${select} where g.id = ${id}`)
  return Activities.GearRepo.of({
    list: (userId) => gears.all(sql`${select} where g.user_id = ${userId} order by g.retired, g.created_at desc, g.id`),
    findById: byId,
    create: (userId, input) =>
      Effect.flatMap(
        ids.one(sql`insert into activities.gears ${sql.insert({ ...input, userId })} returning id`),
        (row) => Effect.map(byId(row.id), Option.getOrThrow)
      ),
    update: (id, patch) =>
      Effect.gen(function*() {
        const set = Object.keys(patch).length === 0 ? sql`updated_at = updated_at` : sql`${sql.update({ ...patch })}, updated_at = now()`
        const updated = yield* ids.maybe(sql`update activities.gears set ${set} where id = ${id} returning id`)
        if (Option.isNone(updated)) return yield* new Activities.GearNotFound({ id })
        return Option.getOrThrow(yield* byId(id))
      }),
    remove: (id) =>
      Effect.gen(function*() {
        const deleted = yield* ids.maybe(sql`delete from activities.gears where id = ${id} returning id`)
        if (Option.isNone(deleted)) return yield* new Activities.GearNotFound({ id })
      })
  })
}))
