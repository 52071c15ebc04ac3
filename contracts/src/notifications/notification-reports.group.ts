/**
 * Notification log reports (B "Notifications / Logs" `/stats`, `/batches`, `/batches/{id}`):
 * counts only, never message content. Stats: log rows by status and channel, provider receipts,
 * per-provider sent/failed/delivered, over an optional window and channel. Batches: the organizer
 * send batches (all organizers, or one with `organizerId`) with where their messages are (outbox
 * rows by status, skipped by preference, confirmed delivered).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { IntFromText, Optional, Query, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"
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
  .add(op.get("notificationLogStats", "/v2/admin/notification-logs/stats", { query: LogStatsParams, ok: LogStatsView, summary: "Log rows by status and channel, provider receipts and per-provider counts; filters channel, from, to" }))
  .add(op.get("listNotificationBatches", "/v2/admin/notification-logs/batches", { query: AdminBatchListParams, ok: Schema.Struct({
        items: Schema.Array(AdminBatchView),
        total: Schema.Int,
        page: Schema.Int,
        limit: Schema.Int,
        hasMore: Schema.Boolean
      }), summary: "Organizer send batches newest first with their delivery counts; filter organizerId" }))
  .add(op.get("getNotificationBatch", "/v2/admin/notification-logs/batches/:id", { path: Schema.Struct({ id: Schema.String }), ok: AdminBatchView, summary: "One organizer send batch with its delivery counts" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Logs")
  .annotate(OpenApi.Description, "Delivery statistics and organizer batches (admin, notifications.manage)")
{}
