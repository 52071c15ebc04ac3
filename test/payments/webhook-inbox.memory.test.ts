/**
 * The webhook inbox and order use cases on the memory twins (no database): the same visible rules
 * as on Postgres — dedupe by event id, dispatch once, forward-only payments, replay harmless — so
 * other contexts can test their processors against `@podium/core/testing`.
 */
import type { Identity } from "@podium/core"
import { Payments } from "@podium/core"
import { AuditLogMemory, PaymentOrderRepoMemory, SecureRandomMemory, TransactorMemory, WebhookEventRepoMemory } from "@podium/core/testing"
import { makeLocalGateway } from "@podium/providers"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"

const setup = () => {
  const local = makeLocalGateway()
  const repos = Layer.mergeAll(WebhookEventRepoMemory, PaymentOrderRepoMemory, Payments.PaymentEventProcessorsLive)
  const layer = Payments.PaymentOrdersProcessor.pipe(
    Layer.provideMerge(repos),
    Layer.provideMerge(Layer.mergeAll(TransactorMemory, AuditLogMemory, SecureRandomMemory, Layer.succeed(Payments.PaymentGateway, local.gateway)))
  )
  return { control: local.control, layer }
}

describe("webhook inbox on the memory twins", () => {
  it("records a paid order once however often the event is delivered or replayed", async () => {
    const { control, layer } = setup()
    const admin: Identity.Principal = { accountKind: "admin", accountId: "00000000-0000-4000-8000-00000000a0a0", sessionId: "s", role: "admin" }
    const program = Effect.gen(function*() {
      const { order } = yield* Payments.createGatewayOrder({ purpose: "club_tier", ownerRef: "m-1", amount: 9_900, currency: "INR" })
      const paid = yield* control.pay(order.gatewayOrderId)
      const hook = yield* control.webhook("payment.captured", paid.paymentId)
      const first = yield* Payments.ingestGatewayWebhook("local", hook.rawBody, hook.signature, hook.eventId)
      const again = yield* Payments.ingestGatewayWebhook("local", hook.rawBody, hook.signature, hook.eventId)
      const replayed = yield* Payments.replayWebhookEvent(admin, first.event.id)
      const orders = yield* Payments.listPaymentOrders({ page: 1, limit: 10 })
      return { first, again, replayed, orders }
    })
    const { again, first, orders, replayed } = await Effect.runPromise(Effect.provide(program, layer))
    expect(first).toMatchObject({ duplicate: false, event: { status: "PROCESSED", processedBy: ["payments.orders"] } })
    expect(again).toMatchObject({ duplicate: true, event: { id: first.event.id, attempts: 1 } })
    expect(replayed).toMatchObject({ status: "PROCESSED", attempts: 2, replayCount: 1 })
    expect(orders.items).toHaveLength(1)
    expect(orders.items[0]).toMatchObject({ status: "PAID", purpose: "club_tier", payments: [{ status: "captured", source: "webhook" }] })
  })

  it("a captured payment is never moved back by a late authorized event", async () => {
    const { control, layer } = setup()
    const program = Effect.gen(function*() {
      const { order } = yield* Payments.createGatewayOrder({ purpose: "club_tier", ownerRef: "m-2", amount: 9_900, currency: "INR" })
      const paid = yield* control.pay(order.gatewayOrderId)
      const captured = yield* control.webhook("payment.captured", paid.paymentId)
      const authorized = yield* control.webhook("payment.authorized", paid.paymentId)
      yield* Payments.ingestGatewayWebhook("local", captured.rawBody, captured.signature, captured.eventId)
      const late = yield* Payments.ingestGatewayWebhook("local", authorized.rawBody, authorized.signature, authorized.eventId)
      const orders = yield* Payments.listPaymentOrders({ page: 1, limit: 10 })
      return { late, orders }
    })
    const { late, orders } = await Effect.runPromise(Effect.provide(program, layer))
    expect(late.event.status).toBe("PROCESSED")
    expect(orders.items[0]).toMatchObject({ status: "PAID", payments: [{ status: "captured" }] })
  })
})
