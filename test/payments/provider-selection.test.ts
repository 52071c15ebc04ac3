/**
 * Payment provider selection from configuration on the real host: PAYMENT_GATEWAY=razorpay and
 * BANK_VERIFIER=http point the ports at a local `node:http` server speaking Razorpay and Cashfree,
 * orders and webhooks go through it end to end, the start-up summary names the providers without
 * secrets, each configured HTTP provider adds a health probe, and the admin providers route runs
 * the live checks.
 */
import { Payments } from "@podium/core"
import { describeInfrastructure } from "@podium/host-common"
import { Effect } from "effect"
import { createHmac } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { adminWith } from "./support.js"

let server: Server
let url: string
let host: RealHost
const orders: Array<{ auth: string | undefined; body: unknown }> = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ""
    req.on("data", (c) => (body += c))
    req.on("end", () => {
      const send = (status: number, data: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(data))
      if (req.method === "POST" && req.url === "/v1/orders") {
        const parsed = JSON.parse(body) as { amount: number; currency: string; receipt: string }
        orders.push({ auth: req.headers.authorization, body: parsed })
        return send(200, { id: `order_RZP${orders.length}`, entity: "order", amount: parsed.amount, currency: parsed.currency, receipt: parsed.receipt, status: "created" })
      }
      if (req.method === "GET" && req.url?.startsWith("/v1/orders")) return send(200, { entity: "collection", count: 0, items: [] })
      if (req.method === "GET" && req.url === "/ifsc/SBIN0000300") return send(200, { BANK: "State Bank of India", IFSC: "SBIN0000300", BRANCH: "Mumbai Main", ADDRESS: "Fort", CITY: "Mumbai", STATE: "Maharashtra" })
      return send(404, "Not Found")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  host = await startRealHost(import.meta.url, {
    PAYMENT_GATEWAY: "razorpay",
    RAZORPAY_BASE_URL: url,
    RAZORPAY_KEY_ID: "rzp_test_selection",
    RAZORPAY_KEY_SECRET: "selection-key-secret",
    RAZORPAY_WEBHOOK_SECRET: "selection-hook-secret",
    BANK_VERIFIER: "http",
    BANK_VERIFIER_URL: url,
    BANK_VERIFIER_CLIENT_ID: "cf-id",
    BANK_VERIFIER_CLIENT_SECRET: "cf-secret-for-tests",
    BANK_IFSC_URL: `${url}/ifsc`
  })
}, 60_000)
afterAll(async () => {
  await host?.close()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
})

describe("configured HTTP payment providers", () => {
  it("creates orders at the Razorpay server and accepts only webhooks signed with RAZORPAY_WEBHOOK_SECRET", async () => {
    const created = await host.run(Payments.createGatewayOrder({ purpose: "test_purchase", ownerRef: "o-1", amount: 25_000, currency: "INR" }))
    expect(created.gatewayOrder).toMatchObject({ id: "order_RZP1", provider: "razorpay", keyId: "rzp_test_selection" })
    expect(created.order).toMatchObject({ provider: "razorpay", gatewayOrderId: "order_RZP1", status: "CREATED" })
    expect(orders[0]!.auth).toBe(`Basic ${Buffer.from("rzp_test_selection:selection-key-secret").toString("base64")}`)
    const rawBody = JSON.stringify({
      entity: "event",
      event: "payment.captured",
      payload: { payment: { entity: { id: "pay_RZP1", order_id: "order_RZP1", amount: 25_000, currency: "INR", status: "captured", method: "upi" } } }
    })
    const signature = createHmac("sha256", "selection-hook-secret").update(rawBody).digest("hex")
    const refused = await host.run(Effect.either(Payments.ingestGatewayWebhook("razorpay", rawBody, createHmac("sha256", "other").update(rawBody).digest("hex"), "evt_RZP1")))
    expect(refused).toMatchObject({ _tag: "Left", left: { _tag: "WebhookSignatureInvalid" } })
    const accepted = await host.run(Payments.ingestGatewayWebhook("razorpay", rawBody, signature, "evt_RZP1"))
    expect(accepted.event).toMatchObject({ provider: "razorpay", eventId: "evt_RZP1", status: "PROCESSED" })
    const order = await host.run(Effect.flatMap(Payments.PaymentOrderRepo, (r) => r.findByGatewayOrderId("razorpay", "order_RZP1")))
    expect(order).toMatchObject({ _tag: "Some", value: { status: "PAID", payments: [{ gatewayPaymentId: "pay_RZP1", method: "upi" }] } })
  })

  it("names the providers in the start-up summary without secrets and adds one health probe each", async () => {
    const line = describeInfrastructure(host.config).find(([k]) => k === "payments")
    expect(line?.[1]).toBe(`gateway: razorpay at ${url}; bank verifier: cashfree-bav-v2 at ${url}`)
    expect(line?.[1]).not.toContain("secret")
    const health = await host.http.get("/health")
    expect(health.status).toBe(200)
    expect(health.body.details["payments.gateway"]).toMatchObject({ status: "up", provider: "razorpay" })
    expect(health.body.details["payments.bank_verifier"]).toMatchObject({ status: "up", provider: "cashfree-bav-v2" })
    expect(JSON.stringify(health.body)).not.toContain("cf-secret-for-tests")
  })

  it("runs the live provider checks on the admin providers route", async () => {
    const admin = await adminWith(host, ["payments.manage"])
    const res = await host.http.get("/v2/admin/payment-providers", admin.headers)
    expect(res.status).toBe(200)
    expect(res.body.data.gateway).toMatchObject({ kind: "http", provider: "razorpay", configured: true, healthy: true, detail: "reachable, credentials accepted" })
    expect(res.body.data.bankVerifier).toMatchObject({ kind: "http", provider: "cashfree-bav-v2", configured: true, healthy: true, detail: "IFSC service reachable" })
    expect(JSON.stringify(res.body)).not.toContain("selection-key-secret")
  })
})
