/** Repositories of the nutrition catalogue (Postgres in @podium/postgres, memory twin in ../testing). */
import type { Food, FuelingTemplate, NutritionSource } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { Page } from "./programs.port.js"
import type { FuelingTemplateNotDeleted, FuelingTemplateNotFound, NutritionSourceExists, NutritionSourceNotFound } from "./training.model.js"

export type FuelingTemplateInput = Pick<FuelingTemplate, "name" | "category" | "sport" | "description" | "durationMinutes" | "items">
export type SourceInput = Pick<NutritionSource, "key" | "name" | "description" | "enabled">
export type FoodInput = Omit<Food, "id" | "sourceKey">

export interface FoodFilter {
  readonly q?: string | undefined
  readonly category?: string | undefined
  readonly sourceKey?: string | undefined
  readonly limit: number
  readonly offset: number
}

export interface FuelingFilter {
  readonly category?: string | undefined
  readonly sport?: FuelingTemplate["sport"] | undefined
  readonly includeDeleted: boolean
}

export class NutritionRepo extends Context.Tag("@podium/core/training/NutritionRepo")<NutritionRepo, {
  readonly createTemplate: (input: FuelingTemplateInput) => Effect.Effect<FuelingTemplate>
  readonly findTemplate: (id: string) => Effect.Effect<Option.Option<FuelingTemplate>>
  readonly listTemplates: (filter: FuelingFilter) => Effect.Effect<ReadonlyArray<FuelingTemplate>>
  /** Categories of the templates that are not deleted, with how many each holds. */
  readonly categories: () => Effect.Effect<ReadonlyArray<{ readonly category: string; readonly templates: number }>>
  readonly updateTemplate: (id: string, patch: Partial<FuelingTemplateInput>) => Effect.Effect<FuelingTemplate, FuelingTemplateNotFound>
  /** Soft delete: one conditional update (a deleted template is not found). */
  readonly deleteTemplate: (id: string) => Effect.Effect<void, FuelingTemplateNotFound>
  /** One conditional update from deleted: a template that is not deleted is refused. */
  readonly restoreTemplate: (id: string) => Effect.Effect<FuelingTemplate, FuelingTemplateNotFound | FuelingTemplateNotDeleted>
  readonly listSources: () => Effect.Effect<ReadonlyArray<NutritionSource>>
  readonly findSource: (key: string) => Effect.Effect<Option.Option<NutritionSource>>
  readonly createSource: (input: SourceInput) => Effect.Effect<NutritionSource, NutritionSourceExists>
  readonly updateSource: (key: string, patch: Partial<Omit<SourceInput, "key">>) => Effect.Effect<NutritionSource, NutritionSourceNotFound>
  /** Sets `enabled`, or flips it when undefined, in one statement. */
  readonly toggleSource: (key: string, enabled: boolean | undefined) => Effect.Effect<NutritionSource, NutritionSourceNotFound>
  /** Creates the source when missing and inserts the foods it lacks (by name): idempotent. */
  readonly seed: (source: SourceInput, foods: ReadonlyArray<FoodInput>) => Effect.Effect<{ readonly inserted: number }>
  /** Foods of enabled sources, by name. */
  readonly foods: (filter: FoodFilter) => Effect.Effect<Page<Food>>
}>() {}
