/** Handlers of Events / Event categories on the generic CRUD handlers. */
import { type HttpApiGroup } from "@effect/platform"
import type { Authenticated } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Events } from "@podium/core"
import type { Layer } from "effect"
import { crudHandlers } from "../platform/crud.handlers.js"
import { apiGroup } from "../serving/served-groups.js"

const categories = crudHandlers({
  resource: Events.EventCategories.crud,
  repo: Events.EventCategoryRepo,
  toDto: (category) => category,
  conflictCode: "EVENT_CATEGORY_EXISTS"
})

export const EventCategoriesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "eventCategories">, never, Events.EventCategoryRepo | Authenticated> =
  apiGroup(EventsApi, "eventCategories", (handlers) =>
    handlers
      .handle("getManyEventCategory", categories.getMany)
      .handle("getOneEventCategory", categories.getOne)
      .handle("createOneEventCategory", categories.createOne)
      .handle("updateOneEventCategory", categories.updateOne)
      .handle("deleteOneEventCategory", categories.deleteOne))
