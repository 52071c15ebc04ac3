/** Handlers of the nutrition catalogue (athlete reads, admin writes): one use case each. */
import { TrainingApi } from "@podium/contracts/training"
import { Training } from "@podium/core"
import { Effect } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { GroupHandlers } from "./calendar.handlers.js"

export const NutritionHandlers: GroupHandlers<"nutrition"> = apiGroup(TrainingApi, "nutrition", (handlers) =>
  handlers
    .handle("nutritionFoods", ({ urlParams }) => {
      const page = { limit: urlParams.limit ?? 20, offset: urlParams.offset ?? 0 }
      return Effect.map(
        Training.foods({ ...page, q: urlParams.q, category: urlParams.category, sourceKey: urlParams.source }),
        (p) => ({ items: p.items, total: p.total, ...page })
      )
    })
    .handle("fuelingTemplateCategories", () => Training.fuelingCategories)
    .handle("fuelingTemplates", ({ urlParams }) => Training.listFuelingTemplates(urlParams))
    .handle("fuelingTemplate", ({ path }) => Training.fuelingTemplate(path.id)))

export const AdminNutritionHandlers: GroupHandlers<"adminNutrition"> = apiGroup(TrainingApi, "adminNutrition", (handlers) =>
  handlers
    .handle("adminFuelingTemplates", ({ urlParams }) =>
      Training.listFuelingTemplates({ category: urlParams.category, sport: urlParams.sport, includeDeleted: urlParams.includeDeleted === "true" }))
    .handle("createFuelingTemplate", ({ payload }) => Training.createFuelingTemplate(payload))
    .handle("adminFuelingTemplate", ({ path }) => Training.adminFuelingTemplate(path.id))
    .handle("updateFuelingTemplate", ({ path, payload }) => Training.updateFuelingTemplate(path.id, payload))
    .handle("deleteFuelingTemplate", ({ path }) => Training.deleteFuelingTemplate(path.id))
    .handle("restoreFuelingTemplate", ({ path }) => Training.restoreFuelingTemplate(path.id))
    .handle("nutritionSources", () => Training.nutritionSources)
    .handle("createNutritionSource", ({ payload }) => Training.createNutritionSource(payload))
    .handle("seedIfctNutrition", () => Training.seedIfct)
    .handle("updateNutritionSource", ({ path, payload }) => Training.updateNutritionSource(path.key, payload))
    .handle("toggleNutritionSource", ({ path, payload }) => Training.toggleNutritionSource(path.key, payload.enabled)))
