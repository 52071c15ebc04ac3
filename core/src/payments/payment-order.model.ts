/**
 * Gateway orders and payments as the platform records them (payments.orders, payments.payments):
 * other contexts never talk to the gateway themselves, they call `createGatewayOrder` (stores the
 * order with its purpose and owner) and `verifyCheckoutPayment` / the webhook inbox records the
 * payments. A payment's status only moves forward (created → authorized → captured → refunded;
 * failed only before capture), so a late or replayed webhook never undoes a newer fact.
 */
import { Schema } from "effect"
import type { GatewayPayment } from "./payment-gateway.port.js"

export const PaymentOrderStatuses = ["CREATED", "ATTEMPTED", "PAID"] as const
export type PaymentOrderStatus = (typeof PaymentOrderStatuses)[number]

export type PaymentStatus = GatewayPayment["status"]
export const PaymentStatuses: ReadonlyArray<PaymentStatus> = ["created", "authorized", "captured", "refunded", "failed"]

const rank: Record<PaymentStatus, number> = { created: 0, authorized: 1, failed: 2, captured: 3, refunded: 4 }

/** Whether a payment may move from `from` to `to` (forward only; failed never after capture; equal is a no-op). */
export const paymentStatusAdvances = (from: PaymentStatus, to: PaymentStatus): boolean => {
  if (from === to) return false
  if (to === "failed") return from === "created" || from === "authorized"
  if (from === "failed") return to === "captured" // a retried payment may still capture
  return rank[to] > rank[from]
}

export interface PaymentRecord {
  readonly id: string
  readonly orderId: string
  readonly provider: string
  readonly gatewayPaymentId: string
  readonly amount: number
  readonly currency: string
  readonly status: PaymentStatus
  readonly method: string | null
  /** How we learned of it: `checkout` (client-side verify) or `webhook`. */
  readonly source: string
  readonly createdAt: Date
  readonly updatedAt: Date
}

export interface PaymentOrder {
  readonly id: string
  readonly provider: string
  readonly gatewayOrderId: string
  /** What the order pays for, e.g. `club_tier`; processors match on it. */
  readonly purpose: string
  /** The owning record in the purpose's context, e.g. a membership id. */
  readonly ownerRef: string
  readonly amount: number
  readonly currency: string
  readonly receipt: string
  readonly notes: Readonly<Record<string, string>>
  readonly status: PaymentOrderStatus
  readonly createdBy: string | null
  readonly paidAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
  readonly payments: ReadonlyArray<PaymentRecord>
}

/** The order id is not one the platform created (404 PAYMENT_ORDER_NOT_FOUND). */
export class PaymentOrderNotFound extends Schema.TaggedError<PaymentOrderNotFound>()("PaymentOrderNotFound", {
  gatewayOrderId: Schema.String
}) {
  override get message() {
    return "Payment order not found"
  }
}

/** The checkout signature does not match order and payment (400 PAYMENT_SIGNATURE_INVALID). */
export class PaymentSignatureInvalid extends Schema.TaggedError<PaymentSignatureInvalid>()("PaymentSignatureInvalid", {}) {
  override get message() {
    return "Payment signature invalid"
  }
}

/** The gateway's payment belongs to another order or amount (400 PAYMENT_MISMATCH). */
export class PaymentMismatch extends Schema.TaggedError<PaymentMismatch>()("PaymentMismatch", {
  reason: Schema.String
}) {
  override get message() {
    return `Payment does not match the order: ${this.reason}`
  }
}

/** The order input is out of bounds (400 with the messages). */
export class PaymentOrderInvalid extends Schema.TaggedError<PaymentOrderInvalid>()("PaymentOrderInvalid", {
  messages: Schema.Array(Schema.String)
}) {}
