/**
 * C "Athlete / Nutrition" (foods of enabled sources, fueling templates and their categories, for
 * any signed-in caller) and B "Nutrition" (admins holding `training.manage`: fueling templates with
 * soft delete and restore, food-composition sources with their toggle, the idempotent IFCT seed).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, Food, FuelingTemplate, inputOf, NutritionSource, OneOf, Optional, Query, Sport, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, DeleteResult, op, Requires } from "../common/index.js"
import { OffsetPage, OffsetPageOf } from "./programs.group.js"

const IdPath = Schema.Struct({ id: UuidStr })
const KeyPath = Schema.Struct({ key: StrLength(1, 40) })

export const FoodsQuery = Query({ ...OffsetPage, q: Optional(StrLength(1, 100)), category: Optional(StrLength(1, 60)), source: Optional(StrLength(1, 40)) })
export const FuelingQuery = Query({ category: Optional(StrLength(1, 60)), sport: Optional(Sport) })
export const FuelingCategory = Schema.Struct({ category: Schema.String, templates: Schema.Number }).annotations({ identifier: "FuelingTemplateCategory" })

export class NutritionGroup extends HttpApiGroup.make("nutrition")
  .add(op.get("nutritionFoods", "/v2/nutrition/foods", { query: FoodsQuery, ok: OffsetPageOf(Food), summary: "Foods of the enabled sources by name, composition per 100 g (q, category, source)" }))
  .add(op.get("fuelingTemplateCategories", "/v2/nutrition/fueling-templates/categories", { ok: Schema.Array(FuelingCategory), summary: "Fueling-template categories with how many templates each holds" }))
  .add(op.get("fuelingTemplates", "/v2/nutrition/fueling-templates", { query: FuelingQuery, ok: Schema.Array(FuelingTemplate), summary: "Fueling templates by category (category, sport)" }))
  .add(op.get("fuelingTemplate", "/v2/nutrition/fueling-templates/:id", { path: IdPath, ok: FuelingTemplate, summary: "One fueling template with its timed steps" }))
  .middleware(Authenticated)
  .annotate(OpenApi.Title, "Athlete / Nutrition")
  .annotate(OpenApi.Description, "Food composition and fueling templates")
{}

const templateFields = ["sport", "description", "durationMinutes", "items"] as const
export const CreateFuelingTemplateBody = inputOf(FuelingTemplate, { required: ["name", "category"], optional: templateFields })
export const UpdateFuelingTemplateBody = inputOf(FuelingTemplate, { required: [], optional: ["name", "category", ...templateFields] })
export const AdminFuelingQuery = Query({ ...FuelingQuery.fields, includeDeleted: Optional(OneOf("true", "false")) })
export const CreateSourceBody = inputOf(NutritionSource, { required: ["key", "name"], optional: ["description", "enabled"] })
export const UpdateSourceBody = inputOf(NutritionSource, { required: [], optional: ["name", "description"] })
/** Without `enabled` the source flips; with it, it is set. */
export const ToggleSourceBody = Body({ enabled: Optional(Bool) })
export const IfctSeedResult = Schema.Struct({ source: NutritionSource, inserted: Schema.Number, staples: Schema.Number }).annotations({ identifier: "IfctSeedResult" })

export class AdminNutritionGroup extends HttpApiGroup.make("adminNutrition")
  .add(op.get("adminFuelingTemplates", "/v2/admin/nutrition/fueling-templates", { query: AdminFuelingQuery, ok: Schema.Array(FuelingTemplate), summary: "Fueling templates (deleted ones with includeDeleted=true)" }))
  .add(op.post("createFuelingTemplate", "/v2/admin/nutrition/fueling-templates", { body: CreateFuelingTemplateBody, ok: FuelingTemplate, status: 201, summary: "Create a fueling template (steps sorted by minute)" }))
  .add(op.get("adminFuelingTemplate", "/v2/admin/nutrition/fueling-templates/:id", { path: IdPath, ok: FuelingTemplate, summary: "One fueling template, deleted or not" }))
  .add(op.patch("updateFuelingTemplate", "/v2/admin/nutrition/fueling-templates/:id", { path: IdPath, body: UpdateFuelingTemplateBody, ok: FuelingTemplate, summary: "Change a fueling template: only the fields present are written" }))
  .add(op.del("deleteFuelingTemplate", "/v2/admin/nutrition/fueling-templates/:id", { path: IdPath, ok: DeleteResult, summary: "Soft-delete a fueling template (restorable)" }))
  .add(op.post("restoreFuelingTemplate", "/v2/admin/nutrition/fueling-templates/:id/restore", { path: IdPath, ok: FuelingTemplate, summary: "Restore a deleted fueling template (409 FUELING_TEMPLATE_NOT_DELETED otherwise)" }))
  .add(op.get("nutritionSources", "/v2/admin/nutrition/sources", { ok: Schema.Array(NutritionSource), summary: "Food-composition sources with their food counts" }))
  .add(op.post("createNutritionSource", "/v2/admin/nutrition/sources", { body: CreateSourceBody, ok: NutritionSource, status: 201, summary: "Add a source (409 NUTRITION_SOURCE_EXISTS)" }))
  .add(op.post("seedIfctNutrition", "/v2/admin/nutrition/sources/seed/ifct", { ok: IfctSeedResult, summary: "Seed the IFCT source with about 40 staples; idempotent (a second run inserts nothing)" }))
  .add(op.patch("updateNutritionSource", "/v2/admin/nutrition/sources/:key", { path: KeyPath, body: UpdateSourceBody, ok: NutritionSource, summary: "Rename or describe a source" }))
  .add(op.patch("toggleNutritionSource", "/v2/admin/nutrition/sources/:key/enable", { path: KeyPath, body: ToggleSourceBody, ok: NutritionSource, summary: "Enable toggle: flips the source, or sets `enabled`; a disabled source's foods leave the athletes' list" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("training.manage"))
  .annotate(OpenApi.Title, "Admin: nutrition")
  .annotate(OpenApi.Description, "Fueling templates and food-composition sources")
{}
