/**
 * DEVELOPMENT ONLY: what the local recording provider of this process "sent" (nothing leaves the
 * process when a channel has no real provider). Served in its own API so the host routes it only
 * when APP_ENV is not `production`; in production the path does not exist (404).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { IntFromText, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AreaApi, Authenticated, op, Requires, Role } from "../common/index.js"
import { DevInboxGroup } from "./dev-inbox.group.js"
import { PublicChannel, PublicChannels } from "./notifications.dto.js"

export const RecordedDeliveryView = Schema.Struct({
  channel: Schema.Literal(...PublicChannels),
  providerMessageId: Schema.String,
  to: Schema.String,
  subject: Schema.NullOr(Schema.String),
  body: Schema.String,
  template: Schema.NullOr(Schema.String),
  at: Schema.Date
}).annotations({ identifier: "RecordedDelivery" })

export const RecordedDeliveriesParams = Query({
  channel: Optional(PublicChannel),
  to: Optional(StrLength(1, 4096)),
  limit: Optional(IntFromText(1, 500))
})

export class NotificationDevGroup extends HttpApiGroup.make("notificationDev")
  .add(op.get("listRecordedDeliveries", "/v2/dev/notifications/deliveries", { query: RecordedDeliveriesParams, ok: Schema.Array(RecordedDeliveryView), summary: "DEVELOPMENT ONLY: messages the local recording provider of this process accepted, newest first" }).annotate(OpenApi.Description, "Development-only inspection route: not routed when APP_ENV=production. Lists what the local recording provider (used for channels without a configured provider) accepted in this process (all-in-one mode, or sends made by this host); admin only."))
  .middleware(Authenticated)
  .annotate(Requires, Role("admin"))
  .annotate(OpenApi.Title, "Notifications / Development")
  .annotate(OpenApi.Description, "DEVELOPMENT ONLY (not routed in production): inspection of the local recording provider")
{}

/** The development-only API: served by the host only when APP_ENV is not production. */
export class NotificationsDevApi extends AreaApi.add(NotificationDevGroup).add(DevInboxGroup) {}
