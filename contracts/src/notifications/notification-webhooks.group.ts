/**
 * Inbound delivery-receipt webhooks (C "Inbound callbacks"): the messaging provider (SMS and
 * email) and the chat-app provider report what happened to messages they accepted; the log rows
 * carrying the provider's message id are updated. Every call must be signed with
 * NOTIFICATION_WEBHOOK_SECRET (HMAC-SHA256 of the raw body, hex): unsigned or wrongly signed calls
 * answer 401 before the body is read; 503 while no secret is configured. Replays change nothing.
 *
 *   messaging-provider: headers `x-webhook-timestamp` (unix seconds, ±300 s) and
 *     `x-webhook-signature: sha256=<hex HMAC of "<timestamp>.<raw body>">`; body JSON
 *     `{events: [{messageId, status, error?}]}` (or a single event object), status one of
 *     queued, sent, delivered, undelivered, failed, read.
 *   chatapp: header `x-hub-signature-256: sha256=<hex HMAC of the raw body>` (the chat-app
 *     platform's scheme); body in its webhook shape `{entry: [{changes: [{value: {statuses:
 *     [{id, status, errors?}]}}]}]}`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { op } from "../common/index.js"

export const ReceiptResult = Schema.Struct({
  received: Schema.Int.annotations({ description: "Receipts in the call" }),
  updated: Schema.Int.annotations({ description: "Log rows whose delivery status moved forward (0 on a replay)" })
}).annotations({ identifier: "DeliveryReceiptResult" })

export class NotificationWebhooksGroup extends HttpApiGroup.make("notificationWebhooks")
  .add(op.post("messagingProviderWebhook", "/v2/notification-webhooks/messaging-provider", { headers: Schema.Struct({
        "x-webhook-signature": Schema.optional(Schema.String),
        "x-webhook-timestamp": Schema.optional(Schema.String)
      }), ok: ReceiptResult, summary: "Delivery receipts of the SMS/email messaging provider (HMAC-signed, timestamped)" }).annotate(OpenApi.Description, "Body (raw JSON, signed as `<x-webhook-timestamp>.<raw body>`): {events: [{messageId, status: queued|sent|delivered|undelivered|failed|read, error?}]}"))
  .add(op.post("chatAppWebhook", "/v2/notification-webhooks/chatapp", { headers: Schema.Struct({ "x-hub-signature-256": Schema.optional(Schema.String) }), ok: ReceiptResult, summary: "Delivery receipts of the chat-app provider (x-hub-signature-256)" }).annotate(OpenApi.Description, "Body (raw JSON, signed as is): {entry: [{changes: [{value: {statuses: [{id, status: sent|delivered|read|failed, errors?: [{title}]}]}}]}]}"))
  .annotate(OpenApi.Title, "Notifications / Webhooks")
  .annotate(OpenApi.Description, "Inbound delivery receipts from notification providers (HMAC-signed, public)")
{}
