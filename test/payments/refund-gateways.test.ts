/**
 * Gateway refunds on every adapter: Razorpay's `POST /v1/payments/{id}/refund` against a local
 * `node:http` server (Basic auth, the receipt carrying our idempotency key, 4xx → Rejected, 5xx and
 * an unreachable server → Unavailable, refund status read back), the local simulator (refunds once
 * per receipt, refuses more than was captured, inspectable and settleable through its control) and
 * the unconfigured adapter (503 PAYMENT_GATEWAY_NOT_CONFIGURED).
 */
import { makeLocalGateway, makeRazorpayGateway, makeUnconfiguredGateway } from "@podium/providers"
import { Effect, Either } from "effect"
import { createServer, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

interface Seen {
  readonly method: string
  readonly url: string
  readonly authorization: string | undefined
  readonly body: string
}

let server: Server
let baseUrl: string
const seen: Array<Seen> = []
let handler: (req: Seen, res: ServerResponse) => void = (_req, res) => res.writeHead(500).end()

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ""
    req.on("data", (c) => (body += c))
    req.on("end", () => {
      const s = { method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body }
      seen.push(s)
      handler(s, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body))
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.either(effect))
const razorpay = () => makeRazorpayGateway({ baseUrl, keyId: "rzp_test_key", keySecret: "key-secret", webhookSecret: "hook-secret", timeoutMs: 2000 })
const refundInput = { paymentId: "pay_ABC", amount: 49_900, idempotencyKey: "4f1c2d7e-0000-4000-8000-000000000001", notes: { source: "booking:x" } }

describe("Razorpay refunds", () => {
  it("refunds with POST /v1/payments/{id}/refund, Basic auth, the key as receipt, and reads the refund back", async () => {
    handler = (req, res) =>
      req.method === "POST"
        ? json(res, 200, { id: "rfnd_1", entity: "refund", amount: 49_900, currency: "INR", payment_id: "pay_ABC", status: "pending", receipt: refundInput.idempotencyKey })
        : json(res, 200, { id: "rfnd_1", entity: "refund", amount: 49_900, currency: "INR", payment_id: "pay_ABC", status: "processed" })
    const refund = await run(razorpay().refund(refundInput))
    expect(refund).toEqual(Either.right({ id: "rfnd_1", paymentId: "pay_ABC", amount: 49_900, currency: "INR", status: "pending" }))
    const req = seen.at(-1)!
    expect(req).toMatchObject({ method: "POST", url: "/v1/payments/pay_ABC/refund", authorization: `Basic ${Buffer.from("rzp_test_key:key-secret").toString("base64")}` })
    expect(JSON.parse(req.body)).toEqual({ amount: 49_900, speed: "normal", receipt: refundInput.idempotencyKey, notes: { source: "booking:x" } })
    const back = await run(razorpay().fetchRefund("pay_ABC", "rfnd_1"))
    expect(back).toMatchObject({ right: { id: "rfnd_1", status: "processed" } })
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/v1/payments/pay_ABC/refunds/rfnd_1" })
  })

  it("answers Rejected for Razorpay's 400 (already refunded), Unavailable for 5xx and an unreachable server, NotFound for 404", async () => {
    handler = (_req, res) => json(res, 400, { error: { code: "BAD_REQUEST_ERROR", description: "The payment has been fully refunded already" } })
    expect(await run(razorpay().refund(refundInput))).toMatchObject({ left: { _tag: "PaymentGatewayRejected", code: "BAD_REQUEST_ERROR", message: "The payment has been fully refunded already" } })
    handler = (_req, res) => json(res, 503, {})
    expect(await run(razorpay().refund(refundInput))).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
    handler = (_req, res) => json(res, 404, { error: { code: "BAD_REQUEST_ERROR", description: "not found" } })
    expect(await run(razorpay().refund(refundInput))).toMatchObject({ left: { _tag: "PaymentNotFoundAtGateway", paymentId: "pay_ABC" } })
    const before = seen.length
    expect(await run(razorpay().refund({ ...refundInput, paymentId: "../orders" }))).toMatchObject({ left: { _tag: "PaymentNotFoundAtGateway" } })
    expect(seen.length).toBe(before)
    const down = makeRazorpayGateway({ baseUrl: "http://127.0.0.1:1", keyId: "k", keySecret: "s", webhookSecret: undefined, timeoutMs: 1000 })
    expect(await run(down.refund(refundInput))).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
  })
})

describe("local simulator refunds", () => {
  it("refunds a captured payment once per receipt, refuses more than captured, and lets tests inspect and settle refunds", async () => {
    const { gateway, control } = makeLocalGateway()
    const order = await Effect.runPromise(gateway.createOrder({ amount: 10_000, currency: "INR", receipt: "r1", notes: {} }))
    const { paymentId } = await Effect.runPromise(control.pay(order.id))
    const first = await run(gateway.refund({ paymentId, amount: 10_000, idempotencyKey: "k1", notes: {} }))
    expect(first).toMatchObject({ right: { paymentId, amount: 10_000, currency: "INR", status: "pending" } })
    const again = await run(gateway.refund({ paymentId, amount: 10_000, idempotencyKey: "k1", notes: {} }))
    expect(again).toEqual(first)
    expect(await run(gateway.refund({ paymentId, amount: 1, idempotencyKey: "k2", notes: {} }))).toMatchObject({ left: { _tag: "PaymentGatewayRejected", message: "The payment has been fully refunded already" } })
    expect(control.refunds()).toHaveLength(1)
    expect(control.refunds()[0]).toMatchObject({ receipt: "k1" })
    expect((await Effect.runPromise(gateway.fetchPayment(paymentId))).status).toBe("refunded")
    const id = Either.getOrThrow(first).id
    await Effect.runPromise(control.settleRefund(id, "processed"))
    expect(await run(gateway.fetchRefund(paymentId, id))).toMatchObject({ right: { status: "processed" } })
    expect(await run(gateway.refund({ paymentId: "pay_unknown", amount: 1, idempotencyKey: "k3", notes: {} }))).toMatchObject({ left: { _tag: "PaymentNotFoundAtGateway" } })
    await Effect.runPromise(control.failNext("unavailable"))
    expect(await run(gateway.refund({ paymentId, amount: 1, idempotencyKey: "k4", notes: {} }))).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
  })

  it("refuses a partial refund above what is left", async () => {
    const { gateway, control } = makeLocalGateway()
    const order = await Effect.runPromise(gateway.createOrder({ amount: 10_000, currency: "INR", receipt: "r2", notes: {} }))
    const { paymentId } = await Effect.runPromise(control.pay(order.id))
    expect(await run(gateway.refund({ paymentId, amount: 6_000, idempotencyKey: "a", notes: {} }))).toMatchObject({ right: { amount: 6_000 } })
    expect(await run(gateway.refund({ paymentId, amount: 6_000, idempotencyKey: "b", notes: {} }))).toMatchObject({ left: { message: "The refund amount provided is greater than amount captured" } })
  })
})

describe("unconfigured gateway", () => {
  it("answers every refund call Unavailable (the 503 PAYMENT_GATEWAY_NOT_CONFIGURED)", async () => {
    const g = makeUnconfiguredGateway("PAYMENT_GATEWAY=razorpay")
    const a = await run(g.refund(refundInput))
    expect(a).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
    expect(await run(g.fetchRefund("pay_1", "rfnd_1"))).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
  })
})
