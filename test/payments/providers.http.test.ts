/**
 * The payment provider adapters against a local `node:http` server speaking the providers'
 * protocols: Razorpay orders/payments with Basic auth and the HMAC-SHA256 signature rules, the
 * Cashfree BAV v2 penny drop and the Razorpay IFSC API; failures map to Unavailable (network,
 * 401, 5xx) or Rejected / not-verified (4xx). Also the local simulators and the unconfigured
 * adapters, and the payments configuration rules.
 */
import { loadPaymentsSettings } from "@podium/host-common"
import {
  makeBankVerifierHttp,
  makeLocalBankVerifier,
  makeLocalGateway,
  makeRazorpayGateway,
  makeUnconfiguredBankVerifier,
  makeUnconfiguredGateway
} from "@podium/providers"
import { ConfigProvider, Effect, Either, Option } from "effect"
import { createHmac } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage["headers"]
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
      const s = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body }
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
const hmac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex")

const razorpay = () => makeRazorpayGateway({ baseUrl, keyId: "rzp_test_key", keySecret: "key-secret", webhookSecret: "hook-secret", timeoutMs: 2000 })

describe("Razorpay gateway adapter", () => {
  it("creates an order with POST /v1/orders, Basic key_id:key_secret and the JSON body", async () => {
    handler = (_req, res) => json(res, 200, { id: "order_ABC", entity: "order", amount: 49900, currency: "INR", receipt: "rcpt_1", status: "created" })
    const result = await run(razorpay().createOrder({ amount: 49900, currency: "INR", receipt: "rcpt_1", notes: { purpose: "club_tier" } }))
    expect(result).toEqual(Either.right({ id: "order_ABC", amount: 49900, currency: "INR", receipt: "rcpt_1", status: "created", provider: "razorpay", keyId: "rzp_test_key" }))
    const req = seen.at(-1)!
    expect(req.method).toBe("POST")
    expect(req.url).toBe("/v1/orders")
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from("rzp_test_key:key-secret").toString("base64")}`)
    expect(JSON.parse(req.body)).toEqual({ amount: 49900, currency: "INR", receipt: "rcpt_1", notes: { purpose: "club_tier" } })
  })

  it("answers Rejected with Razorpay's code and description for a 400", async () => {
    handler = (_req, res) => json(res, 400, { error: { code: "BAD_REQUEST_ERROR", description: "Order amount less than minimum amount allowed" } })
    const result = await run(razorpay().createOrder({ amount: 10, currency: "INR", receipt: "r", notes: {} }))
    expect(Either.isLeft(result) && result.left).toMatchObject({ _tag: "PaymentGatewayRejected", code: "BAD_REQUEST_ERROR", message: "Order amount less than minimum amount allowed" })
  })

  it("answers Unavailable for 5xx, bad credentials (401) and an unreachable server", async () => {
    handler = (_req, res) => json(res, 502, {})
    expect(await run(razorpay().createOrder({ amount: 100, currency: "INR", receipt: "r", notes: {} }))).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
    handler = (_req, res) => json(res, 401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } })
    expect(await run(razorpay().fetchPayment("pay_1"))).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
    const down = makeRazorpayGateway({ baseUrl: "http://127.0.0.1:1", keyId: "k", keySecret: "s", webhookSecret: undefined, timeoutMs: 1000 })
    expect(await run(down.createOrder({ amount: 100, currency: "INR", receipt: "r", notes: {} }))).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
  })

  it("fetches a payment with GET /v1/payments/{id}; an unknown id is PaymentNotFoundAtGateway", async () => {
    handler = (req, res) =>
      req.url === "/v1/payments/pay_OK"
        ? json(res, 200, { id: "pay_OK", entity: "payment", amount: 49900, currency: "INR", status: "captured", order_id: "order_ABC", method: "card" })
        : json(res, 400, { error: { code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" } })
    expect(await run(razorpay().fetchPayment("pay_OK"))).toEqual(
      Either.right({ id: "pay_OK", orderId: "order_ABC", amount: 49900, currency: "INR", status: "captured", method: "card" })
    )
    expect(seen.at(-1)!.method).toBe("GET")
    expect(await run(razorpay().fetchPayment("pay_NOPE"))).toMatchObject({ left: { _tag: "PaymentNotFoundAtGateway", paymentId: "pay_NOPE" } })
  })

  it("checks the checkout signature (HMAC-SHA256 of order|payment with the key secret) and the webhook signature (raw body, webhook secret)", async () => {
    const gw = razorpay()
    const good = hmac("key-secret", "order_ABC|pay_OK")
    expect(await Effect.runPromise(gw.verifyPaymentSignature({ orderId: "order_ABC", paymentId: "pay_OK", signature: good }))).toBe(true)
    expect(await Effect.runPromise(gw.verifyPaymentSignature({ orderId: "order_ABC", paymentId: "pay_OTHER", signature: good }))).toBe(false)
    expect(await Effect.runPromise(gw.verifyPaymentSignature({ orderId: "order_ABC", paymentId: "pay_OK", signature: "short" }))).toBe(false)
    const body = `{"event":"payment.captured"}`
    expect(await Effect.runPromise(gw.verifyWebhookSignature(body, hmac("hook-secret", body)))).toBe(true)
    expect(await Effect.runPromise(gw.verifyWebhookSignature(`${body} `, hmac("hook-secret", body)))).toBe(false)
    const noSecret = makeRazorpayGateway({ baseUrl, keyId: "k", keySecret: "s", webhookSecret: undefined })
    expect(await run(noSecret.verifyWebhookSignature(body, "x"))).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
  })
})

const cashfree = () => makeBankVerifierHttp({ baseUrl, clientId: "cf-id", clientSecret: "cf-secret", ifscBaseUrl: `${baseUrl}/ifsc`, timeoutMs: 2000 })

describe("Cashfree BAV v2 / Razorpay IFSC bank verifier adapter", () => {
  it("looks up an IFSC with GET /{IFSC} and answers none for a 404", async () => {
    handler = (req, res) =>
      req.url === "/ifsc/HDFC0000001"
        ? json(res, 200, { BANK: "HDFC Bank", IFSC: "HDFC0000001", BRANCH: "Sandoz House", ADDRESS: "Worli", CITY: "Mumbai", STATE: "Maharashtra", MICR: "400240002" })
        : json(res, 404, "Not Found")
    expect(await run(cashfree().lookupIfsc("HDFC0000001"))).toEqual(
      Either.right(Option.some({ ifsc: "HDFC0000001", bank: "HDFC Bank", branch: "Sandoz House", address: "Worli", city: "Mumbai", state: "Maharashtra" }))
    )
    expect(await run(cashfree().lookupIfsc("ABCD0123456"))).toEqual(Either.right(Option.none()))
  })

  it("penny-drops with POST /verification/bank-account/sync and client credentials; VALID is verified", async () => {
    handler = (_req, res) =>
      json(res, 200, { reference_id: 3456, name_at_bank: "ASHA RAO", bank_name: "HDFC BANK", utr: "230912345678", account_status: "VALID", account_status_code: "ACCOUNT_IS_VALID" })
    const result = await run(cashfree().pennyDrop({ accountNumber: "50100012345678", ifsc: "HDFC0000001", nameHint: "Asha Rao" }))
    expect(result).toEqual(Either.right({ verified: true, accountExists: true, accountHolderName: "ASHA RAO", utr: "230912345678", amountDeposited: 100, transactionId: "3456" }))
    const req = seen.at(-1)!
    expect(req.url).toBe("/verification/bank-account/sync")
    expect(req.headers["x-client-id"]).toBe("cf-id")
    expect(req.headers["x-client-secret"]).toBe("cf-secret")
    expect(JSON.parse(req.body)).toEqual({ bank_account: "50100012345678", ifsc: "HDFC0000001", name: "Asha Rao" })
  })

  it("answers verified false for INVALID accounts and refused input; Unavailable for 5xx and 401", async () => {
    handler = (_req, res) => json(res, 200, { reference_id: 1, account_status: "INVALID", account_status_code: "INVALID_ACCOUNT_FAIL" })
    expect(await run(cashfree().pennyDrop({ accountNumber: "123456789", ifsc: "HDFC0000001" }))).toEqual(
      Either.right({ verified: false, reason: "ACCOUNT_NOT_FOUND", message: "No account with this number exists at the branch" })
    )
    handler = (_req, res) => json(res, 400, { type: "validation_error", code: "bank_account_invalid", message: "bank_account : should be valid" })
    expect(await run(cashfree().pennyDrop({ accountNumber: "123456789", ifsc: "HDFC0000001" }))).toEqual(
      Either.right({ verified: false, reason: "BANK_ACCOUNT_INVALID", message: "bank_account : should be valid" })
    )
    handler = (_req, res) => json(res, 503, {})
    expect(await run(cashfree().pennyDrop({ accountNumber: "123456789", ifsc: "HDFC0000001" }))).toMatchObject({ left: { _tag: "BankVerifierUnavailable" } })
    handler = (_req, res) => json(res, 401, {})
    expect(await run(cashfree().lookupIfsc("HDFC0000001"))).toMatchObject({ left: { _tag: "BankVerifierUnavailable" } })
  })
})

describe("local and unconfigured payment providers", () => {
  it("the local gateway creates orders, pays them with a valid checkout signature and can be told to fail", async () => {
    const { control, gateway } = makeLocalGateway()
    const order = await Effect.runPromise(gateway.createOrder({ amount: 1000, currency: "INR", receipt: "r1", notes: { purpose: "t" } }))
    expect(order).toMatchObject({ amount: 1000, currency: "INR", status: "created", provider: "local", keyId: "rzp_test_local" })
    const paid = await Effect.runPromise(control.pay(order.id))
    expect(await Effect.runPromise(gateway.verifyPaymentSignature({ orderId: order.id, paymentId: paid.paymentId, signature: paid.signature }))).toBe(true)
    expect(await Effect.runPromise(gateway.fetchPayment(paid.paymentId))).toMatchObject({ orderId: order.id, amount: 1000, status: "captured" })
    const hook = await Effect.runPromise(control.webhook("payment.captured", paid.paymentId))
    expect(await Effect.runPromise(gateway.verifyWebhookSignature(hook.rawBody, hook.signature))).toBe(true)
    await Effect.runPromise(control.failNext("unavailable"))
    expect(await run(gateway.createOrder({ amount: 1000, currency: "INR", receipt: "r2", notes: {} }))).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
    await Effect.runPromise(control.failNext("rejected"))
    expect(await run(gateway.createOrder({ amount: 1000, currency: "INR", receipt: "r3", notes: {} }))).toMatchObject({ left: { _tag: "PaymentGatewayRejected" } })
    expect(await run(gateway.createOrder({ amount: 1000, currency: "INR", receipt: "r4", notes: {} }))).toMatchObject({ _tag: "Right" })
  })

  it("the local bank verifier follows its documented rules", async () => {
    const v = makeLocalBankVerifier()
    expect(Option.isSome(await Effect.runPromise(v.lookupIfsc("SBIN0000300")))).toBe(true)
    expect(Option.isNone(await Effect.runPromise(v.lookupIfsc("ABCD0000001")))).toBe(true)
    expect(await Effect.runPromise(v.pennyDrop({ accountNumber: "123456000", ifsc: "SBIN0000300" }))).toMatchObject({ verified: false, reason: "ACCOUNT_NOT_FOUND" })
    expect(await Effect.runPromise(v.pennyDrop({ accountNumber: "123456111", ifsc: "SBIN0000300" }))).toMatchObject({ verified: false, reason: "ACCOUNT_BLOCKED" })
    expect(await Effect.runPromise(v.pennyDrop({ accountNumber: "123456789", ifsc: "ABCD0000001" }))).toMatchObject({ verified: false, reason: "INVALID_IFSC" })
    expect(await run(v.pennyDrop({ accountNumber: "123456999", ifsc: "SBIN0000300" }))).toMatchObject({ left: { _tag: "BankVerifierUnavailable" } })
    expect(await Effect.runPromise(v.pennyDrop({ accountNumber: "123456789", ifsc: "SBIN0000300", nameHint: "Asha Rao" }))).toMatchObject({
      verified: true,
      accountExists: true,
      accountHolderName: "ASHA RAO",
      amountDeposited: 100
    })
  })

  it("the unconfigured adapters answer Unavailable for every call, never a fake success", async () => {
    const gw = makeUnconfiguredGateway("PAYMENT_GATEWAY")
    const bank = makeUnconfiguredBankVerifier("BANK_VERIFIER")
    expect(await run(gw.createOrder({ amount: 100, currency: "INR", receipt: "r", notes: {} }))).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
    expect(await run(gw.verifyWebhookSignature("{}", "x"))).toMatchObject({ left: { _tag: "PaymentGatewayUnavailable" } })
    expect(await run(bank.lookupIfsc("SBIN0000300"))).toMatchObject({ left: { _tag: "BankVerifierUnavailable" } })
    expect(await run(bank.pennyDrop({ accountNumber: "123456789", ifsc: "SBIN0000300" }))).toMatchObject({ left: { _tag: "BankVerifierUnavailable" } })
  })
})

describe("payments configuration", () => {
  const load = (appEnv: "test" | "production", env: Record<string, string>) =>
    Effect.runPromise(Effect.either(loadPaymentsSettings(appEnv).pipe(Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))))))

  it("defaults to local in test and to not configured in production, and refuses the simulators in production", async () => {
    expect(await load("test", {})).toEqual(Either.right({ gateway: { kind: "local" }, bankVerifier: { kind: "local" } }))
    expect(await load("production", {})).toEqual(Either.right({ gateway: { kind: "none" }, bankVerifier: { kind: "none" } }))
    expect(Either.isLeft(await load("production", { PAYMENT_GATEWAY: "local" }))).toBe(true)
    expect(Either.isLeft(await load("production", { BANK_VERIFIER: "local" }))).toBe(true)
  })

  it("requires the Razorpay key pair and the verifier credentials when selected", async () => {
    const missing = await load("test", { PAYMENT_GATEWAY: "razorpay", RAZORPAY_KEY_ID: "rzp_live_x" })
    expect(Either.isLeft(missing) && String(missing.left)).toContain("RAZORPAY_KEY_SECRET")
    const ok = await load("production", { PAYMENT_GATEWAY: "razorpay", RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "s", BANK_VERIFIER: "http", BANK_VERIFIER_URL: "https://api.cashfree.com", BANK_VERIFIER_CLIENT_ID: "id", BANK_VERIFIER_CLIENT_SECRET: "sec" })
    expect(Either.isRight(ok) && ok.right.gateway).toMatchObject({ kind: "razorpay", baseUrl: "https://api.razorpay.com", keyId: "rzp_live_x" })
    expect(Either.isRight(ok) && ok.right.bankVerifier).toMatchObject({ kind: "http", ifscBaseUrl: "https://ifsc.razorpay.com" })
    expect(Either.isLeft(await load("test", { BANK_VERIFIER: "http", BANK_VERIFIER_URL: "ftp://x", BANK_VERIFIER_CLIENT_ID: "i", BANK_VERIFIER_CLIENT_SECRET: "s" }))).toBe(true)
  })
})
