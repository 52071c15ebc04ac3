/**
 * Notification categories (B "Notifications / Categories"): GET (generic list query of A 2.2),
 * POST, PATCH /{id}, DELETE /{id} on the generic CRUD endpoints. Key unique (409).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, CategoryAudiences, NotificationCategory, OneOf, Optional, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, Requires } from "../common/index.js"
import { crudEndpoints } from "../common/crud.js"


export const NotificationCategoryView = NotificationCategory.annotations({ identifier: "NotificationCategory" })

const CategoryKey = Schema.String.pipe(
  Schema.pattern(/^[a-z0-9][a-z0-9._-]{0,59}$/),
  Schema.annotations(says("must be 1 to 60 lowercase letters, digits, dots, dashes or underscores"))
)
const fields = {
  name: StrLength(1, 120),
  description: Optional(StrLength(0, 1000)),
  audience: Optional(OneOf(...CategoryAudiences)),
  userControllable: Optional(Bool),
  enabled: Optional(Bool)
}
export const CreateNotificationCategoryBody = Body({ key: CategoryKey, ...fields })
export const UpdateNotificationCategoryBody = Body({ ...fields, name: Optional(fields.name) })

const categories = crudEndpoints({
  name: "NotificationCategory",
  path: "/v2/admin/notification-categories",
  item: NotificationCategoryView,
  create: CreateNotificationCategoryBody,
  update: UpdateNotificationCategoryBody,
  maxBulk: 100
})

export class NotificationCategoriesGroup extends HttpApiGroup.make("notificationCategories")
  .add(categories.getMany.annotate(OpenApi.Summary, "List notification categories (generic list query: s, filter, sort, page, limit, fields)"))
  .add(categories.createOne.annotate(OpenApi.Summary, "Create a category; key unique (409)"))
  .add(categories.updateOne.annotate(OpenApi.Summary, "Change a category's name, description, audience, userControllable or enabled (the key is fixed)"))
  .add(categories.deleteOne.annotate(OpenApi.Summary, "Delete a category"))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Categories")
  .annotate(OpenApi.Description, "Notification categories (admin, notifications.manage)")
{}
