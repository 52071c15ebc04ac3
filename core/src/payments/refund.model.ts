/**
 * Refunds (B "Refunds", states.tsv "Refund"): the machine and its errors. The record is in the
 * kernel (shared with the contracts). The spec names only the admin moves (cancel,
 * mark-manual-refunded); the rest is what a gateway refund goes through. Admin moves apply only
 * while no money is in flight (PENDING or FAILED, and not while the refunds job holds the row), so
 * an admin can never cancel or hand-settle a refund the gateway is paying out.
 */
import { defineMoves, DomainError, type RefundStatus } from "@podium/kernel"
import { Schema } from "effect"
export { Refund, RefundSources, RefundStatuses, type RefundSource, type RefundStatus } from "@podium/kernel"

export const RefundMoves = defineMoves<RefundStatus>()({ machine: "refund", code: "REFUND_STATUS_CONFLICT" }, {
  submit: { from: ["PENDING"], to: "PROCESSING" },
  settle: { from: ["PENDING", "PROCESSING"], to: "REFUNDED" },
  fail: { from: ["PENDING", "PROCESSING"], to: "FAILED" },
  cancel: { from: ["PENDING", "FAILED"], to: "CANCELLED" },
  "mark manual refunded": { from: ["PENDING", "FAILED"], to: "MANUALLY_REFUNDED" }
})
export type RefundMove = keyof typeof RefundMoves.table

/** How long the refunds job holds a row while it talks to the gateway. */
export const RefundLeaseSeconds = 60

export class RefundNotFound extends DomainError<RefundNotFound>()("RefundNotFound", { kind: "not-found", code: "REFUND_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Refund not found"
  }
}

/** The refunds job is talking to the gateway about this refund right now (409; try again shortly). */
export class RefundInFlight extends DomainError<RefundInFlight>()("RefundInFlight", { kind: "conflict", code: "REFUND_IN_FLIGHT" }, {
  id: Schema.String
}) {
  override get message() {
    return "The refund is being sent to the payment gateway; try again in a minute"
  }
}
