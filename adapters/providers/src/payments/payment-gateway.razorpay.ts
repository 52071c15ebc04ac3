/**
 * The payment gateway on the Razorpay REST API (undici):
 *   - `POST /v1/orders` (HTTP Basic `key_id:key_secret`, JSON `{amount, currency, receipt, notes}`)
 *     answers the order `{id: "order_…", amount, currency, receipt, status}`;
 *   - `GET /v1/payments/{id}` answers the payment `{id, order_id, amount, currency, status, method}`
 *     (an unknown id is a 400 `BAD_REQUEST_ERROR` "… does not exist", or 404);
 *   - `POST /v1/payments/{id}/refund` (`{amount, speed: "normal", receipt, notes}`) answers the refund
 *     `{id: "rfnd_…", payment_id, amount, currency, status: pending|processed|failed}`; the receipt
 *     carries our idempotency key (Razorpay answers the first refund for a repeated receipt) and a
 *     4xx is PaymentGatewayRejected ("fully refunded already", amount above the captured one);
 *     `GET /v1/payments/{id}/refunds/{refundId}` reads one back;
 *   - checkout signature: hex HMAC-SHA256 of `order_id|payment_id` with the key secret;
 *   - webhook signature (`X-Razorpay-Signature`): hex HMAC-SHA256 of the raw body with the webhook
 *     secret. Both compared in constant time.
 * Network errors, timeouts, 401/403 (bad credentials) and 5xx are PaymentGatewayUnavailable (503);
 * other 4xx on create are PaymentGatewayRejected with Razorpay's error code and description.
 */
import { Payments } from "@podium/core"
import { Effect } from "effect"
import { jsonObject, requestJson } from "../platform/json-request.js"
import { hmacSha256Hex, signatureMatches } from "./signatures.js"

export const RazorpayProviderName = "razorpay"

export interface RazorpayOptions {
  /** `https://api.razorpay.com` (tests: a local server). */
  readonly baseUrl: string
  readonly keyId: string
  readonly keySecret: string
  /** Verifies webhooks; unset: every webhook is refused as unverifiable. */
  readonly webhookSecret: string | undefined
  readonly timeoutMs?: number
}

interface Answer {
  readonly status: number
  readonly json: Record<string, unknown> | null
}

const call = (options: RazorpayOptions, method: "GET" | "POST", path: string, body?: unknown): Effect.Effect<Answer, Payments.PaymentGatewayUnavailable> =>
  Effect.tryPromise({
    try: async (signal) => {
      const res = await requestJson(`${options.baseUrl.replace(/\/+$/, "")}${path}`, {
        method,
        signal,
        headers: {
          authorization: `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString("base64")}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        timeoutMs: options.timeoutMs ?? 10_000
      })
      return { status: res.status, json: jsonObject(res.json) }
    },
    catch: (e) => new Payments.PaymentGatewayUnavailable({ provider: RazorpayProviderName, message: `Payment gateway unreachable: ${String(e)}` })
  }).pipe(
    Effect.timeoutFail({
      duration: options.timeoutMs ?? 10_000,
      onTimeout: () => new Payments.PaymentGatewayUnavailable({ provider: RazorpayProviderName, message: "Payment gateway timed out" })
    }),
    Effect.flatMap((a) =>
      a.status === 401 || a.status === 403 || a.status >= 500
        ? Effect.fail(new Payments.PaymentGatewayUnavailable({ provider: RazorpayProviderName, message: `Payment gateway answered ${a.status}` }))
        : Effect.succeed(a)
    )
  )

const errorOf = (json: Record<string, unknown> | null) => {
  const e = json?.error as { code?: unknown; description?: unknown } | undefined
  return {
    code: typeof e?.code === "string" ? e.code : "BAD_REQUEST_ERROR",
    description: typeof e?.description === "string" ? e.description : "The payment gateway refused the request"
  }
}

const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback)
const num = (v: unknown) => (typeof v === "number" ? v : Number(v ?? 0))

const OrderStatuses = new Set(["created", "attempted", "paid"])
const PaymentStatuses = new Set(["created", "authorized", "captured", "refunded", "failed"])

const RefundStatuses = new Set(["pending", "processed", "failed"])
const safeId = /^[A-Za-z0-9_]{1,64}$/

const refundOf = (json: Record<string, unknown>, fallback: { readonly paymentId: string; readonly amount: number }): Payments.GatewayRefund => {
  const status = str(json.status, "pending")
  return {
    id: str(json.id),
    paymentId: str(json.payment_id, fallback.paymentId),
    amount: json.amount === undefined ? fallback.amount : num(json.amount),
    currency: str(json.currency, "INR"),
    status: (RefundStatuses.has(status) ? status : "pending") as Payments.GatewayRefund["status"]
  }
}

/** A PaymentGateway speaking the Razorpay protocol. */
export const makeRazorpayGateway = (options: RazorpayOptions): Payments.PaymentGateway["Type"] => ({
  provider: RazorpayProviderName,
  createOrder: (input) =>
    call(options, "POST", "/v1/orders", { amount: input.amount, currency: input.currency, receipt: input.receipt, notes: input.notes }).pipe(
      Effect.flatMap((a): Effect.Effect<Payments.GatewayOrder, Payments.PaymentGatewayRejected | Payments.PaymentGatewayUnavailable> => {
        if (a.status < 200 || a.status >= 300 || a.json === null || typeof a.json.id !== "string") {
          if (a.status >= 200 && a.status < 300) {
            return Effect.fail(new Payments.PaymentGatewayUnavailable({ provider: RazorpayProviderName, message: "Payment gateway answered an unreadable order" }))
          }
          const e = errorOf(a.json)
          return Effect.fail(new Payments.PaymentGatewayRejected({ provider: RazorpayProviderName, code: e.code, message: e.description }))
        }
        const status = str(a.json.status, "created")
        return Effect.succeed({
          id: a.json.id,
          amount: num(a.json.amount),
          currency: str(a.json.currency, input.currency),
          receipt: str(a.json.receipt, input.receipt),
          status: (OrderStatuses.has(status) ? status : "created") as Payments.GatewayOrder["status"],
          provider: RazorpayProviderName,
          keyId: options.keyId
        })
      })
    ),
  fetchPayment: (paymentId) =>
    (/^[A-Za-z0-9_]{1,64}$/.test(paymentId)
      ? call(options, "GET", `/v1/payments/${encodeURIComponent(paymentId)}`)
      : Effect.succeed<Answer>({ status: 404, json: null })).pipe(
        Effect.flatMap((a): Effect.Effect<Payments.GatewayPayment, Payments.PaymentNotFoundAtGateway | Payments.PaymentGatewayUnavailable> => {
          if (a.status === 404 || a.status === 400) {
            return Effect.fail(new Payments.PaymentNotFoundAtGateway({ provider: RazorpayProviderName, paymentId }))
          }
          if (a.status < 200 || a.status >= 300 || a.json === null || typeof a.json.id !== "string") {
            return Effect.fail(new Payments.PaymentGatewayUnavailable({ provider: RazorpayProviderName, message: `Payment gateway answered ${a.status}` }))
          }
          const status = str(a.json.status, "created")
          return Effect.succeed({
            id: a.json.id,
            orderId: str(a.json.order_id),
            amount: num(a.json.amount),
            currency: str(a.json.currency),
            status: (PaymentStatuses.has(status) ? status : "created") as Payments.GatewayPayment["status"],
            method: typeof a.json.method === "string" ? a.json.method : null
          })
        })
      ),
  refund: (input) =>
    (safeId.test(input.paymentId)
      ? call(options, "POST", `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`, {
        amount: input.amount,
        speed: "normal",
        receipt: input.idempotencyKey,
        notes: input.notes
      })
      : Effect.succeed<Answer>({ status: 404, json: null })).pipe(
        Effect.flatMap((a): Effect.Effect<Payments.GatewayRefund, Payments.PaymentGatewayRejected | Payments.PaymentGatewayUnavailable | Payments.PaymentNotFoundAtGateway> => {
          if (a.status === 404) return Effect.fail(new Payments.PaymentNotFoundAtGateway({ provider: RazorpayProviderName, paymentId: input.paymentId }))
          if (a.status >= 200 && a.status < 300) {
            return a.json === null || typeof a.json.id !== "string"
              ? Effect.fail(new Payments.PaymentGatewayUnavailable({ provider: RazorpayProviderName, message: "Payment gateway answered an unreadable refund" }))
              : Effect.succeed(refundOf(a.json, input))
          }
          const e = errorOf(a.json)
          return Effect.fail(new Payments.PaymentGatewayRejected({ provider: RazorpayProviderName, code: e.code, message: e.description }))
        })
      ),
  fetchRefund: (paymentId, refundId) =>
    (safeId.test(paymentId) && safeId.test(refundId)
      ? call(options, "GET", `/v1/payments/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}`)
      : Effect.succeed<Answer>({ status: 404, json: null })).pipe(
        Effect.flatMap((a): Effect.Effect<Payments.GatewayRefund, Payments.PaymentNotFoundAtGateway | Payments.PaymentGatewayUnavailable> => {
          if (a.status === 404 || a.status === 400) return Effect.fail(new Payments.PaymentNotFoundAtGateway({ provider: RazorpayProviderName, paymentId }))
          if (a.status < 200 || a.status >= 300 || a.json === null || typeof a.json.id !== "string") {
            return Effect.fail(new Payments.PaymentGatewayUnavailable({ provider: RazorpayProviderName, message: `Payment gateway answered ${a.status}` }))
          }
          return Effect.succeed(refundOf(a.json, { paymentId, amount: 0 }))
        })
      ),
  verifyPaymentSignature: (input) =>
    Effect.sync(() => signatureMatches(hmacSha256Hex(options.keySecret, `${input.orderId}|${input.paymentId}`), input.signature)),
  verifyWebhookSignature: (rawBody, signature) =>
    options.webhookSecret === undefined
      ? Effect.fail(new Payments.PaymentGatewayUnavailable({ provider: RazorpayProviderName, message: "RAZORPAY_WEBHOOK_SECRET is not configured" }))
      : Effect.sync(() => signatureMatches(hmacSha256Hex(options.webhookSecret!, rawBody), signature))
})

/**
 * A health check that costs nothing: `GET /v1/orders?count=1` with the credentials (200 = reachable
 * and the key pair is accepted).
 */
export const checkRazorpay = (options: RazorpayOptions): Effect.Effect<{ readonly healthy: boolean; readonly detail: string }> =>
  call(options, "GET", "/v1/orders?count=1").pipe(
    Effect.map((a) => (a.status >= 200 && a.status < 300 ? { healthy: true, detail: "reachable, credentials accepted" } : { healthy: false, detail: `answered ${a.status}` })),
    Effect.catchAll((e) => Effect.succeed({ healthy: false, detail: e.message }))
  )
