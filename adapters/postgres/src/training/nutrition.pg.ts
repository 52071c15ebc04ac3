/** The nutrition catalogue on Postgres (migration 0082); delete, restore and the source toggle are single conditional statements. */
import * as SqlClient from "@effect/sql/SqlClient"
import { Training } from "@podium/core"
import { Food, FuelingTemplate, NutritionSource } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, ids, onUnique, rowsOf } from "../rows.pg.js"

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
const CategoryRow = Schema.Struct({ category: Schema.String, templates: Schema.Number })

export const NutritionRepoPg = Layer.effect(Training.NutritionRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const templates = rowsOf(FuelingTemplate)
  const sources = rowsOf(NutritionSource)
  const foods = rowsOf(Food)
  const categories = rowsOf(CategoryRow)
  const tcols = sql`id, name, category, sport, description, duration_minutes, items, deleted_at, created_at, updated_at`
  const scols = sql`s.key, s.name, s.description, s.enabled, (select count(*)::int from training.foods f where f.source_key = s.key) as food_count,
    s.created_at, s.updated_at`
  const findTemplate = (id: string) => templates.maybe(sql`select ${tcols} from training.fueling_templates where id = ${id}`)
  const findSource = (key: string) => sources.maybe(sql`select ${scols} from training.nutrition_sources s where s.key = ${key}`)
  const sourceOrFail = (key: string) =>
    Effect.flatMap(findSource(key), Option.match({ onNone: () => Effect.fail(new Training.NutritionSourceNotFound({ key })), onSome: Effect.succeed }))
  const templateNotFound = (id: string) => new Training.FuelingTemplateNotFound({ id })
  const templateSet = (patch: Partial<Training.FuelingTemplateInput>) => {
    const { items, ...rest } = patch
    const base = Object.keys(rest).length === 0 ? sql`updated_at = now()` : sql`${sql.update({ ...rest })}, updated_at = now()`
    return items === undefined ? base : sql`${base}, items = ${JSON.stringify(items)}::jsonb`
  }
  const foodWhere = (f: Training.FoodFilter) =>
    sql`where s.enabled
      ${f.q === undefined ? sql`` : sql`and f.name ilike ${like(f.q)}`}
      ${f.category === undefined ? sql`` : sql`and f.category = ${f.category}`}
      ${f.sourceKey === undefined ? sql`` : sql`and f.source_key = ${f.sourceKey}`}`
  return Training.NutritionRepo.of({
    createTemplate: (input) =>
      templates.one(sql`insert into training.fueling_templates (name, category, sport, description, duration_minutes, items)
        values (${input.name}, ${input.category}, ${input.sport}, ${input.description}, ${input.durationMinutes}, ${JSON.stringify(input.items)}::jsonb)
        returning ${tcols}`),
    findTemplate,
    listTemplates: (f) =>
      templates.all(sql`select ${tcols} from training.fueling_templates
        where true ${f.includeDeleted ? sql`` : sql`and deleted_at is null`}
          ${f.category === undefined ? sql`` : sql`and category = ${f.category}`}
          ${f.sport === undefined ? sql`` : sql`and sport = ${f.sport}`}
        order by category, name, id`),
    categories: () =>
      categories.all(sql`select category, count(*)::int as templates from training.fueling_templates where deleted_at is null
        group by category order by category`),
    updateTemplate: (id, patch) =>
      Effect.flatMap(templates.maybe(sql`update training.fueling_templates set ${templateSet(patch)} where id = ${id} and deleted_at is null returning ${tcols}`),
        Option.match({ onNone: () => Effect.fail(templateNotFound(id)), onSome: Effect.succeed })),
    deleteTemplate: (id) =>
      Effect.flatMap(ids.maybe(sql`update training.fueling_templates set deleted_at = now(), updated_at = now() where id = ${id} and deleted_at is null returning id`),
        (row) => (Option.isNone(row) ? Effect.fail(templateNotFound(id)) : Effect.void)),
    restoreTemplate: (id) =>
      Effect.flatMap(templates.maybe(sql`update training.fueling_templates set deleted_at = null, updated_at = now()
        where id = ${id} and deleted_at is not null returning ${tcols}`), Option.match({
        onSome: Effect.succeed,
        onNone: () =>
          Effect.flatMap(findTemplate(id), (found) =>
            Effect.fail(Option.isNone(found) ? templateNotFound(id) : new Training.FuelingTemplateNotDeleted({ id })))
      })),
    listSources: () => sources.all(sql`select ${scols} from training.nutrition_sources s order by s.key`),
    findSource,
    createSource: (input) =>
      ids.one(sql`insert into training.nutrition_sources ${sql.insert({ ...input })} returning key as id`.pipe(
        onUnique(() => new Training.NutritionSourceExists({ key: input.key }))
      )).pipe(Effect.flatMap(() => Effect.map(findSource(input.key), Option.getOrThrow))),
    updateSource: (key, patch) =>
      Effect.flatMap(
        ids.maybe(sql`update training.nutrition_sources set ${Object.keys(patch).length === 0 ? sql`updated_at = now()` : sql`${sql.update({ ...patch })}, updated_at = now()`}
          where key = ${key} returning key as id`),
        (row) => (Option.isNone(row) ? Effect.fail(new Training.NutritionSourceNotFound({ key })) : sourceOrFail(key))
      ),
    toggleSource: (key, enabled) =>
      Effect.flatMap(
        ids.maybe(sql`update training.nutrition_sources set enabled = ${enabled === undefined ? sql`not enabled` : sql`${enabled}`}, updated_at = now()
          where key = ${key} returning key as id`),
        (row) => (Option.isNone(row) ? Effect.fail(new Training.NutritionSourceNotFound({ key })) : sourceOrFail(key))
      ),
    seed: (source, list) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`insert into training.nutrition_sources ${sql.insert({ ...source })} on conflict (key) do nothing`
        const inserted = yield* ids.all(sql`insert into training.foods ${sql.insert(list.map((f) => ({ ...f, sourceKey: source.key })))}
          on conflict (source_key, name) do nothing returning id`)
        return { inserted: inserted.length }
      })).pipe(Effect.orDie),
    foods: (f) =>
      Effect.all({
        items: foods.all(sql`select f.id, f.source_key, f.name, f.category, f.energy_kcal, f.carbs_grams, f.protein_grams, f.fat_grams, f.fiber_grams
          from training.foods f join training.nutrition_sources s on s.key = f.source_key ${foodWhere(f)}
          order by f.name, f.id limit ${f.limit} offset ${f.offset}`),
        total: Effect.map(counts.one(sql`select count(*)::int as n from training.foods f join training.nutrition_sources s on s.key = f.source_key ${foodWhere(f)}`), (r) => r.n)
      })
  })
}))
