/** Handlers of Notifications / Categories on the generic CRUD handlers (admin, notifications.manage). */
import { type HttpApiGroup } from "@effect/platform"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import type { Layer } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { crudHandlers } from "../platform/crud.handlers.js"
import type { NotificationHandlerServices } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const categories = crudHandlers({
  resource: Notifications.NotificationCategoryResource,
  repo: Notifications.NotificationCategoryRepo,
  conflictCode: "CATEGORY_KEY_TAKEN"
})

export const NotificationCategoriesHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "notificationCategories">,
  never,
  NotificationHandlerServices | IdentityHandlerServices
> = apiGroup(NotificationsApi, "notificationCategories", (handlers) =>
  handlers
    .handle("getManyNotificationCategory", categories.getMany)
    .handle("createOneNotificationCategory", categories.createOne)
    .handle("updateOneNotificationCategory", categories.updateOne)
    .handle("deleteOneNotificationCategory", categories.deleteOne))
