/** Notification categories on the generic `makeCrudRepoPg` (notifications.categories, 0015). */
import { Notifications } from "@podium/core"
import { Layer, Schema } from "effect"
import { makeCrudRepoPg } from "../platform/crud.pg.js"


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
    fromRow: Schema.decodeUnknownSync(Notifications.NotificationCategory),
    touch: "updated_at",
    conflictField: () => "key"
  })
)
