/**
 * The in-app inbox (C "Athlete / Notifications"): `GET /v2/notifications` lists records (an admin
 * sees every user's, filtered by `userId`; any other caller sees their own), `POST` is the admin
 * "send to all" (an inbox record per athlete whose category preference allows it, plus a PUSH
 * message per active device token, in one transaction), `PATCH /{id}` marks one's own record seen.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, IntFromText, OneOf, Optional, Query, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"

/** Preference categories of document C plus `marketing` (organizer promotions). */
export const NotificationCategories = ["challenges", "events", "activity", "marketing"] as const

export const InboxNotificationView = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  title: Schema.String,
  body: Schema.String,
  category: Schema.NullOr(Schema.String),
  seen: Schema.Boolean,
  seenAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date
}).annotations({ identifier: "InboxNotification" })

export const InboxListParams = Query({
  userId: Optional(UuidStr),
  seen: Optional(OneOf("true", "false")),
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
})

export const InboxPageView = Schema.Struct({
  items: Schema.Array(InboxNotificationView),
  total: Schema.Int,
  unseen: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
  hasMore: Schema.Boolean
}).annotations({ identifier: "InboxPage" })

export const BroadcastBody = Body({
  title: StrLength(1, 200),
  body: StrLength(1, 2000),
  category: Optional(OneOf(...NotificationCategories))
})

export const BroadcastResult = Schema.Struct({
  recipients: Schema.Int.annotations({ description: "Inbox records written (athletes whose preferences allow the category)" }),
  pushMessages: Schema.Int.annotations({ description: "PUSH outbox rows queued (one per active device token)" })
}).annotations({ identifier: "BroadcastResult" })

export const MarkSeenBody = Body({ seen: Optional(Bool) })

export class NotificationInboxGroup extends HttpApiGroup.make("notificationInbox")
  .add(op.get("listInbox", "/v2/notifications", { query: InboxListParams, ok: InboxPageView, summary: "In-app notifications, newest first: every user's for an admin (filter by userId), the caller's own otherwise" }))
  .add(op.post("broadcastNotification", "/v2/notifications", { body: BroadcastBody, ok: BroadcastResult, status: 201, summary: "Admin: send an in-app notification to every athlete (and a push to each active device token)" }).annotate(Requires, Role("admin")))
  .add(op.patch("markNotificationSeen", "/v2/notifications/:id", { path: Schema.Struct({ id: Schema.String }), body: MarkSeenBody, ok: InboxNotificationView, summary: "Mark one of the caller's notifications seen (idempotent; the first seenAt stays)" }))
  .middleware(Authenticated)
  .annotate(OpenApi.Title, "Athlete / Notifications")
  .annotate(OpenApi.Description, "The in-app inbox")
{}
