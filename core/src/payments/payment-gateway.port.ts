/**
 * The payment gateway port (orders, payments, signature checks). Adapters in @podium/providers:
 * `local` (offline simulator with a control surface for tests), `razorpay` (Razorpay REST on undici)
 * and `unconfigured` (every call fails PaymentGatewayUnavailable → 503).
 */
import { Context, type Effect } from "effect"
import type { PaymentGatewayRejected, PaymentGatewayUnavailable, PaymentNotFoundAtGateway } from "./payments.errors.js"

export interface GatewayOrder {
  readonly id: string
  /** Minor units. */
  readonly amount: number
  readonly currency: string
  readonly receipt: string
  readonly status: "created" | "attempted" | "paid"
  readonly provider: string
  /** Public key id the app needs for checkout. */
  readonly keyId: string
}

export interface GatewayPayment {
  readonly id: string
  readonly orderId: string
  readonly amount: number
  readonly currency: string
  readonly status: "created" | "authorized" | "captured" | "refunded" | "failed"
  readonly method: string | null
}

export class PaymentGateway extends Context.Tag("@podium/core/payments/PaymentGateway")<PaymentGateway, {
  /** "local" | "razorpay" | "unconfigured" */
  readonly provider: string
  readonly createOrder: (input: {
    readonly amount: number
    readonly currency: string
    readonly receipt: string
    readonly notes: Readonly<Record<string, string>>
  }) => Effect.Effect<GatewayOrder, PaymentGatewayUnavailable | PaymentGatewayRejected>
  readonly fetchPayment: (paymentId: string) => Effect.Effect<GatewayPayment, PaymentGatewayUnavailable | PaymentNotFoundAtGateway>
  /** HMAC-SHA256 of `${orderId}|${paymentId}` with the key secret, compared in constant time. */
  readonly verifyPaymentSignature: (input: {
    readonly orderId: string
    readonly paymentId: string
    readonly signature: string
  }) => Effect.Effect<boolean, PaymentGatewayUnavailable>
  /** HMAC-SHA256 of the raw webhook body with the webhook secret, constant time. */
  readonly verifyWebhookSignature: (rawBody: string, signature: string) => Effect.Effect<boolean, PaymentGatewayUnavailable>
}>() {}
