/**
 * Notification logs (B "Notifications / Logs"): one row per delivery attempt outcome. Recipients
 * are masked and variables are shown by name only (they may hold one-time codes). Resend of a
 * FAILED row queues a NEW message (same step, channel, recipient, variables) whose attempt writes a
 * new log row; PUSH is refused with 400, a row that is not FAILED with 409.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { IntFromText, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { LogStatus, LogStatuses, PublicChannel, PublicChannels } from "./notifications.dto.js"

export const NotificationLogView = Schema.Struct({
  id: Schema.String,
  outboxId: Schema.String,
  attempt: Schema.Int,
  status: Schema.Literal(...LogStatuses),
  channel: Schema.Literal(...PublicChannels),
  recipient: Schema.String.annotations({ description: "Masked" }),
  userId: Schema.NullOr(Schema.String),
  step: Schema.NullOr(Schema.String),
  templateKey: Schema.NullOr(Schema.String),
  variableNames: Schema.Array(Schema.String),
  category: Schema.NullOr(Schema.String),
  provider: Schema.NullOr(Schema.String),
  providerMessageId: Schema.NullOr(Schema.String),
  error: Schema.NullOr(Schema.String).annotations({ description: "Failure message, or why a SKIPPED row was not sent" }),
  resendOf: Schema.NullOr(Schema.String),
  deliveryStatus: Schema.NullOr(Schema.String).annotations({ description: "Last status the provider reported (delivery-receipt webhooks)" }),
  deliveryError: Schema.NullOr(Schema.String),
  deliveryUpdatedAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date
}).annotations({ identifier: "NotificationLog" })

export const LogListParams = Query({
  status: Optional(LogStatus),
  channel: Optional(PublicChannel),
  outboxId: Optional(StrLength(1, 100)),
  step: Optional(StrLength(1, 200)),
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
})

export const LogPage = Schema.Struct({
  items: Schema.Array(NotificationLogView),
  page: Schema.Int,
  limit: Schema.Int,
  hasMore: Schema.Boolean
}).annotations({ identifier: "NotificationLogPage" })

export const ResendResult = Schema.Struct({
  outboxId: Schema.String.annotations({ description: "The new outbox row; its delivery writes the new log row" }),
  resendOf: Schema.String,
  status: Schema.String
}).annotations({ identifier: "NotificationResend" })

export class NotificationLogsGroup extends HttpApiGroup.make("notificationLogs")
  .add(op.get("listNotificationLogs", "/v2/admin/notification-logs", { query: LogListParams, ok: LogPage, summary: "Delivery log rows newest first; filters status, channel, outboxId, step" }))
  .add(op.get("getNotificationLog", "/v2/admin/notification-logs/:id", { path: Schema.Struct({ id: Schema.String }), ok: NotificationLogView, summary: "One delivery log row" }))
  .add(op.post("resendNotificationLog", "/v2/admin/notification-logs/:id/resend", { path: Schema.Struct({ id: Schema.String }), ok: ResendResult, status: 201, message: "Notification queued for resend", summary: "Resend a FAILED log (same step, channel, recipient, variables) as a new row; PUSH → 400, not FAILED → 409" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("admin"))
  .annotate(OpenApi.Title, "Notifications / Logs")
  .annotate(OpenApi.Description, "Delivery attempts, one row each, and resend of failed ones (admin only)")
{}
