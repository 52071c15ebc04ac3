/**
 * Handlers of Admin: Money / Payments (the contract declares the admin permission
 * `payments.manage`): the webhook inbox (list, read, acknowledge, cancel, replay), the payment
 * providers with a live check, and the gateway orders with their payments. Events and orders are
 * answered as recorded; the contract's views leave out what clients do not see (the order's creator,
 * a payment's order and provider).
 */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { MoneyApi } from "@podium/contracts/money"
import { Payments } from "@podium/core"
import { type IdentityServices, type OrganizersInfrastructure, PaymentProviders, type PaymentsInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

export type PaymentsHandlerServices = IdentityServices | OrganizersInfrastructure | PaymentsInfrastructure | Authenticated

export const AdminPaymentsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminPayments">, never, PaymentsHandlerServices> =
  apiGroup(MoneyApi, "adminPayments", (handlers) =>
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
          return { items: result.items, total: result.total, page, limit }
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
          return { items: result.items, total: result.total, page, limit }
        }))
      .handle("adminGetWebhookEvent", ({ path }) =>
        Effect.gen(function*() {
          return yield* Payments.getWebhookEvent(path.id)
        }))
      .handle("adminAcknowledgeWebhookEvent", ({ path }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          return yield* Payments.acknowledgeWebhookEvent(admin, path.id)
        }))
      .handle("adminCancelWebhookEvent", ({ path }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          return yield* Payments.cancelWebhookEvent(admin, path.id)
        }))
      .handle("adminReplayWebhookEvent", ({ path }) =>
        Effect.gen(function*() {
          const admin = yield* CurrentPrincipal
          return yield* Payments.replayWebhookEvent(admin, path.id)
        })))
