/** Notification mappings on the generic `makeCrudRepoPg` (notifications.mappings, 0015). */
import { Notifications } from "@podium/core"
import { Layer, Schema } from "effect"
import { makeCrudRepoPg } from "../platform/crud.pg.js"

export const NotificationMappingRepoPg = Layer.effect(
  Notifications.NotificationMappingRepo,
  makeCrudRepoPg<Notifications.NotificationMapping, Notifications.NewNotificationMapping, Partial<Notifications.NewNotificationMapping>>({
    resource: "notification mapping",
    table: "notifications.mappings",
    columns: {
      id: "id",
      role: "role",
      step: "step",
      channel: "channel",
      templateKey: "template_key",
      enabled: "enabled",
      createdAt: "created_at",
      updatedAt: "updated_at"
    },
    writable: { role: "role", step: "step", channel: "channel", templateKey: "template_key", enabled: "enabled" },
    fromRow: Schema.decodeUnknownSync(Notifications.NotificationMapping),
    touch: "updated_at",
    conflictField: () => "step"
  })
)
