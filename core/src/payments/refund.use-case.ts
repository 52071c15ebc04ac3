/**
 * Refunds: requested once per source by the contexts that owe money back (event cancellation,
 * club-challenge cancellation, late payments), executed by the refunds job on the gateway port,
 * and resolved by admins (B "Refunds"). The gateway call carries the refund id as its idempotency
 * key, so a job that dies after the gateway accepted a refund and runs again never pays twice.
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { auditSubject } from "../platform/audit-subject.js"
import { PaymentGateway } from "./payment-gateway.port.js"
import { PaymentOrderRepo } from "./payment-order.port.js"
import { RefundLeaseSeconds, RefundNotFound } from "./refund.model.js"
import { type NewRefund, RefundRepo, type RefundQuery } from "./refund.port.js"

/** Requests a refund (idempotent per source: a second request answers the first refund). */
export const requestRefund = Effect.fn("payments.refunds.request")(function*(input: NewRefund) {
  return yield* Effect.flatMap(RefundRepo, (r) => r.request(input))
})

/**
 * The captured gateway payment of a platform order (what a refund of it pays back), if one was
 * recorded: the latest captured (or already partly refunded) payment of the order.
 */
export const capturedPaymentOf = Effect.fn("payments.capturedPaymentOf")(function*(gatewayOrderId: string) {
  const gateway = yield* PaymentGateway
  const order = yield* Effect.flatMap(PaymentOrderRepo, (r) => r.findByGatewayOrderId(gateway.provider, gatewayOrderId))
  return Option.flatMap(order, (o) => Option.fromNullable(o.payments.find((p) => p.status === "captured" || p.status === "refunded")))
})

export interface RefundRun {
  readonly submitted: number
  readonly refunded: number
  readonly failed: number
  readonly retrying: number
}

/**
 * One run of the refunds job: sends leased PENDING refunds to the gateway (a 503 leaves them
 * PENDING for the next run; a refusal fails them for an admin to resolve), then asks the gateway
 * about PROCESSING ones until they are processed or failed.
 */
export const runRefunds = Effect.fn("payments.refunds.run")(function*(limit = 50) {
  const repo = yield* RefundRepo
  const gateway = yield* PaymentGateway
  const run = { submitted: 0, refunded: 0, failed: 0, retrying: 0 }
  const ignoreRefused = <A, E, R>(e: Effect.Effect<A, E, R>) => Effect.asVoid(Effect.either(e))
  for (const refund of yield* repo.lease("PENDING", RefundLeaseSeconds, limit)) {
    if (refund.gatewayPaymentId === null) {
      yield* ignoreRefused(repo.move(refund.id, "fail", { lastError: "No captured gateway payment is recorded for this source; refund it manually" }))
      run.failed += 1
      continue
    }
    const answer = yield* Effect.either(gateway.refund({
      paymentId: refund.gatewayPaymentId,
      amount: refund.amount,
      idempotencyKey: refund.id,
      notes: { refund_id: refund.id, source: `${refund.sourceKind}:${refund.sourceId}` }
    }))
    if (answer._tag === "Left") {
      if (answer.left._tag === "PaymentGatewayUnavailable") {
        yield* repo.release(refund.id, answer.left.message)
        run.retrying += 1
      } else {
        yield* ignoreRefused(repo.move(refund.id, "fail", { lastError: answer.left.message }))
        run.failed += 1
      }
      continue
    }
    const g = answer.right
    if (g.status === "failed") {
      yield* ignoreRefused(repo.move(refund.id, "fail", { gatewayRefundId: g.id, lastError: "The gateway reports the refund failed" }))
      run.failed += 1
    } else if (g.status === "processed") {
      yield* ignoreRefused(repo.move(refund.id, "settle", { gatewayRefundId: g.id, lastError: null }))
      run.refunded += 1
    } else {
      yield* ignoreRefused(repo.move(refund.id, "submit", { gatewayRefundId: g.id, lastError: null }))
      run.submitted += 1
    }
  }
  for (const refund of yield* repo.lease("PROCESSING", RefundLeaseSeconds, limit)) {
    const answer = yield* Effect.either(gateway.fetchRefund(refund.gatewayPaymentId ?? "", refund.gatewayRefundId ?? ""))
    if (answer._tag === "Left") {
      yield* repo.release(refund.id, answer.left.message)
      run.retrying += 1
    } else if (answer.right.status === "processed") {
      yield* ignoreRefused(repo.move(refund.id, "settle", { lastError: null }))
      run.refunded += 1
    } else if (answer.right.status === "failed") {
      yield* ignoreRefused(repo.move(refund.id, "fail", { lastError: "The gateway reports the refund failed" }))
      run.failed += 1
    } else {
      yield* repo.release(refund.id, null)
    }
  }
  return run as RefundRun
})

export const listRefunds = Effect.fn("payments.refunds.list")(function*(query: RefundQuery) {
  const page = yield* Effect.flatMap(RefundRepo, (r) => r.list(query))
  return { ...page, page: query.page, limit: query.limit }
})

const adminOf = (admin: Principal) => `admin:${admin.accountId}`

/** Admin: a PENDING or FAILED refund is dropped (no money moved); 409 otherwise or while the job holds it. */
export const cancelRefund = Effect.fn("payments.refunds.cancel")(function*(admin: Principal, id: string, reason: string | null) {
  const refund = yield* Effect.flatMap(RefundRepo, (r) => r.move(id, "cancel", { resolvedBy: adminOf(admin), resolutionNote: reason }, { unleasedOnly: true }))
  yield* auditSubject("refund.cancelled", admin, { kind: "refund", id }, reason === null ? {} : { reason })
  return refund
})

/** Admin: the money went back outside the gateway (bank transfer, cash); the note says how. */
export const markRefundManuallyRefunded = Effect.fn("payments.refunds.markManual")(function*(admin: Principal, id: string, note: string) {
  const refund = yield* Effect.flatMap(RefundRepo, (r) => r.move(id, "mark manual refunded", { resolvedBy: adminOf(admin), resolutionNote: note }, { unleasedOnly: true }))
  yield* auditSubject("refund.manually_refunded", admin, { kind: "refund", id }, { reason: note })
  return refund
})

export const findRefund = Effect.fn("payments.refunds.find")(function*(id: string) {
  const found = yield* Effect.flatMap(RefundRepo, (r) => r.find(id))
  if (Option.isNone(found)) return yield* new RefundNotFound({ id })
  return found.value
})
