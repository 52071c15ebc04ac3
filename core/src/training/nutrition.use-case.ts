/**
 * The nutrition catalogue: fueling templates (admin CRUD with soft delete and restore, athlete
 * reads), food-composition sources (admin; toggled on and off) with their foods, and the
 * idempotent seed of IFCT staples.
 */
import type { FuelingTemplate } from "@podium/kernel"
import { Effect, Option } from "effect"
import { type FoodFilter, type FoodInput, type FuelingTemplateInput, NutritionRepo, type SourceInput } from "./nutrition.port.js"
import { FuelingTemplateNotFound, isUuid, NutritionSourceNotFound } from "./training.model.js"

const repo = NutritionRepo

/** A template as admins see it (deleted ones included). */
export const adminFuelingTemplate = Effect.fn("nutrition.adminTemplate")(function*(id: string) {
  const found = isUuid(id) ? yield* Effect.flatMap(repo, (r) => r.findTemplate(id)) : Option.none<FuelingTemplate>()
  if (Option.isNone(found)) return yield* new FuelingTemplateNotFound({ id })
  return found.value
})

/** A template as athletes see it: not deleted. */
export const fuelingTemplate = Effect.fn("nutrition.template")(function*(id: string) {
  const template = yield* adminFuelingTemplate(id)
  if (template.deletedAt !== null) return yield* new FuelingTemplateNotFound({ id })
  return template
})

export const listFuelingTemplates = (filter: { readonly category?: string | undefined; readonly sport?: FuelingTemplate["sport"] | undefined; readonly includeDeleted?: boolean | undefined }) =>
  Effect.flatMap(repo, (r) => r.listTemplates({ ...filter, includeDeleted: filter.includeDeleted ?? false }))

export const fuelingCategories = Effect.flatMap(repo, (r) => r.categories())

export type NewFuelingTemplate = Pick<FuelingTemplateInput, "name" | "category"> & Partial<Omit<FuelingTemplateInput, "name" | "category">>

export const createFuelingTemplate = (input: NewFuelingTemplate) =>
  Effect.flatMap(repo, (r) =>
    r.createTemplate({
      name: input.name,
      category: input.category,
      sport: input.sport ?? "run",
      description: input.description ?? null,
      durationMinutes: input.durationMinutes ?? null,
      items: [...(input.items ?? [])].sort((a, b) => a.atMinute - b.atMinute)
    }))

export const updateFuelingTemplate = Effect.fn("nutrition.updateTemplate")(function*(id: string, patch: Partial<FuelingTemplateInput>) {
  yield* fuelingTemplate(id)
  const items = patch.items === undefined ? {} : { items: [...patch.items].sort((a, b) => a.atMinute - b.atMinute) }
  return yield* Effect.flatMap(repo, (r) => r.updateTemplate(id, { ...patch, ...items }))
})

export const deleteFuelingTemplate = Effect.fn("nutrition.deleteTemplate")(function*(id: string) {
  if (!isUuid(id)) return yield* new FuelingTemplateNotFound({ id })
  yield* Effect.flatMap(repo, (r) => r.deleteTemplate(id))
  return { id, deleted: true as const }
})

export const restoreFuelingTemplate = Effect.fn("nutrition.restoreTemplate")(function*(id: string) {
  if (!isUuid(id)) return yield* new FuelingTemplateNotFound({ id })
  return yield* Effect.flatMap(repo, (r) => r.restoreTemplate(id))
})

export const nutritionSources = Effect.flatMap(repo, (r) => r.listSources())

export const createNutritionSource = (input: Pick<SourceInput, "key" | "name"> & Partial<Omit<SourceInput, "key" | "name">>) =>
  Effect.flatMap(repo, (r) => r.createSource({ key: input.key, name: input.name, description: input.description ?? null, enabled: input.enabled ?? true }))

export const updateNutritionSource = (key: string, patch: Partial<Omit<SourceInput, "key">>) => Effect.flatMap(repo, (r) => r.updateSource(key, patch))

export const toggleNutritionSource = (key: string, enabled: boolean | undefined) => Effect.flatMap(repo, (r) => r.toggleSource(key, enabled))

export const foods = (filter: FoodFilter) => Effect.flatMap(repo, (r) => r.foods(filter))

export const IfctSource: SourceInput = {
  key: "ifct",
  name: "Indian Food Composition Tables (IFCT 2017)",
  description: "National Institute of Nutrition, Hyderabad: composition per 100 g of edible portion (staples, rounded)",
  enabled: true
}

const food = (name: string, category: string, energyKcal: number, carbsGrams: number, proteinGrams: number, fatGrams: number, fiberGrams: number): FoodInput => ({
  name,
  category,
  energyKcal,
  carbsGrams,
  proteinGrams,
  fatGrams,
  fiberGrams
})

/** About 40 staples, per 100 g (IFCT 2017 values, rounded). */
export const IfctStaples: ReadonlyArray<FoodInput> = [
  food("Rice, raw, milled", "Cereals", 356, 78.2, 7.9, 0.5, 2.8),
  food("Rice, parboiled", "Cereals", 355, 77.2, 7.8, 0.6, 3.6),
  food("Wheat flour, atta", "Cereals", 320, 64.2, 10.6, 1.5, 11.4),
  food("Wheat, semolina (rava)", "Cereals", 333, 68.4, 11.4, 0.8, 9.7),
  food("Ragi (finger millet)", "Millets", 321, 66.8, 7.2, 1.9, 11.2),
  food("Jowar (sorghum)", "Millets", 334, 67.7, 10.0, 1.7, 10.2),
  food("Bajra (pearl millet)", "Millets", 348, 61.8, 11.0, 5.4, 11.5),
  food("Oats, rolled", "Cereals", 374, 62.8, 13.6, 7.6, 10.1),
  food("Poha (flattened rice)", "Cereals", 346, 76.7, 6.6, 1.2, 3.5),
  food("Bengal gram, whole (chana)", "Pulses", 287, 39.6, 18.8, 5.1, 25.2),
  food("Green gram, whole (moong)", "Pulses", 293, 46.1, 22.5, 1.1, 17.0),
  food("Red gram, dal (toor)", "Pulses", 335, 55.2, 21.7, 1.5, 9.1),
  food("Black gram, dal (urad)", "Pulses", 327, 47.2, 23.1, 1.6, 11.9),
  food("Lentil, masoor dal", "Pulses", 322, 51.1, 24.3, 0.7, 10.4),
  food("Rajma (kidney beans)", "Pulses", 299, 44.9, 19.9, 1.7, 16.6),
  food("Soya bean", "Pulses", 385, 12.9, 37.8, 19.1, 21.6),
  food("Milk, cow", "Milk", 72, 4.4, 3.3, 4.5, 0),
  food("Milk, buffalo", "Milk", 107, 5.0, 3.7, 8.1, 0),
  food("Curd (dahi)", "Milk", 60, 3.0, 3.1, 4.0, 0),
  food("Paneer", "Milk", 258, 3.6, 18.9, 18.8, 0),
  food("Egg, hen, whole", "Eggs", 134, 0, 13.3, 9.0, 0),
  food("Chicken, breast", "Poultry", 120, 0, 21.8, 3.6, 0),
  food("Fish, rohu", "Fish", 97, 0, 16.6, 3.4, 0),
  food("Banana, ripe (robusta)", "Fruits", 97, 20.3, 1.2, 0.3, 1.8),
  food("Apple", "Fruits", 63, 13.1, 0.3, 0.6, 2.5),
  food("Orange", "Fruits", 48, 8.6, 0.8, 0.3, 2.2),
  food("Mango, ripe", "Fruits", 74, 15.2, 0.6, 0.8, 1.6),
  food("Papaya, ripe", "Fruits", 42, 7.8, 0.5, 0.3, 2.3),
  food("Dates, dry", "Fruits", 317, 75.8, 2.1, 0.4, 8.5),
  food("Potato", "Roots and tubers", 80, 14.9, 1.5, 0.2, 1.7),
  food("Sweet potato", "Roots and tubers", 108, 24.8, 1.4, 0.2, 3.9),
  food("Spinach", "Green leafy vegetables", 24, 1.8, 2.1, 0.6, 2.2),
  food("Tomato, ripe", "Vegetables", 20, 2.9, 0.8, 0.4, 1.5),
  food("Onion, big", "Vegetables", 50, 8.9, 1.5, 0.2, 2.5),
  food("Groundnut, roasted", "Nuts and oilseeds", 587, 17.8, 26.2, 44.9, 10.3),
  food("Almond", "Nuts and oilseeds", 609, 10.6, 18.4, 52.5, 13.0),
  food("Coconut, fresh", "Nuts and oilseeds", 405, 7.3, 3.6, 39.1, 10.5),
  food("Jaggery (gur)", "Sugars", 353, 88.6, 0.4, 0.1, 0),
  food("Honey", "Sugars", 321, 79.5, 0.3, 0, 0),
  food("Ghee, cow", "Fats and oils", 900, 0, 0, 99.8, 0)
]

/** Creates the IFCT source when missing and adds the staples it lacks: running it again adds nothing. */
export const seedIfct = Effect.gen(function*() {
  const { inserted } = yield* Effect.flatMap(repo, (r) => r.seed(IfctSource, IfctStaples))
  const source = yield* Effect.flatMap(repo, (r) => r.findSource(IfctSource.key))
  if (Option.isNone(source)) return yield* Effect.die(new NutritionSourceNotFound({ key: IfctSource.key }))
  return { source: source.value, inserted, staples: IfctStaples.length }
})
