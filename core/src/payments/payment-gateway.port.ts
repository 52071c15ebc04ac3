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

/** A refund as the gateway reports it (Razorpay's `refund` entity). */
export interface GatewayRefund {
  readonly id: string
  readonly paymentId: string
  /** Minor units. */
  readonly amount: number
  readonly currency: string
  /** `pending`: accepted, money on its way; `processed`: sent to the payer; `failed`: the bank refused it. */
  readonly status: "pending" | "processed" | "failed"
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
  /**
   * Refunds (part of) a captured payment. `idempotencyKey` is sent as the refund's receipt: the
   * same key never refunds twice (a retried call after a timeout answers the first refund).
   */
  readonly refund: (input: {
    readonly paymentId: string
    readonly amount: number
    readonly idempotencyKey: string
    readonly notes: Readonly<Record<string, string>>
  }) => Effect.Effect<GatewayRefund, PaymentGatewayUnavailable | PaymentGatewayRejected | PaymentNotFoundAtGateway>
  /** A refund's current status at the gateway. */
  readonly fetchRefund: (paymentId: string, refundId: string) => Effect.Effect<GatewayRefund, PaymentGatewayUnavailable | PaymentNotFoundAtGateway>
  /** HMAC-SHA256 of `${orderId}|${paymentId}` with the key secret, compared in constant time. */
  readonly verifyPaymentSignature: (input: {
    readonly orderId: string
    readonly paymentId: string
    readonly signature: string
  }) => Effect.Effect<boolean, PaymentGatewayUnavailable>
  /** HMAC-SHA256 of the raw webhook body with the webhook secret, constant time. */
  readonly verifyWebhookSignature: (rawBody: string, signature: string) => Effect.Effect<boolean, PaymentGatewayUnavailable>
}>() {}
