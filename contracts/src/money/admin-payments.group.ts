/**
 * Admin: Money / Payments (document B): the payment webhook inbox, the configured payment
 * providers and the gateway orders the platform created with their payments. Permission
 * `payments.manage` (read and act).
 *
 * Webhook event rows move RECEIVED → PROCESSED | FAILED by dispatch; acknowledge (RECEIVED/FAILED →
 * ACKNOWLEDGED, emits webhook_event.acknowledged), cancel (a poisoned RECEIVED/FAILED row →
 * CANCELLED, emits webhook_event.cancelled) and replay (re-dispatch of any row but a CANCELLED one,
 * emits webhook_event.replayed; a replay of a PROCESSED row changes nothing) — any other move is 409
 * WEBHOOK_EVENT_STATE_CONFLICT; a row being dispatched is 409 WEBHOOK_EVENT_IN_PROGRESS.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { OneOf, Optional, Query, StrLength, WebhookEvent, WebhookEventStatuses } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, PageOf, PageParams, Requires } from "../common/index.js"

export const WebhookEventStatusParam = OneOf(...WebhookEventStatuses)
export const PaymentOrderStatusParam = OneOf("CREATED", "ATTEMPTED", "PAID")

export const WebhookEventView = WebhookEvent.annotations({ identifier: "PaymentWebhookEvent" })

export const PaymentProviderView = Schema.Struct({
  role: Schema.String,
  kind: Schema.String,
  provider: Schema.String,
  configured: Schema.Boolean,
  healthy: Schema.Boolean,
  detail: Schema.String,
  description: Schema.String
}).annotations({ identifier: "PaymentProvider" })

export const PaymentProvidersView = Schema.Struct({
  gateway: PaymentProviderView,
  bankVerifier: PaymentProviderView
}).annotations({ identifier: "PaymentProviders" })

export const PaymentRecordView = Schema.Struct({
  id: Schema.String,
  gatewayPaymentId: Schema.String,
  amount: Schema.Int,
  currency: Schema.String,
  status: Schema.String,
  method: Schema.NullOr(Schema.String),
  source: Schema.String,
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "PaymentRecord" })

export const PaymentOrderView = Schema.Struct({
  id: Schema.String,
  provider: Schema.String,
  gatewayOrderId: Schema.String,
  purpose: Schema.String,
  ownerRef: Schema.String,
  amount: Schema.Int,
  currency: Schema.String,
  receipt: Schema.String,
  notes: Schema.Record({ key: Schema.String, value: Schema.String }),
  status: Schema.String,
  paidAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date,
  updatedAt: Schema.Date,
  payments: Schema.Array(PaymentRecordView)
}).annotations({ identifier: "PaymentOrder" })

const IdPath = Schema.Struct({ id: Schema.String })

export class AdminPaymentsGroup extends HttpApiGroup.make("adminPayments")
  .add(op.get("adminListPayments", "/v2/admin/payments", { query: Query({
        ...PageParams,
        status: Optional(PaymentOrderStatusParam),
        purpose: Optional(StrLength(1, 40)),
        provider: Optional(StrLength(1, 40)),
        ownerRef: Optional(StrLength(1, 200))
      }), ok: PageOf(PaymentOrderView), summary: "Gateway orders the platform created, newest first, each with its payments" }).middleware(Authenticated))
  .add(op.get("adminPaymentProviders", "/v2/admin/payment-providers", { ok: PaymentProvidersView, summary: "Which payment gateway and bank verifier are configured, and whether they answer" }).middleware(Authenticated))
  .add(op.get("adminListWebhookEvents", "/v2/admin/webhook-events", { query: Query({
        ...PageParams,
        status: Optional(WebhookEventStatusParam),
        provider: Optional(StrLength(1, 40)),
        eventType: Optional(StrLength(1, 100))
      }), ok: PageOf(WebhookEventView), summary: "The payment webhook inbox, newest first (filters status, provider, eventType)" }).middleware(Authenticated))
  .add(op.get("adminGetWebhookEvent", "/v2/admin/webhook-events/:id", { path: IdPath, ok: WebhookEventView, summary: "One webhook event with its payload" }).middleware(Authenticated))
  .add(op.post("adminAcknowledgeWebhookEvent", "/v2/admin/webhook-events/:id/acknowledge", { path: IdPath, ok: WebhookEventView, status: 201, summary: "RECEIVED/FAILED → ACKNOWLEDGED (emits webhook_event.acknowledged)" }).middleware(Authenticated))
  .add(op.post("adminCancelWebhookEvent", "/v2/admin/webhook-events/:id/cancel", { path: IdPath, ok: WebhookEventView, status: 201, summary: "A poisoned RECEIVED/FAILED row → CANCELLED, never dispatched again (emits webhook_event.cancelled)" }).middleware(Authenticated))
  .add(op.post("adminReplayWebhookEvent", "/v2/admin/webhook-events/:id/replay", { path: IdPath, ok: WebhookEventView, status: 201, summary: "Re-dispatch the event to its processors (emits webhook_event.replayed); idempotent" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("payments.manage"))
  .annotate(OpenApi.Title, "Admin: payments")
  .annotate(OpenApi.Description, "Payment webhook inbox, payment providers and gateway orders; permission payments.manage")
{}
