/**
 * Gateway orders and payments as the platform records them (payments.orders, payments.payments):
 * other contexts never talk to the gateway themselves, they call `createGatewayOrder` (stores the
 * order with its purpose and owner) and `verifyCheckoutPayment` / the webhook inbox records the
 * payments. A payment's status only moves forward (created → authorized → captured → refunded;
 * failed only before capture), so a late or replayed webhook never undoes a newer fact.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
import type { GatewayPayment } from "./payment-gateway.port.js"

export const PaymentOrderStatuses = ["CREATED", "ATTEMPTED", "PAID"] as const
export type PaymentOrderStatus = (typeof PaymentOrderStatuses)[number]

export type PaymentStatus = GatewayPayment["status"]
export const PaymentStatuses = ["created", "authorized", "captured", "refunded", "failed"] as const satisfies ReadonlyArray<PaymentStatus>

const rank: Record<PaymentStatus, number> = { created: 0, authorized: 1, failed: 2, captured: 3, refunded: 4 }

/** Whether a payment may move from `from` to `to` (forward only; failed never after capture; equal is a no-op). */
export const paymentStatusAdvances = (from: PaymentStatus, to: PaymentStatus): boolean => {
  if (from === to) return false
  if (to === "failed") return from === "created" || from === "authorized"
  if (from === "failed") return to === "captured" // a retried payment may still capture
  return rank[to] > rank[from]
}

export const PaymentRecord = Schema.Struct({
  id: Schema.String,
  orderId: Schema.String,
  provider: Schema.String,
  gatewayPaymentId: Schema.String,
  amount: Schema.Number,
  currency: Schema.String,
  status: Schema.Literal(...PaymentStatuses),
  method: Schema.NullOr(Schema.String),
  /** How we learned of it: `checkout` (client-side verify) or `webhook`. */
  source: Schema.String,
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface PaymentRecord extends Schema.Schema.Type<typeof PaymentRecord> {}

export const PaymentOrder = Schema.Struct({
  id: Schema.String,
  provider: Schema.String,
  gatewayOrderId: Schema.String,
  /** What the order pays for, e.g. `club_tier`; processors match on it. */
  purpose: Schema.String,
  /** The owning record in the purpose's context, e.g. a membership id. */
  ownerRef: Schema.String,
  amount: Schema.Number,
  currency: Schema.String,
  receipt: Schema.String,
  notes: Schema.Record({ key: Schema.String, value: Schema.String }),
  status: Schema.Literal(...PaymentOrderStatuses),
  createdBy: Schema.NullOr(Schema.String),
  paidAt: Schema.NullOr(Schema.DateFromSelf),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf,
  payments: Schema.Array(PaymentRecord)
})
export interface PaymentOrder extends Schema.Schema.Type<typeof PaymentOrder> {}

/** The order id is not one the platform created (404 PAYMENT_ORDER_NOT_FOUND). */
export class PaymentOrderNotFound extends DomainError<PaymentOrderNotFound>()("PaymentOrderNotFound", { kind: "not-found", code: "PAYMENT_ORDER_NOT_FOUND" }, {
  gatewayOrderId: Schema.String
}) {
  override get message() {
    return "Payment order not found"
  }
}

/** The checkout signature does not match order and payment (400 PAYMENT_SIGNATURE_INVALID). */
export class PaymentSignatureInvalid extends DomainError<PaymentSignatureInvalid>()("PaymentSignatureInvalid", { kind: "invalid", code: "PAYMENT_SIGNATURE_INVALID" }, {}) {
  override get message() {
    return "Payment signature invalid"
  }
}

/** The gateway's payment belongs to another order or amount (400 PAYMENT_MISMATCH). */
export class PaymentMismatch extends DomainError<PaymentMismatch>()("PaymentMismatch", { kind: "invalid", code: "PAYMENT_MISMATCH" }, {
  reason: Schema.String
}) {
  override get message() {
    return `Payment does not match the order: ${this.reason}`
  }
}

/** The order input is out of bounds (400 with the messages). */
export class PaymentOrderInvalid extends DomainError<PaymentOrderInvalid>()("PaymentOrderInvalid", {
  kind: "invalid",
  code: "PAYMENT_ORDER_INVALID",
  message: (e) => e.messages.join("; ")
}, {
  messages: Schema.Array(Schema.String)
}) {}
