/**
 * The local payment gateway: a working offline simulator of the Razorpay protocol's semantics for
 * development and tests. It creates orders (`order_local…`), and through `LocalGatewayControl` a
 * test or a developer "pays" an order (a payment `pay_local…` with the checkout signature a real
 * checkout would hand the app), builds signed webhook deliveries in Razorpay's event envelope, and
 * makes the next calls fail (gateway down or request refused). Signatures use the same HMAC-SHA256
 * rules as Razorpay with the local key and webhook secrets, so the verification code paths are the
 * real ones.
 */
import { Payments } from "@podium/core"
import { Context, Effect } from "effect"
import { randomBytes } from "node:crypto"
import { hmacSha256Hex, signatureMatches } from "./signatures.js"

export const LocalGatewayProviderName = "local"

export interface LocalGatewayOptions {
  readonly keyId?: string
  readonly keySecret?: string
  readonly webhookSecret?: string
}

type Failure = "unavailable" | "rejected"

export interface LocalGatewayControlShape {
  /** Whether the host's gateway is this simulator (false: every control call dies). */
  readonly active: boolean
  readonly keyId: string
  /** Pays an order: a payment in `status` (default captured) with the checkout signature. */
  readonly pay: (orderId: string, options?: { readonly status?: Payments.GatewayPayment["status"]; readonly method?: string }) => Effect.Effect<{
    readonly paymentId: string
    readonly signature: string
    readonly payment: Payments.GatewayPayment
  }>
  /** Signs `orderId|paymentId` with the key secret (what checkout gives the app). */
  readonly signPayment: (orderId: string, paymentId: string) => string
  /** Signs a raw webhook body with the webhook secret. */
  readonly signWebhook: (rawBody: string) => string
  /**
   * A webhook delivery for a payment in Razorpay's envelope (`{entity: "event", event, payload:
   * {payment: {entity}, order: {entity}}}`), its signature and a fresh event id.
   */
  readonly webhook: (event: string, paymentId: string) => Effect.Effect<{ readonly rawBody: string; readonly signature: string; readonly eventId: string }>
  /** The next `count` gateway calls (create order, fetch payment) fail this way. */
  readonly failNext: (failure: Failure, count?: number) => Effect.Effect<void>
  readonly orders: () => ReadonlyArray<Payments.GatewayOrder & { readonly notes: Readonly<Record<string, string>> }>
  /** The refunds the simulator accepted, oldest first, with their receipt (idempotency key) and notes. */
  readonly refunds: () => ReadonlyArray<Payments.GatewayRefund & { readonly receipt: string; readonly notes: Readonly<Record<string, string>> }>
  /** Moves a refund to its final status (what the bank does later): processed or failed. */
  readonly settleRefund: (refundId: string, status: "processed" | "failed") => Effect.Effect<void>
}

/** The simulator's control surface (present in every host; inactive unless PAYMENT_GATEWAY=local). */
export class LocalGatewayControl extends Context.Tag("@podium/providers/LocalGatewayControl")<LocalGatewayControl, LocalGatewayControlShape>() {}

const dead = (what: string) => Effect.dieMessage(`The local payment gateway is not in use (${what})`)

/** A control that refuses everything, for hosts whose gateway is not the simulator. */
export const inactiveLocalGatewayControl: LocalGatewayControlShape = {
  active: false,
  keyId: "",
  pay: () => dead("pay"),
  signPayment: () => {
    throw new Error("The local payment gateway is not in use")
  },
  signWebhook: () => {
    throw new Error("The local payment gateway is not in use")
  },
  webhook: () => dead("webhook"),
  failNext: () => dead("failNext"),
  orders: () => [],
  refunds: () => [],
  settleRefund: () => dead("settleRefund")
}

const visibleRefund = (r: Payments.GatewayRefund): Payments.GatewayRefund => ({ id: r.id, paymentId: r.paymentId, amount: r.amount, currency: r.currency, status: r.status })

/** A fresh simulator and its control. */
export const makeLocalGateway = (options: LocalGatewayOptions = {}): {
  readonly gateway: Payments.PaymentGateway["Type"]
  readonly control: LocalGatewayControlShape
} => {
  const keyId = options.keyId ?? "rzp_test_local"
  const keySecret = options.keySecret ?? "local-key-secret"
  const webhookSecret = options.webhookSecret ?? "local-webhook-secret"
  const orders = new Map<string, Payments.GatewayOrder & { notes: Readonly<Record<string, string>> }>()
  const payments = new Map<string, Payments.GatewayPayment & { notes: Readonly<Record<string, string>> }>()
  const refunds = new Map<string, Payments.GatewayRefund & { receipt: string; notes: Readonly<Record<string, string>> }>()
  const failures: Array<Failure> = []
  const id = (prefix: string) => `${prefix}_local${randomBytes(7).toString("hex")}`
  const injected = <E>(onRejected: () => E): Effect.Effect<void, E | Payments.PaymentGatewayUnavailable> =>
    Effect.suspend((): Effect.Effect<void, E | Payments.PaymentGatewayUnavailable> => {
      const next = failures.shift()
      if (next === undefined) return Effect.void
      return next === "unavailable"
        ? Effect.fail(new Payments.PaymentGatewayUnavailable({ provider: LocalGatewayProviderName, message: "Payment gateway unavailable (simulated)" }))
        : Effect.fail(onRejected())
    })
  const gateway: Payments.PaymentGateway["Type"] = {
    provider: LocalGatewayProviderName,
    createOrder: (input) =>
      injected(() => new Payments.PaymentGatewayRejected({ provider: LocalGatewayProviderName, code: "BAD_REQUEST_ERROR", message: "Order refused (simulated)" })).pipe(
        Effect.zipRight(Effect.suspend(() => {
          if (input.amount < 100) {
            return Effect.fail(new Payments.PaymentGatewayRejected({ provider: LocalGatewayProviderName, code: "BAD_REQUEST_ERROR", message: "Order amount less than minimum amount allowed" }))
          }
          const order = { id: id("order"), amount: input.amount, currency: input.currency, receipt: input.receipt, status: "created" as const, provider: LocalGatewayProviderName, keyId, notes: input.notes }
          orders.set(order.id, order)
          const { notes: _, ...visible } = order
          return Effect.succeed(visible)
        }))
      ),
    fetchPayment: (paymentId) =>
      injected(() => new Payments.PaymentGatewayUnavailable({ provider: LocalGatewayProviderName, message: "Payment gateway refused (simulated)" })).pipe(
        Effect.zipRight(Effect.suspend(() => {
          const p = payments.get(paymentId)
          if (p === undefined) return Effect.fail(new Payments.PaymentNotFoundAtGateway({ provider: LocalGatewayProviderName, paymentId }))
          const { notes: _, ...visible } = p
          return Effect.succeed(visible)
        }))
      ),
    refund: (input) =>
      injected(() => new Payments.PaymentGatewayRejected({ provider: LocalGatewayProviderName, code: "BAD_REQUEST_ERROR", message: "Refund refused (simulated)" })).pipe(
        Effect.zipRight(Effect.suspend((): Effect.Effect<Payments.GatewayRefund, Payments.PaymentGatewayRejected | Payments.PaymentNotFoundAtGateway> => {
          const p = payments.get(input.paymentId)
          if (p === undefined) return Effect.fail(new Payments.PaymentNotFoundAtGateway({ provider: LocalGatewayProviderName, paymentId: input.paymentId }))
          // Razorpay's receipt rule: the same receipt on the same payment answers the first refund.
          const again = [...refunds.values()].find((r) => r.paymentId === p.id && r.receipt === input.idempotencyKey)
          if (again !== undefined) return Effect.succeed(visibleRefund(again))
          const rejected = (message: string) => Effect.fail(new Payments.PaymentGatewayRejected({ provider: LocalGatewayProviderName, code: "BAD_REQUEST_ERROR", message }))
          if (p.status !== "captured" && p.status !== "refunded") return rejected("The payment has not been captured")
          const already = [...refunds.values()].filter((r) => r.paymentId === p.id && r.status !== "failed").reduce((n, r) => n + r.amount, 0)
          if (already >= p.amount) return rejected("The payment has been fully refunded already")
          if (input.amount < 1 || input.amount + already > p.amount) return rejected("The refund amount provided is greater than amount captured")
          const refund = { id: id("rfnd"), paymentId: p.id, amount: input.amount, currency: p.currency, status: "pending" as const, receipt: input.idempotencyKey, notes: input.notes }
          refunds.set(refund.id, refund)
          if (already + input.amount === p.amount) payments.set(p.id, { ...p, status: "refunded" })
          return Effect.succeed(visibleRefund(refund))
        }))
      ),
    fetchRefund: (paymentId, refundId) =>
      injected(() => new Payments.PaymentGatewayUnavailable({ provider: LocalGatewayProviderName, message: "Payment gateway refused (simulated)" })).pipe(
        Effect.zipRight(Effect.suspend(() => {
          const r = refunds.get(refundId)
          if (r === undefined || r.paymentId !== paymentId) return Effect.fail(new Payments.PaymentNotFoundAtGateway({ provider: LocalGatewayProviderName, paymentId }))
          return Effect.succeed(visibleRefund(r))
        }))
      ),
    verifyPaymentSignature: (input) => Effect.sync(() => signatureMatches(hmacSha256Hex(keySecret, `${input.orderId}|${input.paymentId}`), input.signature)),
    verifyWebhookSignature: (rawBody, signature) => Effect.sync(() => signatureMatches(hmacSha256Hex(webhookSecret, rawBody), signature))
  }
  const control: LocalGatewayControlShape = {
    active: true,
    keyId,
    pay: (orderId, opts) =>
      Effect.suspend(() => {
        const order = orders.get(orderId)
        if (order === undefined) return Effect.dieMessage(`No local order ${orderId}`)
        const status = opts?.status ?? "captured"
        const payment = {
          id: id("pay"),
          orderId,
          amount: order.amount,
          currency: order.currency,
          status,
          method: opts?.method ?? "upi",
          notes: order.notes
        }
        payments.set(payment.id, payment)
        orders.set(orderId, { ...order, status: status === "captured" ? "paid" : "attempted" })
        const { notes: _, ...visible } = payment
        return Effect.succeed({ paymentId: payment.id, signature: hmacSha256Hex(keySecret, `${orderId}|${payment.id}`), payment: visible })
      }),
    signPayment: (orderId, paymentId) => hmacSha256Hex(keySecret, `${orderId}|${paymentId}`),
    signWebhook: (rawBody) => hmacSha256Hex(webhookSecret, rawBody),
    webhook: (event, paymentId) =>
      Effect.suspend(() => {
        const p = payments.get(paymentId)
        if (p === undefined) return Effect.dieMessage(`No local payment ${paymentId}`)
        const order = orders.get(p.orderId)!
        const status = event === "payment.failed" ? "failed" : event === "payment.authorized" ? "authorized" : event === "payment.captured" ? "captured" : p.status
        const body = {
          entity: "event",
          account_id: "acc_local",
          event,
          contains: ["payment", "order"],
          payload: {
            payment: { entity: { id: p.id, entity: "payment", amount: p.amount, currency: p.currency, status, order_id: p.orderId, method: p.method, notes: p.notes } },
            order: { entity: { id: order.id, entity: "order", amount: order.amount, currency: order.currency, receipt: order.receipt, status: order.status, notes: order.notes } }
          },
          created_at: Math.floor(Date.now() / 1000)
        }
        const rawBody = JSON.stringify(body)
        return Effect.succeed({ rawBody, signature: hmacSha256Hex(webhookSecret, rawBody), eventId: id("evt") })
      }),
    failNext: (failure, count = 1) => Effect.sync(() => {
      for (let i = 0; i < count; i++) failures.push(failure)
    }),
    orders: () => [...orders.values()],
    refunds: () => [...refunds.values()],
    settleRefund: (refundId, status) =>
      Effect.suspend(() => {
        const r = refunds.get(refundId)
        if (r === undefined) return Effect.dieMessage(`No local refund ${refundId}`)
        refunds.set(refundId, { ...r, status })
        return Effect.void
      })
  }
  return { gateway, control }
}
