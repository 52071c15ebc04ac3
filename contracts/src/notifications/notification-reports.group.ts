/**
 * Notification log reports (B "Notifications / Logs" `/stats`, `/batches`, `/batches/{id}`):
 * counts only, never message content. Stats: log rows by status and channel, provider receipts,
 * per-provider sent/failed/delivered, over an optional window and channel. Batches: the organizer
 * send batches (all organizers, or one with `organizerId`) with where their messages are (outbox
 * rows by status, skipped by preference, confirmed delivered).
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { IntFromText, Optional, Query, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, Ok, Requires } from "../common/index.js"
import { IsoInstant, OutboxStatuses, PublicChannel, PublicChannels } from "./notifications.dto.js"
import { NotificationBatchView } from "./organizer-notification-sending.group.js"

const counts = <const K extends ReadonlyArray<string>>(keys: K) =>
  Schema.Struct(Object.fromEntries(keys.map((k) => [k, Schema.Int])) as { [P in K[number]]: typeof Schema.Int })

const LogCounts = counts(["SENT", "FAILED", "SKIPPED"] as const)

export const LogStatsParams = Query({ channel: Optional(PublicChannel), from: Optional(IsoInstant), to: Optional(IsoInstant) })

export const LogStatsView = Schema.Struct({
  total: Schema.Int,
  byStatus: LogCounts,
  byChannel: Schema.Struct({ email: LogCounts, sms: LogCounts, push: LogCounts, chatapp: LogCounts }),
  byDeliveryStatus: counts(["QUEUED", "SENT", "DELIVERED", "UNDELIVERED", "FAILED", "READ"] as const),
  providers: Schema.Array(Schema.Struct({
    provider: Schema.String,
    channel: Schema.Literal(...PublicChannels),
    sent: Schema.Int,
    failed: Schema.Int,
    delivered: Schema.Int
  }))
}).annotations({ identifier: "NotificationLogStats" })

export const BatchDeliveryView = Schema.Struct({
  byStatus: counts(OutboxStatuses),
  skipped: Schema.Int.annotations({ description: "Stopped by the recipient's preferences" }),
  delivered: Schema.Int.annotations({ description: "Confirmed DELIVERED or READ by the provider" })
}).annotations({ identifier: "NotificationBatchDelivery" })

export const AdminBatchView = Schema.Struct({
  batch: NotificationBatchView,
  delivery: BatchDeliveryView
}).annotations({ identifier: "AdminNotificationBatch" })

export const AdminBatchListParams = Query({
  organizerId: Optional(UuidStr),
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
})

export class NotificationReportsGroup extends HttpApiGroup.make("notificationReports")
  .add(
    HttpApiEndpoint.get("notificationLogStats", "/v2/admin/notification-logs/stats")
      .setUrlParams(LogStatsParams)
      .addSuccess(Ok(LogStatsView))
      .annotate(OpenApi.Summary, "Log rows by status and channel, provider receipts and per-provider counts; filters channel, from, to")
  )
  .add(
    HttpApiEndpoint.get("listNotificationBatches", "/v2/admin/notification-logs/batches")
      .setUrlParams(AdminBatchListParams)
      .addSuccess(Ok(Schema.Struct({
        items: Schema.Array(AdminBatchView),
        total: Schema.Int,
        page: Schema.Int,
        limit: Schema.Int,
        hasMore: Schema.Boolean
      })))
      .annotate(OpenApi.Summary, "Organizer send batches newest first with their delivery counts; filter organizerId")
  )
  .add(
    HttpApiEndpoint.get("getNotificationBatch", "/v2/admin/notification-logs/batches/:id")
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(Ok(AdminBatchView))
      .annotate(OpenApi.Summary, "One organizer send batch with its delivery counts")
  )
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Logs")
  .annotate(OpenApi.Description, "Delivery statistics and organizer batches (admin, notifications.manage)")
{}
