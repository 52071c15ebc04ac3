/**
 * Gateway orders and payments for every context that takes money: `createGatewayOrder` asks the
 * configured gateway for an order and records it with its purpose and owner; the app pays through
 * the gateway's checkout; `verifyCheckoutPayment` checks the checkout signature (HMAC-SHA256 of
 * `order|payment`, constant time, in the adapter), confirms the payment at the gateway and records
 * it; the webhook inbox records the same payments from gateway events (`PaymentOrdersProcessor`).
 * Both paths go through `recordPayment`, whose status only moves forward, so they are idempotent
 * and may arrive in any order.
 */
import { Effect, Option } from "effect"
import { SecureRandom } from "../identity/crypto.port.js"
import { type GatewayOrder, PaymentGateway } from "./payment-gateway.port.js"
import { PaymentEventProcessingFailed, registerPaymentEventProcessor } from "./payment-event-processors.port.js"
import {
  PaymentMismatch,
  PaymentOrderInvalid,
  PaymentOrderNotFound,
  type PaymentOrderStatus,
  PaymentSignatureInvalid,
  type PaymentStatus,
  PaymentStatuses
} from "./payment-order.model.js"
import { PaymentOrderRepo } from "./payment-order.port.js"

/** What the app needs to open the gateway's checkout for a held place, and until when it is held. */
export interface CheckoutSession {
  readonly provider: string
  readonly orderId: string
  readonly keyId: string
  readonly amount: number
  readonly currency: string
  readonly holdExpiresAt: Date
}

/** The checkout session of a gateway order holding a place until `holdExpiresAt`. */
export const checkoutOf = (order: GatewayOrder, holdExpiresAt: Date): CheckoutSession => ({
  provider: order.provider,
  orderId: order.id,
  keyId: order.keyId,
  amount: order.amount,
  currency: order.currency,
  holdExpiresAt
})

export interface CreateGatewayOrderInput {
  /** What is paid for (`club_tier`, …): lower-case words joined by `_`. */
  readonly purpose: string
  /** The owning record in the purpose's context. */
  readonly ownerRef: string
  /** Minor units, at least 100 (the gateways' minimum of 1.00 in INR). */
  readonly amount: number
  readonly currency: string
  readonly notes?: Readonly<Record<string, string>>
  readonly createdBy?: string | null
}

/**
 * Creates an order at the gateway and records it. The gateway sees `notes.purpose` and
 * `notes.ownerRef` (so its webhooks carry them back) and a fresh receipt (≤ 40 characters, the
 * Razorpay limit). Answers the stored order and the gateway's order (with the public key id the app
 * needs to open checkout).
 */
export const createGatewayOrder = Effect.fn("payments.createGatewayOrder")(function*(input: CreateGatewayOrderInput) {
  const messages: Array<string> = []
  if (!/^[a-z][a-z0-9_]{1,39}$/.test(input.purpose)) messages.push("purpose must be 2-40 lower-case letters, digits or _")
  if (input.ownerRef.length < 1 || input.ownerRef.length > 200) messages.push("ownerRef must be 1-200 characters")
  if (!Number.isSafeInteger(input.amount) || input.amount < 100) messages.push("amount must be an integer of at least 100 minor units")
  if (!/^[A-Z]{3}$/.test(input.currency)) messages.push("currency must be an ISO 4217 currency code")
  const extra = Object.entries(input.notes ?? {})
  if (extra.length > 13) messages.push("notes may carry at most 13 entries")
  if (extra.some(([k, v]) => k.length > 40 || v.length > 256)) messages.push("notes keys must be at most 40 and values 256 characters")
  if (messages.length > 0) return yield* new PaymentOrderInvalid({ messages })
  const gateway = yield* PaymentGateway
  const receipt = `rcpt_${(yield* Effect.flatMap(SecureRandom, (r) => r.token(18))).slice(0, 24)}`
  const notes = { ...input.notes, purpose: input.purpose, ownerRef: input.ownerRef }
  const gatewayOrder = yield* gateway.createOrder({ amount: input.amount, currency: input.currency, receipt, notes })
  const order = yield* Effect.flatMap(PaymentOrderRepo, (r) =>
    r.create({
      provider: gateway.provider,
      gatewayOrderId: gatewayOrder.id,
      purpose: input.purpose,
      ownerRef: input.ownerRef,
      amount: gatewayOrder.amount,
      currency: gatewayOrder.currency,
      receipt,
      notes,
      createdBy: input.createdBy ?? null
    }))
  return { order, gatewayOrder }
})

const asStatus = (s: string): PaymentStatus | null => (PaymentStatuses as ReadonlyArray<string>).includes(s) ? s as PaymentStatus : null

/**
 * Records a payment of an order the platform created (forward-only status). None when the order is
 * unknown (an order made outside the platform is not ours to record).
 */
export const recordPayment = Effect.fn("payments.recordPayment")(function*(input: {
  readonly provider: string
  readonly gatewayOrderId: string
  readonly gatewayPaymentId: string
  readonly amount: number
  readonly currency: string
  readonly status: PaymentStatus
  readonly method: string | null
  readonly source: "checkout" | "webhook"
}) {
  return yield* Effect.flatMap(PaymentOrderRepo, (r) => r.upsertPayment(input))
})

/**
 * The checkout callback: the app sends the order id, payment id and signature the gateway's
 * checkout gave it. The signature is checked, the payment fetched from the gateway (never trust
 * the client's amount) and matched against the order, then recorded. Answers the order with its
 * payments; a repeat is harmless.
 */
export const verifyCheckoutPayment = Effect.fn("payments.verifyCheckoutPayment")(function*(input: {
  readonly gatewayOrderId: string
  readonly paymentId: string
  readonly signature: string
}) {
  const gateway = yield* PaymentGateway
  const repo = yield* PaymentOrderRepo
  const order = yield* repo.findByGatewayOrderId(gateway.provider, input.gatewayOrderId)
  if (Option.isNone(order)) return yield* new PaymentOrderNotFound({ gatewayOrderId: input.gatewayOrderId })
  const valid = yield* gateway.verifyPaymentSignature({ orderId: input.gatewayOrderId, paymentId: input.paymentId, signature: input.signature })
  if (!valid) return yield* new PaymentSignatureInvalid()
  const payment = yield* gateway.fetchPayment(input.paymentId)
  if (payment.orderId !== input.gatewayOrderId) return yield* new PaymentMismatch({ reason: "payment belongs to another order" })
  if (payment.amount !== order.value.amount || payment.currency !== order.value.currency) {
    return yield* new PaymentMismatch({ reason: "amount or currency differs" })
  }
  yield* recordPayment({
    provider: gateway.provider,
    gatewayOrderId: input.gatewayOrderId,
    gatewayPaymentId: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    method: payment.method,
    source: "checkout"
  })
  return (yield* repo.findByGatewayOrderId(gateway.provider, input.gatewayOrderId)).pipe(Option.getOrThrow)
})

/** The admin list of orders with their payments (B "Payments"). */
export const listPaymentOrders = (query: {
  readonly status?: PaymentOrderStatus | undefined
  readonly purpose?: string | undefined
  readonly provider?: string | undefined
  readonly ownerRef?: string | undefined
  readonly page: number
  readonly limit: number
}) => Effect.flatMap(PaymentOrderRepo, (r) => r.list(query))

/** The payment event types the platform's own processor records. */
export const PaymentRecordingEventTypes = ["payment.authorized", "payment.captured", "payment.failed"] as const

/**
 * The payments context's own processor: records the payment of every `payment.*` event whose
 * order the platform created (other orders are skipped, not failed). Registered by every host that
 * has the payments block; idempotent through `recordPayment`.
 */
export const PaymentOrdersProcessor = registerPaymentEventProcessor({
  name: "payments.orders",
  eventTypes: PaymentRecordingEventTypes,
  process: (event) =>
    Effect.gen(function*() {
      const p = event.payment
      if (p === null || p.orderId === null) {
        return yield* new PaymentEventProcessingFailed({ processor: "payments.orders", message: "event carries no payment entity with an order id" })
      }
      const status = asStatus(p.status)
      if (status === null) {
        return yield* new PaymentEventProcessingFailed({ processor: "payments.orders", message: `unknown payment status ${p.status}` })
      }
      yield* recordPayment({
        provider: event.provider,
        gatewayOrderId: p.orderId,
        gatewayPaymentId: p.id,
        amount: p.amount,
        currency: p.currency,
        status,
        method: p.method,
        source: "webhook"
      })
    })
})
