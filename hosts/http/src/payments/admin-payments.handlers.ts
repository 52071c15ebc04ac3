/**
 * Handlers of Admin: Money / Payments (the contract declares the admin permission
 * `payments.manage`): the webhook inbox (list, read, acknowledge, cancel, replay), the payment
 * providers with a live check, and the gateway orders with their payments.
 */
import { HttpApiBuilder, type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { MoneyApi } from "@podium/contracts/money"
import { Payments } from "@podium/core"
import { type IdentityServices, type OrganizersInfrastructure, PaymentProviders, type PaymentsInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"

export type PaymentsHandlerServices = IdentityServices | OrganizersInfrastructure | PaymentsInfrastructure | Authenticated

const eventView = (e: Payments.WebhookEvent) => ({
  id: e.id,
  provider: e.provider,
  eventId: e.eventId,
  eventType: e.eventType,
  payload: e.payload,
  signatureVerified: e.signatureVerified,
  status: e.status,
  attempts: e.attempts,
  lastError: e.lastError,
  processedBy: e.processedBy,
  replayCount: e.replayCount,
  resolvedBy: e.resolvedBy,
  receivedAt: e.receivedAt,
  lastAttemptAt: e.lastAttemptAt,
  processedAt: e.processedAt,
  resolvedAt: e.resolvedAt,
  updatedAt: e.updatedAt
})

const orderView = (o: Payments.PaymentOrder) => ({
  id: o.id,
  provider: o.provider,
  gatewayOrderId: o.gatewayOrderId,
  purpose: o.purpose,
  ownerRef: o.ownerRef,
  amount: o.amount,
  currency: o.currency,
  receipt: o.receipt,
  notes: o.notes,
  status: o.status,
  paidAt: o.paidAt,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  payments: o.payments.map((p) => ({
    id: p.id,
    gatewayPaymentId: p.gatewayPaymentId,
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    method: p.method,
    source: p.source,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt
  }))
})

export const AdminPaymentsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminPayments">, never, PaymentsHandlerServices> =
  HttpApiBuilder.group(MoneyApi, "adminPayments", (handlers) =>
    handlers
      .handle("adminListPayments", ({ urlParams }) =>
        Effect.gen(function*() {
          const { limit, page } = pageOf(urlParams)
          const result = yield* Payments.listPaymentOrders({
            status: urlParams.status,
            purpose: urlParams.purpose,
            provider: urlParams.provider,
            ownerRef: urlParams.ownerRef,
            page,
            limit
          })
          return { items: result.items.map(orderView), total: result.total, page, limit }
        }))
      .handle("adminPaymentProviders", () =>
        Effect.gen(function*() {
          const infos = yield* PaymentProviders
          const view = (role: "gateway" | "bank_verifier") =>
            Effect.gen(function*() {
              const info = infos.find((i) => i.role === role)!
              const health = yield* info.check.pipe(
                Effect.timeoutTo({ duration: "5 seconds", onSuccess: (h) => h, onTimeout: () => ({ healthy: false, detail: "no answer within 5s" }) })
              )
              return {
                role,
                kind: info.kind,
                provider: info.provider,
                configured: info.configured,
                healthy: health.healthy,
                detail: health.detail,
                description: info.description
              }
            })
          const [gateway, bankVerifier] = yield* Effect.all([view("gateway"), view("bank_verifier")], { concurrency: 2 })
          return { gateway, bankVerifier }
        }))
      .handle("adminListWebhookEvents", ({ urlParams }) =>
        Effect.gen(function*() {
          const { limit, page } = pageOf(urlParams)
          const result = yield* Payments.listWebhookEvents({
            status: urlParams.status,
            provider: urlParams.provider,
            eventType: urlParams.eventType,
            page,
            limit
          })
          return { items: result.items.map(eventView), total: result.total, page, limit }
        }))
      .handle("adminGetWebhookEvent", ({ path }) =>
        Effect.gen(function*() {
          return eventView(yield* Payments.getWebhookEvent(path.id))
        }))
      .handle("adminAcknowledgeWebhookEvent", ({ path }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          return eventView(yield* Payments.acknowledgeWebhookEvent(admin, path.id))
        }))
      .handle("adminCancelWebhookEvent", ({ path }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          return eventView(yield* Payments.cancelWebhookEvent(admin, path.id))
        }))
      .handle("adminReplayWebhookEvent", ({ path }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          return eventView(yield* Payments.replayWebhookEvent(admin, path.id))
        })))
