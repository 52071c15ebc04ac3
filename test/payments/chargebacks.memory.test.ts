/**
 * Chargebacks on the memory twins (no database): the same visible rules as on Postgres — one case
 * per gateway dispute however often it is delivered, older deliveries ignored, the defend machine's
 * moves and guards, concurrent moves of which one wins — so other contexts can test against
 * `@podium/core/testing`.
 */
import type { Identity } from "@podium/core"
import { Payments } from "@podium/core"
import { AuditLogMemory, ChargebackRepoMemory, PaymentOrderRepoMemory, SecureRandomMemory, TransactorMemory, WebhookEventRepoMemory } from "@podium/core/testing"
import { makeLocalGateway } from "@podium/providers"
import { Effect, Either, Layer } from "effect"
import { describe, expect, it } from "vitest"

const setup = () => {
  const local = makeLocalGateway()
  const repos = Layer.mergeAll(WebhookEventRepoMemory, PaymentOrderRepoMemory, ChargebackRepoMemory, Payments.PaymentEventProcessorsLive)
  const layer = Layer.mergeAll(Payments.PaymentOrdersProcessor, Payments.ChargebackDisputeProcessor).pipe(
    Layer.provideMerge(repos),
    Layer.provideMerge(Layer.mergeAll(TransactorMemory, AuditLogMemory, SecureRandomMemory, Layer.succeed(Payments.PaymentGateway, local.gateway)))
  )
  return { control: local.control, layer }
}

const admin: Identity.Principal = { accountKind: "admin", accountId: "00000000-0000-4000-8000-00000000a0a1", sessionId: "s", role: "admin" }

const dispute = (caseId: string, paymentId: string, orderId: string | null, at: number, status = "open") =>
  JSON.stringify({
    entity: "event",
    event: `payment.dispute.${status === "open" ? "created" : status}`,
    created_at: at,
    payload: {
      payment: { entity: { id: paymentId, order_id: orderId, amount: 9_900, currency: "INR", status: "captured" } },
      dispute: { entity: { id: caseId, payment_id: paymentId, amount: 9_900, currency: "INR", status, respond_by: at - 60 } }
    }
  })

describe("chargebacks on the memory twins", () => {
  it("creates one linked case per dispute, refreshes it from newer deliveries only, and runs the defend machine", async () => {
    const { control, layer } = setup()
    const program = Effect.gen(function*() {
      const { order } = yield* Payments.createGatewayOrder({ purpose: "club_tier", ownerRef: "m-1", amount: 9_900, currency: "INR" })
      const paid = yield* control.pay(order.gatewayOrderId)
      const captured = yield* control.webhook("payment.captured", paid.paymentId)
      yield* Payments.ingestGatewayWebhook("local", captured.rawBody, captured.signature, captured.eventId)
      const now = Math.floor(Date.now() / 1000)
      const created = dispute("disp_m1", paid.paymentId, order.gatewayOrderId, now)
      for (const eventId of ["evt_a", "evt_a", "evt_b"]) {
        yield* Payments.ingestGatewayWebhook("local", created, control.signWebhook(created), eventId)
      }
      const won = dispute("disp_m1", paid.paymentId, order.gatewayOrderId, now + 10, "won")
      yield* Payments.ingestGatewayWebhook("local", won, control.signWebhook(won), "evt_c")
      const stale = dispute("disp_m1", paid.paymentId, order.gatewayOrderId, now - 10, "under_review")
      yield* Payments.ingestGatewayWebhook("local", stale, control.signWebhook(stale), "evt_d")
      const list = yield* Payments.listChargebacks({ search: "DISP_M1", page: 1, limit: 10 })
      expect(list.total).toBe(1)
      const c = list.items[0]!
      expect(c).toMatchObject({ purpose: "club_tier", ownerRef: "m-1", gatewayStatus: "won", defendStatus: "OPEN" })
      expect(c.paymentId).not.toBeNull()

      const incomplete = yield* Effect.either(Payments.submitDefense(admin, c.id))
      expect(Either.isLeft(incomplete) && incomplete.left._tag).toBe("ChargebackDefenseIncomplete")
      yield* Payments.saveDefenseDraft(admin, c.id, "x".repeat(40))
      yield* Payments.addChargebackEvidence(admin, c.id, { kind: "OTHER", description: "one" })
      yield* Payments.addChargebackEvidence(admin, c.id, { kind: "OTHER", fileUrl: "https://example.com/a.pdf" })
      const [a, b] = yield* Effect.all([
        Effect.either(Payments.submitDefense(admin, c.id)),
        Effect.either(Payments.submitDefense(admin, c.id))
      ], { concurrency: 2 })
      expect([a, b].filter(Either.isRight)).toHaveLength(1)
      const detail = yield* Payments.getChargeback(c.id)
      expect(detail).toMatchObject({ defendStatus: "SUBMITTED", gatewaySubmissionStatus: "MANUAL_GATEWAY_UPLOAD_REQUIRED", evidenceCount: 2 })
      expect(detail.evidence).toHaveLength(2)
      const expire = yield* Effect.either(Payments.markChargebackExpired(admin, c.id))
      expect(Either.isLeft(expire) && expire.left._tag).toBe("MoveRefused")
      const lost = yield* Payments.markChargebackLost(admin, c.id, "The issuer decided against us")
      expect(lost).toMatchObject({ defendStatus: "LOST", resolvedBy: admin.accountId, resolutionReason: "The issuer decided against us" })
    })
    await Effect.runPromise(Effect.provide(program, layer))
  })
})
