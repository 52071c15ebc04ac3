/**
 * In-memory twins of the payments repositories (webhook inbox, gateway orders and payments), with
 * the Postgres adapters' visible rules: event ids unique per provider, dispatch leases, conditional
 * moves, forward-only payment status, newest first.
 */
import { Effect, Layer, Option } from "effect"
import type { PaymentOrder, PaymentRecord } from "../payments/payment-order.model.js"
import { paymentStatusAdvances } from "../payments/payment-order.model.js"
import { PaymentOrderRepo } from "../payments/payment-order.port.js"
import type { WebhookEvent } from "../payments/webhook-event.model.js"
import { WebhookEventRepo } from "../payments/webhook-event.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const WebhookEventRepoMemory: Layer.Layer<WebhookEventRepo> = Layer.sync(WebhookEventRepo, () => {
  const rows = new Map<string, WebhookEvent & { lockedUntil: number }>()
  const strip = ({ lockedUntil: _, ...row }: WebhookEvent & { lockedUntil: number }): WebhookEvent => row
  return WebhookEventRepo.of({
    insertIfAbsent: (input) =>
      Effect.sync(() => {
        const existing = [...rows.values()].find((r) => r.provider === input.provider && r.eventId === input.eventId)
        if (existing !== undefined) return { row: strip(existing), inserted: false }
        const now = new Date()
        const row = {
          id: nextMemoryId(),
          ...input,
          status: "RECEIVED" as const,
          attempts: 0,
          lastError: null,
          processedBy: [],
          replayCount: 0,
          resolvedBy: null,
          receivedAt: now,
          lastAttemptAt: null,
          processedAt: null,
          resolvedAt: null,
          updatedAt: now,
          lockedUntil: 0
        }
        rows.set(row.id, row)
        return { row: strip(row), inserted: true }
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id)).pipe(Option.map(strip))),
    list: (q) =>
      Effect.sync(() => {
        const all = [...rows.values()]
          .filter((r) => (q.status === undefined || r.status === q.status) && (q.provider === undefined || r.provider === q.provider) &&
            (q.eventType === undefined || r.eventType === q.eventType))
          .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime())
        return { items: all.slice((q.page - 1) * q.limit, q.page * q.limit).map(strip), total: all.length }
      }),
    claim: (id, from, options) =>
      Effect.sync(() => {
        const row = rows.get(id)
        const now = Date.now()
        if (row === undefined || !from.includes(row.status) || row.lockedUntil > now) return Option.none()
        const next = {
          ...row,
          attempts: row.attempts + 1,
          replayCount: row.replayCount + (options.replay ? 1 : 0),
          lastAttemptAt: new Date(now),
          updatedAt: new Date(now),
          lockedUntil: now + options.leaseSeconds * 1000
        }
        rows.set(id, next)
        return Option.some(strip(next))
      }),
    finish: (id, outcome) =>
      Effect.sync(() => {
        const row = rows.get(id)!
        const now = new Date()
        const next = {
          ...row,
          status: outcome.status,
          lastError: outcome.lastError,
          processedBy: outcome.processedBy ?? row.processedBy,
          processedAt: outcome.processed ? now : row.processedAt,
          updatedAt: now,
          lockedUntil: 0
        }
        rows.set(id, next)
        return strip(next)
      }),
    resolve: (id, from, to, adminId) =>
      Effect.sync(() => {
        const row = rows.get(id)
        if (row === undefined || !from.includes(row.status) || row.lockedUntil > Date.now()) return Option.none()
        const now = new Date()
        const next = { ...row, status: to, resolvedBy: adminId, resolvedAt: now, updatedAt: now }
        rows.set(id, next)
        return Option.some(strip(next))
      })
  })
})

export const PaymentOrderRepoMemory: Layer.Layer<PaymentOrderRepo> = Layer.sync(PaymentOrderRepo, () => {
  const orders = new Map<string, Omit<PaymentOrder, "payments">>()
  const payments = new Map<string, PaymentRecord>()
  const withPayments = (o: Omit<PaymentOrder, "payments">): PaymentOrder => ({
    ...o,
    payments: [...payments.values()].filter((p) => p.orderId === o.id).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  })
  const byGateway = (provider: string, gatewayOrderId: string) =>
    [...orders.values()].find((o) => o.provider === provider && o.gatewayOrderId === gatewayOrderId)
  return PaymentOrderRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const now = new Date()
        const order = { id: nextMemoryId(), ...input, status: "CREATED" as const, paidAt: null, createdAt: now, updatedAt: now }
        orders.set(order.id, order)
        return withPayments(order)
      }),
    findByGatewayOrderId: (provider, gatewayOrderId) => Effect.sync(() => Option.fromNullable(byGateway(provider, gatewayOrderId)).pipe(Option.map(withPayments))),
    list: (q) =>
      Effect.sync(() => {
        const all = [...orders.values()]
          .filter((o) => (q.status === undefined || o.status === q.status) && (q.purpose === undefined || o.purpose === q.purpose) &&
            (q.provider === undefined || o.provider === q.provider) && (q.ownerRef === undefined || o.ownerRef === q.ownerRef))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        return { items: all.slice((q.page - 1) * q.limit, q.page * q.limit).map(withPayments), total: all.length }
      }),
    upsertPayment: (input) =>
      Effect.sync(() => {
        const order = byGateway(input.provider, input.gatewayOrderId)
        if (order === undefined) return Option.none()
        const now = new Date()
        const existing = [...payments.values()].find((p) => p.provider === input.provider && p.gatewayPaymentId === input.gatewayPaymentId)
        let payment: PaymentRecord
        let changed = true
        if (existing === undefined) {
          payment = {
            id: nextMemoryId(),
            orderId: order.id,
            provider: input.provider,
            gatewayPaymentId: input.gatewayPaymentId,
            amount: input.amount,
            currency: input.currency,
            status: input.status,
            method: input.method,
            source: input.source,
            createdAt: now,
            updatedAt: now
          }
        } else if (paymentStatusAdvances(existing.status, input.status)) {
          payment = { ...existing, status: input.status, method: input.method ?? existing.method, updatedAt: now }
        } else {
          payment = existing
          changed = false
        }
        payments.set(payment.id, payment)
        if (changed) {
          const status = payment.status === "captured" ? "PAID" as const : order.status === "PAID" ? "PAID" as const : "ATTEMPTED" as const
          orders.set(order.id, { ...order, status, paidAt: status === "PAID" ? order.paidAt ?? now : order.paidAt, updatedAt: now })
        }
        return Option.some({ payment, changed })
      })
  })
})
