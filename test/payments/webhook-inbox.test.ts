/**
 * The payment webhook inbox through the real host (Postgres + Redis, local gateway): signature
 * checks before anything is stored, store-first with dedupe by event id (a redelivery answers the
 * stored row and is processed once, also under concurrent delivery), dispatch to the registered
 * processors (the payments context's own `payments.orders` records the payment; a processor
 * registered by another context by purpose), and the admin routes of B "Payments": list with
 * filters and pages, read, acknowledge, cancel and replay with their legal and illegal moves, audit
 * events, 401/403/404, and concurrent admin moves.
 */
import { Payments, Platform } from "@podium/core"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newAthlete } from "../organizers/support.js"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { adminWith, ingest, newOrder, paidWebhook, signedBody } from "./support.js"

let host: RealHost
let admin: { headers: Record<string, string> }
/** Calls of the test processor registered for purpose `test_flaky`, and whether it should fail. */
const flaky = { calls: 0, failing: true, applied: new Set<string>() }

beforeAll(async () => {
  host = await startRealHost(import.meta.url)
  admin = await adminWith(host, ["payments.manage"])
  // What another context does: register a processor for its purpose (idempotent by payment id).
  await host.run(Effect.flatMap(Payments.PaymentEventProcessors, (r) =>
    r.register({
      name: "test.flaky",
      eventTypes: ["payment.captured"],
      purpose: "test_flaky",
      process: (event) =>
        Effect.suspend(() => {
          flaky.calls += 1
          if (flaky.failing) return Effect.fail(new Payments.PaymentEventProcessingFailed({ processor: "test.flaky", message: "membership store down" }))
          flaky.applied.add(event.payment!.id)
          return Effect.void
        })
    })))
}, 60_000)
afterAll(async () => {
  await host?.close()
})

const auditActions = async (id: string) =>
  (await host.run(Effect.flatMap(Platform.AuditLog, (log) => log.list({ subjectId: id, limit: 50 })))).map((r) => r.action)
const orderOf = async (gatewayOrderId: string) =>
  (await host.run(Effect.flatMap(Payments.PaymentOrderRepo, (r) => r.findByGatewayOrderId("local", gatewayOrderId)))).pipe((o) => o._tag === "Some" ? o.value : undefined)
const eventPath = (id: string) => `/v2/admin/webhook-events/${id}`

/** A stored RECEIVED row: an event type no processor handles. */
const receivedEvent = async () => {
  const { rawBody, signature } = signedBody(host, { entity: "event", event: "payment.downtime.started", payload: { downtime: { entity: { id: `down_${Math.random().toString(36).slice(2)}` } } } })
  const result = await ingest(host, rawBody, signature, `evt_rcv_${Math.random().toString(36).slice(2)}`)
  if (result._tag === "Left") throw new Error(String(result.left))
  return result.right.event
}

/** A stored FAILED row: a payment.captured without a payment entity (poisoned for payments.orders). */
const failedEvent = async () => {
  const { rawBody, signature } = signedBody(host, { entity: "event", event: "payment.captured", payload: { order: { entity: { id: "order_x" } } } })
  const result = await ingest(host, rawBody, signature, `evt_bad_${Math.random().toString(36).slice(2)}`)
  if (result._tag === "Left") throw new Error(String(result.left))
  return result.right.event
}

describe("webhook ingestion", () => {
  it("refuses an unsigned delivery and a wrong signature, storing nothing", async () => {
    const { order } = await newOrder(host)
    const hook = await paidWebhook(host, order.gatewayOrderId)
    const unsigned = await ingest(host, hook.rawBody, undefined, hook.eventId)
    expect(unsigned).toMatchObject({ _tag: "Left", left: { _tag: "WebhookSignatureInvalid", reason: "missing" } })
    const wrong = await ingest(host, hook.rawBody, "0".repeat(64), hook.eventId)
    expect(wrong).toMatchObject({ _tag: "Left", left: { _tag: "WebhookSignatureInvalid", reason: "mismatch" } })
    const tampered = await ingest(host, hook.rawBody.replace("49900", "100"), hook.signature, hook.eventId)
    expect(tampered).toMatchObject({ _tag: "Left", left: { _tag: "WebhookSignatureInvalid" } })
    const otherProvider = await ingest(host, hook.rawBody, hook.signature, hook.eventId, "razorpay")
    expect(otherProvider).toMatchObject({ _tag: "Left", left: { _tag: "WebhookSignatureInvalid", reason: "unknown_provider" } })
    const list = await host.http.get(`/v2/admin/webhook-events?eventType=payment.captured&limit=100`, admin.headers)
    expect(list.body.data.items.map((e: { eventId: string }) => e.eventId)).not.toContain(hook.eventId)
  })

  it("stores a signed payment.captured, records the payment on its order and marks it PROCESSED", async () => {
    const { order } = await newOrder(host)
    const hook = await paidWebhook(host, order.gatewayOrderId)
    const result = await ingest(host, hook.rawBody, hook.signature, hook.eventId)
    expect(result).toMatchObject({ _tag: "Right", right: { duplicate: false, event: { status: "PROCESSED", attempts: 1, signatureVerified: true, processedBy: ["payments.orders"], lastError: null } } })
    const stored = await orderOf(order.gatewayOrderId)
    expect(stored).toMatchObject({ status: "PAID", payments: [{ gatewayPaymentId: hook.paymentId, status: "captured", amount: 49_900, source: "webhook" }] })
  })

  it("answers a redelivery from the inbox without processing it again", async () => {
    const { order } = await newOrder(host)
    const hook = await paidWebhook(host, order.gatewayOrderId)
    const first = await ingest(host, hook.rawBody, hook.signature, hook.eventId)
    const again = await ingest(host, hook.rawBody, hook.signature, hook.eventId)
    expect(again).toMatchObject({ _tag: "Right", right: { duplicate: true } })
    if (first._tag === "Left" || again._tag === "Left") throw new Error("refused")
    expect(again.right.event.id).toBe(first.right.event.id)
    expect(again.right.event.attempts).toBe(1)
    expect((await orderOf(order.gatewayOrderId))!.payments).toHaveLength(1)
  })

  it("stores and dispatches exactly one of concurrent deliveries of the same event", async () => {
    const { order } = await newOrder(host)
    const hook = await paidWebhook(host, order.gatewayOrderId)
    const results = await Promise.all(Array.from({ length: 6 }, () => ingest(host, hook.rawBody, hook.signature, hook.eventId)))
    const fresh = results.filter((r) => r._tag === "Right" && !r.right.duplicate)
    expect(fresh).toHaveLength(1)
    const list = await host.http.get(`/v2/admin/webhook-events?eventType=payment.captured&limit=100`, admin.headers)
    expect(list.body.data.items.filter((e: { eventId: string }) => e.eventId === hook.eventId)).toHaveLength(1)
    expect((await orderOf(order.gatewayOrderId))!.payments).toHaveLength(1)
  })

  it("keeps an event without a processor RECEIVED with a note, and a poisoned one FAILED with the processor's error", async () => {
    const received = await receivedEvent()
    expect(received).toMatchObject({ status: "RECEIVED", lastError: "no processor registered for payment.downtime.started", attempts: 1 })
    const failed = await failedEvent()
    expect(failed).toMatchObject({ status: "FAILED", lastError: "payments.orders: event carries no payment entity with an order id" })
  })

  it("refuses a signed body that is not an event", async () => {
    const { rawBody, signature } = signedBody(host, { hello: "world" })
    expect(await ingest(host, rawBody, signature, "evt_nope")).toMatchObject({ _tag: "Left", left: { _tag: "WebhookPayloadInvalid" } })
  })
})

describe("checkout verification (the same payments recorded from the app's callback)", () => {
  it("records a payment whose checkout signature matches, refuses a wrong one, and a later webhook changes nothing", async () => {
    const { order, gatewayOrder } = await newOrder(host)
    expect(gatewayOrder.keyId).toBe("rzp_test_local")
    const hook = await paidWebhook(host, order.gatewayOrderId)
    const bad = await host.run(Effect.either(Payments.verifyCheckoutPayment({ gatewayOrderId: order.gatewayOrderId, paymentId: hook.paymentId, signature: "f".repeat(64) })))
    expect(bad).toMatchObject({ _tag: "Left", left: { _tag: "PaymentSignatureInvalid" } })
    const ok = await host.run(Payments.verifyCheckoutPayment({ gatewayOrderId: order.gatewayOrderId, paymentId: hook.paymentId, signature: hook.checkoutSignature }))
    expect(ok).toMatchObject({ status: "PAID", payments: [{ status: "captured", source: "checkout" }] })
    await ingest(host, hook.rawBody, hook.signature, hook.eventId)
    expect((await orderOf(order.gatewayOrderId))!.payments).toMatchObject([{ status: "captured", source: "checkout" }])
  })
})

describe("admin webhook events: list and read", () => {
  it("lists newest first with status, provider and eventType filters and pages", async () => {
    const a = await receivedEvent()
    const b = await receivedEvent()
    const page1 = await host.http.get("/v2/admin/webhook-events?status=RECEIVED&provider=local&eventType=payment.downtime.started&limit=1&page=1", admin.headers)
    expect(page1.status).toBe(200)
    expect(page1.body.data).toMatchObject({ page: 1, limit: 1 })
    expect(page1.body.data.total).toBeGreaterThanOrEqual(2)
    expect(page1.body.data.items[0].id).toBe(b.id)
    const page2 = await host.http.get("/v2/admin/webhook-events?status=RECEIVED&provider=local&eventType=payment.downtime.started&limit=1&page=2", admin.headers)
    expect(page2.body.data.items[0].id).toBe(a.id)
    const none = await host.http.get("/v2/admin/webhook-events?provider=razorpay", admin.headers)
    expect(none.body.data).toMatchObject({ items: [], total: 0, page: 1, limit: 20 })
    const bad = await host.http.get("/v2/admin/webhook-events?status=DONE&limit=0", admin.headers)
    expect(bad.status).toBe(400)
    expect(Array.isArray(bad.body.message) ? bad.body.message.length : 1).toBeGreaterThanOrEqual(2)
  })

  it("reads one event with its payload; 404 WEBHOOK_EVENT_NOT_FOUND for unknown and malformed ids", async () => {
    const e = await receivedEvent()
    const res = await host.http.get(eventPath(e.id), admin.headers)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ id: e.id, provider: "local", eventType: "payment.downtime.started", status: "RECEIVED", signatureVerified: true })
    expect(res.body.data.payload).toMatchObject({ event: "payment.downtime.started" })
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const missing = await host.http.get(eventPath(id), admin.headers)
      expect(missing.status).toBe(404)
      expect(missing.body).toMatchObject({ code: "WEBHOOK_EVENT_NOT_FOUND", data: null })
    }
  })

  it("is for admins holding payments.manage only (401 without a token, 403 otherwise)", async () => {
    const e = await receivedEvent()
    const athlete = await newAthlete(host)
    const plain = await adminWith(host, ["clubs.review"])
    for (const [method, path] of [
      ["GET", "/v2/admin/webhook-events"],
      ["GET", eventPath(e.id)],
      ["POST", `/v2/admin/webhook-events/${e.id}/acknowledge`],
      ["POST", `/v2/admin/webhook-events/${e.id}/cancel`],
      ["POST", `/v2/admin/webhook-events/${e.id}/replay`],
      ["GET", "/v2/admin/payments"],
      ["GET", "/v2/admin/payment-providers"]
    ] as const) {
      expect((await host.http.request(method, path)).status).toBe(401)
      expect((await host.http.request(method, path, undefined, athlete.headers)).status).toBe(403)
      const denied = await host.http.request(method, path, undefined, plain.headers)
      expect(denied.status).toBe(403)
      expect(denied.body.code).toBe("ADMIN_PERMISSION_REQUIRED")
    }
    expect((await host.http.get(eventPath(e.id), admin.headers)).body.data.status).toBe("RECEIVED")
  })
})

describe("admin webhook events: acknowledge, cancel, replay", () => {
  it("acknowledges a RECEIVED row (webhook_event.acknowledged) and refuses a second acknowledge", async () => {
    const e = await receivedEvent()
    const res = await host.http.post(`${eventPath(e.id)}/acknowledge`, undefined, admin.headers)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ status: "ACKNOWLEDGED", resolvedBy: expect.any(String) })
    expect(await auditActions(e.id)).toContain("webhook_event.acknowledged")
    const again = await host.http.post(`${eventPath(e.id)}/acknowledge`, undefined, admin.headers)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: "WEBHOOK_EVENT_STATE_CONFLICT", message: "A webhook event that is ACKNOWLEDGED cannot be acknowledged" })
    expect((await host.http.post(`${eventPath(e.id)}/cancel`, undefined, admin.headers)).status).toBe(409)
  })

  it("acknowledges a FAILED row too, and refuses to acknowledge or cancel a PROCESSED one", async () => {
    const failed = await failedEvent()
    expect((await host.http.post(`${eventPath(failed.id)}/acknowledge`, undefined, admin.headers)).body.data.status).toBe("ACKNOWLEDGED")
    const { order } = await newOrder(host)
    const hook = await paidWebhook(host, order.gatewayOrderId)
    const processed = await ingest(host, hook.rawBody, hook.signature, hook.eventId)
    if (processed._tag === "Left") throw new Error("refused")
    for (const action of ["acknowledge", "cancel"]) {
      const res = await host.http.post(`${eventPath(processed.right.event.id)}/${action}`, undefined, admin.headers)
      expect(res.status).toBe(409)
      expect(res.body.code).toBe("WEBHOOK_EVENT_STATE_CONFLICT")
    }
  })

  it("cancels a poisoned FAILED row (webhook_event.cancelled); a cancelled row is never replayed, acknowledged or cancelled again", async () => {
    const e = await failedEvent()
    const res = await host.http.post(`${eventPath(e.id)}/cancel`, undefined, admin.headers)
    expect(res.status).toBe(201)
    expect(res.body.data.status).toBe("CANCELLED")
    expect(await auditActions(e.id)).toContain("webhook_event.cancelled")
    for (const action of ["replay", "acknowledge", "cancel"]) {
      const refused = await host.http.post(`${eventPath(e.id)}/${action}`, undefined, admin.headers)
      expect(refused.status).toBe(409)
      expect(refused.body.code).toBe("WEBHOOK_EVENT_STATE_CONFLICT")
    }
  })

  it("cancels a RECEIVED row", async () => {
    const e = await receivedEvent()
    expect((await host.http.post(`${eventPath(e.id)}/cancel`, undefined, admin.headers)).body.data.status).toBe("CANCELLED")
  })

  it("replays a PROCESSED event without changing anything but the counters (webhook_event.replayed)", async () => {
    const { order } = await newOrder(host)
    const hook = await paidWebhook(host, order.gatewayOrderId)
    const processed = await ingest(host, hook.rawBody, hook.signature, hook.eventId)
    if (processed._tag === "Left") throw new Error("refused")
    const before = await orderOf(order.gatewayOrderId)
    const res = await host.http.post(`${eventPath(processed.right.event.id)}/replay`, undefined, admin.headers)
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ status: "PROCESSED", attempts: 2, replayCount: 1, lastError: null })
    const after = await orderOf(order.gatewayOrderId)
    expect(after!.payments).toEqual(before!.payments)
    expect(after!.status).toBe("PAID")
    expect(await auditActions(processed.right.event.id)).toContain("webhook_event.replayed")
  })

  it("replays a FAILED event once its processor recovers: FAILED → PROCESSED, applied once", async () => {
    const { order } = await newOrder(host, { purpose: "test_flaky" })
    const hook = await paidWebhook(host, order.gatewayOrderId)
    flaky.failing = true
    const first = await ingest(host, hook.rawBody, hook.signature, hook.eventId)
    if (first._tag === "Left") throw new Error("refused")
    expect(first.right.event).toMatchObject({ status: "FAILED", lastError: "test.flaky: membership store down" })
    // The failed unit of work rolled back the payments.orders record made in the same dispatch.
    expect((await orderOf(order.gatewayOrderId))!.payments).toHaveLength(0)
    flaky.failing = false
    const replayed = await host.http.post(`${eventPath(first.right.event.id)}/replay`, undefined, admin.headers)
    expect(replayed.body.data).toMatchObject({ status: "PROCESSED", processedBy: ["payments.orders", "test.flaky"], lastError: null, replayCount: 1 })
    expect(flaky.applied.has(hook.paymentId)).toBe(true)
    expect((await orderOf(order.gatewayOrderId))!.payments).toHaveLength(1)
    // A second replay: still PROCESSED, the payment still recorded once.
    const again = await host.http.post(`${eventPath(first.right.event.id)}/replay`, undefined, admin.headers)
    expect(again.body.data).toMatchObject({ status: "PROCESSED", replayCount: 2 })
    expect((await orderOf(order.gatewayOrderId))!.payments).toHaveLength(1)
  })

  it("replays an ACKNOWLEDGED and a RECEIVED row (still without processor: state kept)", async () => {
    const e = await receivedEvent()
    const replayed = await host.http.post(`${eventPath(e.id)}/replay`, undefined, admin.headers)
    expect(replayed.body.data).toMatchObject({ status: "RECEIVED", replayCount: 1 })
    await host.http.post(`${eventPath(e.id)}/acknowledge`, undefined, admin.headers)
    const again = await host.http.post(`${eventPath(e.id)}/replay`, undefined, admin.headers)
    expect(again.body.data).toMatchObject({ status: "ACKNOWLEDGED", replayCount: 2 })
  })

  it("lets exactly one of two concurrent acknowledges (or cancels) win", async () => {
    const e = await receivedEvent()
    const answers = await Promise.all([
      host.http.post(`${eventPath(e.id)}/acknowledge`, undefined, admin.headers),
      host.http.post(`${eventPath(e.id)}/acknowledge`, undefined, admin.headers),
      host.http.post(`${eventPath(e.id)}/cancel`, undefined, admin.headers)
    ])
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2)
  })

  it("dispatches a row once under concurrent replays (the others: 409 WEBHOOK_EVENT_IN_PROGRESS or a later replay)", async () => {
    const { order } = await newOrder(host, { purpose: "test_flaky" })
    const hook = await paidWebhook(host, order.gatewayOrderId)
    flaky.failing = false
    const first = await ingest(host, hook.rawBody, hook.signature, hook.eventId)
    if (first._tag === "Left") throw new Error("refused")
    const answers = await Promise.all(Array.from({ length: 4 }, () => host.http.post(`${eventPath(first.right.event.id)}/replay`, undefined, admin.headers)))
    for (const a of answers) expect([201, 409]).toContain(a.status)
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe("WEBHOOK_EVENT_IN_PROGRESS")
    const final = await host.http.get(eventPath(first.right.event.id), admin.headers)
    expect(final.body.data.status).toBe("PROCESSED")
    expect(final.body.data.replayCount).toBe(answers.filter((a) => a.status === 201).length)
    expect((await orderOf(order.gatewayOrderId))!.payments).toHaveLength(1)
  })
})

describe("admin payments and providers", () => {
  it("lists the platform's gateway orders with their payments, filtered by status, purpose and owner", async () => {
    const { order } = await newOrder(host, { purpose: "test_listing", amount: 12_300 })
    const unpaid = await newOrder(host, { purpose: "test_listing", amount: 4_500 })
    const hook = await paidWebhook(host, order.gatewayOrderId)
    await ingest(host, hook.rawBody, hook.signature, hook.eventId)
    const res = await host.http.get("/v2/admin/payments?purpose=test_listing", admin.headers)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ total: 2, page: 1, limit: 20 })
    expect(res.body.data.items.map((o: { id: string }) => o.id)).toEqual([unpaid.order.id, order.id])
    expect(res.body.data.items[1]).toMatchObject({
      provider: "local",
      gatewayOrderId: order.gatewayOrderId,
      purpose: "test_listing",
      amount: 12_300,
      currency: "INR",
      status: "PAID",
      notes: { plan: "gold", purpose: "test_listing" },
      payments: [{ gatewayPaymentId: hook.paymentId, status: "captured", amount: 12_300 }]
    })
    const paid = await host.http.get(`/v2/admin/payments?purpose=test_listing&status=PAID&ownerRef=${order.ownerRef}`, admin.headers)
    expect(paid.body.data.items.map((o: { id: string }) => o.id)).toEqual([order.id])
    expect((await host.http.get("/v2/admin/payments?status=LOST", admin.headers)).status).toBe(400)
  })

  it("shows which gateway and bank verifier are configured and healthy", async () => {
    const res = await host.http.get("/v2/admin/payment-providers", admin.headers)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      gateway: { role: "gateway", kind: "local", provider: "local", configured: true, healthy: true, detail: "in-process simulator", description: "local simulator (no money moves)" },
      bankVerifier: {
        role: "bank_verifier",
        kind: "local",
        provider: "local",
        configured: true,
        healthy: true,
        detail: "in-process verifier",
        description: "local deterministic verifier (no money moves)"
      }
    })
  })

  it("answers 503 PAYMENT_GATEWAY_NOT_CONFIGURED for orders on a host without a gateway, and reports it unconfigured", async () => {
    const bare = await startRealHost(`${import.meta.url}#bare`, { PAYMENT_GATEWAY: "none", BANK_VERIFIER: "none" })
    try {
      const created = await bare.run(Effect.either(Payments.createGatewayOrder({ purpose: "test_purchase", ownerRef: "x", amount: 1000, currency: "INR" })))
      expect(created).toMatchObject({ _tag: "Left", left: { _tag: "PaymentGatewayUnavailable" } })
      for (const provider of ["unconfigured", "razorpay"]) {
        const hook = await bare.run(Effect.either(Payments.ingestGatewayWebhook(provider, "{}", "sig")))
        expect(hook).toMatchObject({ _tag: "Left", left: { _tag: "PaymentGatewayUnavailable" } })
      }
      const boss = await adminWith(bare, ["payments.manage"])
      const res = await bare.http.get("/v2/admin/payment-providers", boss.headers)
      expect(res.body.data.gateway).toMatchObject({ kind: "none", configured: false, healthy: false })
      expect(res.body.data.bankVerifier).toMatchObject({ kind: "none", configured: false, healthy: false })
    } finally {
      await bare.close()
    }
  }, 60_000)
})
