/**
 * System notifications (B "Notifications / System notifications"): which channel template a
 * platform system event sends. GET (generic list query; channel filter values EMAIL, SMS, PUSH,
 * CHAT), POST, GET/PATCH/DELETE /{id}, GET /events (the events the platform raises, with the
 * channels configured for each). One per event and channel (409 SYSTEM_NOTIFICATION_EXISTS); the
 * event must be known and the template must exist on the channel (400).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, Optional, says, StrLength, SystemNotification } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"
import { crudEndpoints } from "../common/crud.js"
import { PublicChannel, PublicChannels } from "./notifications.dto.js"

export const SystemNotificationView = Schema.Struct({ ...SystemNotification.fields, channel: Schema.Literal(...PublicChannels) }).annotations({ identifier: "SystemNotification" })

const EventKey = Schema.String.pipe(
  Schema.pattern(/^[a-z0-9][a-z0-9._-]{0,99}$/),
  Schema.annotations(says("must be 1 to 100 lowercase letters, digits, dots, dashes or underscores"))
)

export const CreateSystemNotificationBody = Body({
  event: EventKey,
  channel: PublicChannel,
  templateKey: StrLength(1, 120),
  name: StrLength(1, 200),
  description: Optional(StrLength(0, 2000)),
  enabled: Optional(Bool)
})
export const UpdateSystemNotificationBody = Body({
  event: Optional(EventKey),
  channel: Optional(PublicChannel),
  templateKey: Optional(StrLength(1, 120)),
  name: Optional(StrLength(1, 200)),
  description: Optional(StrLength(0, 2000)),
  enabled: Optional(Bool)
})

export const SystemEventView = Schema.Struct({
  key: Schema.String,
  description: Schema.String,
  channels: Schema.Array(Schema.Struct({
    id: Schema.String,
    channel: Schema.Literal(...PublicChannels),
    templateKey: Schema.String,
    enabled: Schema.Boolean
  }))
}).annotations({ identifier: "SystemNotificationEvent" })

const endpoints = crudEndpoints({
  name: "SystemNotification",
  path: "/v2/admin/system-notifications",
  item: SystemNotificationView,
  create: CreateSystemNotificationBody,
  update: UpdateSystemNotificationBody,
  maxBulk: 100
})

export class SystemNotificationsGroup extends HttpApiGroup.make("systemNotifications")
  .add(op.get("systemNotificationEvents", "/v2/admin/system-notifications/events", { ok: Schema.Array(SystemEventView), summary: "The system events a notification can be bound to, with the channels configured for each" }))
  .add(endpoints.getMany.annotate(OpenApi.Summary, "List system notifications (generic list query)"))
  .add(endpoints.createOne.annotate(OpenApi.Summary, "Bind a system event on a channel to a template; one per event and channel (409)"))
  .add(endpoints.getOne.annotate(OpenApi.Summary, "One system notification"))
  .add(endpoints.updateOne.annotate(OpenApi.Summary, "Change a system notification (template, name, enabled…)"))
  .add(endpoints.deleteOne.annotate(OpenApi.Summary, "Delete a system notification"))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / System notifications")
  .annotate(OpenApi.Description, "System event → channel template bindings (admin, notifications.manage)")
{}
