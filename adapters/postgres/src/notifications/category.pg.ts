/** Notification categories on the generic `makeCrudRepoPg` (notifications.categories, 0015). */
import { Notifications } from "@podium/core"
import { Layer } from "effect"
import { makeCrudRepoPg } from "../platform/crud.pg.js"

const toCategory = (r: Record<string, unknown>): Notifications.NotificationCategory => ({
  id: r.id as string,
  key: r.key as string,
  name: r.name as string,
  description: (r.description as string | null) ?? null,
  audience: r.audience as Notifications.CategoryAudience,
  userControllable: r.userControllable as boolean,
  enabled: r.enabled as boolean,
  createdAt: r.createdAt as Date,
  updatedAt: r.updatedAt as Date
})

export const NotificationCategoryRepoPg = Layer.effect(
  Notifications.NotificationCategoryRepo,
  makeCrudRepoPg<Notifications.NotificationCategory, Notifications.NewNotificationCategory, Notifications.NotificationCategoryPatch>({
    resource: "notification category",
    table: "notifications.categories",
    columns: {
      id: "id",
      key: "key",
      name: "name",
      description: "description",
      audience: "audience",
      userControllable: "user_controllable",
      enabled: "enabled",
      createdAt: "created_at",
      updatedAt: "updated_at"
    },
    writable: {
      key: "key",
      name: "name",
      description: "description",
      audience: "audience",
      userControllable: "user_controllable",
      enabled: "enabled"
    },
    fromRow: toCategory,
    touch: "updated_at",
    conflictField: () => "key"
  })
)
