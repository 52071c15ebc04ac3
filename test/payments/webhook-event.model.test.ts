/** The webhook inbox state machine as data, the webhook body parser and the forward-only payment status. */
import { Payments } from "@podium/core"
import { Either } from "effect"
import { describe, expect, it } from "vitest"

describe("webhook event state machine", () => {
  const legal: Record<Payments.WebhookEventAction, Partial<Record<Payments.WebhookEventStatus, Payments.WebhookEventStatus>>> = {
    process: { RECEIVED: "PROCESSED", FAILED: "PROCESSED", ACKNOWLEDGED: "PROCESSED", PROCESSED: "PROCESSED" },
    fail: { RECEIVED: "FAILED", FAILED: "FAILED", ACKNOWLEDGED: "FAILED", PROCESSED: "PROCESSED" },
    acknowledge: { RECEIVED: "ACKNOWLEDGED", FAILED: "ACKNOWLEDGED" },
    cancel: { RECEIVED: "CANCELLED", FAILED: "CANCELLED" },
    replay: { RECEIVED: "RECEIVED", FAILED: "FAILED", ACKNOWLEDGED: "ACKNOWLEDGED", PROCESSED: "PROCESSED" }
  }
  for (const action of Payments.WebhookEventActions) {
    for (const status of Payments.WebhookEventStatuses) {
      const to = legal[action][status]
      it(`${action} from ${status} ${to === undefined ? "is refused" : `gives ${to}`}`, () => {
        const result = Payments.moveWebhookEvent(status, action)
        if (to === undefined) expect(Either.isLeft(result) && result.left._tag).toBe("WebhookEventStateConflict")
        else expect(result).toEqual(Either.right(to))
      })
    }
  }
  it("never leaves CANCELLED", () => {
    expect(Payments.WebhookEventMoves.filter((m) => m.from === "CANCELLED")).toEqual([])
  })
})

describe("webhook body parsing", () => {
  const body = JSON.stringify({ entity: "event", event: "payment.captured", payload: { payment: { entity: { id: "pay_1", order_id: "order_1", amount: 100, currency: "INR", status: "captured", notes: { purpose: "club_tier" } } } } })

  it("dedupes by the header event id, else by the event and entity id", () => {
    expect(Payments.parseWebhookBody(body, "evt_9")).toMatchObject({ right: { eventId: "evt_9", eventType: "payment.captured", entityId: "pay_1" } })
    expect(Payments.parseWebhookBody(body, undefined)).toMatchObject({ right: { eventId: "payment.captured:pay_1" } })
  })

  it("refuses bodies that are not JSON events", () => {
    expect(Payments.parseWebhookBody("not json", "e")).toMatchObject({ left: { messages: ["body must be JSON"] } })
    expect(Payments.parseWebhookBody(JSON.stringify({ foo: 1 }), "e")).toMatchObject({ left: { _tag: "WebhookPayloadInvalid" } })
    expect(Payments.parseWebhookBody(JSON.stringify({ event: "payment.captured" }), undefined)).toMatchObject({ left: { _tag: "WebhookPayloadInvalid" } })
  })

  it("gives processors the payment, the notes and the purpose", () => {
    const parsed = Payments.parseWebhookBody(body, "evt_9")
    if (Either.isLeft(parsed)) throw new Error("unparsed")
    const event = Payments.toPaymentEvent({
      id: "row", provider: "local", eventId: "evt_9", eventType: "payment.captured", payload: parsed.right.payload, signatureVerified: true,
      status: "RECEIVED", attempts: 0, lastError: null, processedBy: [], replayCount: 0, resolvedBy: null, receivedAt: new Date(),
      lastAttemptAt: null, processedAt: null, resolvedAt: null, updatedAt: new Date()
    })
    expect(event).toMatchObject({ purpose: "club_tier", payment: { id: "pay_1", orderId: "order_1", amount: 100, status: "captured" }, notes: { purpose: "club_tier" } })
  })
})

describe("payment status only moves forward", () => {
  it.each([
    ["created", "authorized", true],
    ["authorized", "captured", true],
    ["captured", "refunded", true],
    ["captured", "authorized", false],
    ["captured", "failed", false],
    ["authorized", "failed", true],
    ["failed", "captured", true],
    ["refunded", "captured", false],
    ["captured", "captured", false]
  ] as const)("%s → %s: %s", (from, to, ok) => {
    expect(Payments.paymentStatusAdvances(from, to)).toBe(ok)
  })
})
