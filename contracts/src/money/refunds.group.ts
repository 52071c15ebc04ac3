/**
 * Admin: Money / Refunds (document B) and the finance truth reads of C "Events".
 *
 * Refunds are requested by the flows that owe money back (event cancellation, an organizer's cancel
 * of a paid booking, a payment captured after its booking lapsed) and executed by the refunds job
 * on the payment gateway. Admins list them and resolve the stuck ones: cancel (PENDING/FAILED →
 * CANCELLED, nothing paid) and mark-manual-refunded (PENDING/FAILED → MANUALLY_REFUNDED, paid
 * outside the gateway; the note says how). Other moves are 409 REFUND_STATUS_CONFLICT; a refund the
 * job is sending right now is 409 REFUND_IN_FLIGHT. Permission `payments.manage`.
 *
 * Finance truth: any signed-in caller may ask; the answer is the reconciled money of a booking or a
 * refund for the athlete who paid, an OWNER/ADMIN of the event's organizer, or an admin with
 * `payments.manage` — 404 for everyone else, as for an unknown id.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, OneOf, Optional, Query, Refund, RefundSources, RefundStatuses, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, PageOf, PageParams, Requires } from "../common/index.js"
import { RewardPoolFinanceView } from "./reward-pools.group.js"

export const RefundView = Refund

export const CancelRefundBody = Body({ reason: Optional(StrLength(3, 500)) })
export const MarkManualRefundedBody = Body({ note: StrLength(3, 500) })

export const GatewayPaymentLineView = Schema.Struct({
  gatewayPaymentId: Schema.String,
  amount: Schema.Number,
  status: Schema.String,
  method: Schema.NullOr(Schema.String),
  recordedAt: Schema.Date
}).annotations({ identifier: "FinanceGatewayPayment" })

export const ParticipationFinanceView = Schema.Struct({
  participationId: Schema.String,
  eventId: Schema.String,
  userId: Schema.String,
  bookingStatus: Schema.String,
  currency: Schema.String,
  charged: Schema.Number,
  provider: Schema.String,
  gatewayOrderId: Schema.NullOr(Schema.String),
  payments: Schema.Array(GatewayPaymentLineView),
  paid: Schema.Number,
  refunded: Schema.Number,
  refundInFlight: Schema.Number,
  net: Schema.Number,
  position: OneOf("FREE", "UNPAID", "PAID", "REFUND_PENDING", "REFUNDED", "REFUND_FAILED"),
  refunds: Schema.Array(Refund),
  discrepancies: Schema.Array(Schema.String)
}).annotations({ identifier: "ParticipationFinanceTruth" })

export const RefundFinanceView = Schema.Struct({
  refund: Refund,
  participation: Schema.NullOr(ParticipationFinanceView)
}).annotations({ identifier: "RefundFinanceTruth" })

const IdPath = Schema.Struct({ id: Schema.String })

export class AdminRefundsGroup extends HttpApiGroup.make("adminRefunds")
  .add(op.get("adminListRefunds", "/v2/admin/refunds", { query: Query({
        ...PageParams,
        status: Optional(OneOf(...RefundStatuses)),
        sourceKind: Optional(OneOf(...RefundSources)),
        eventId: Optional(StrLength(1, 64)),
        userId: Optional(StrLength(1, 64))
      }), ok: PageOf(RefundView), summary: "Refunds, newest first (filters status, sourceKind, eventId, userId)" }).middleware(Authenticated))
  .add(op.post("adminCancelRefund", "/v2/admin/refunds/:id/cancel", { path: IdPath, body: CancelRefundBody, ok: RefundView, summary: "PENDING/FAILED → CANCELLED: no money is paid back (409 REFUND_STATUS_CONFLICT, REFUND_IN_FLIGHT)" }).middleware(Authenticated))
  .add(op.post("adminMarkRefundManuallyRefunded", "/v2/admin/refunds/:id/mark-manual-refunded", { path: IdPath, body: MarkManualRefundedBody, ok: RefundView, summary: "PENDING/FAILED → MANUALLY_REFUNDED: paid back outside the gateway, the note says how (409 REFUND_STATUS_CONFLICT, REFUND_IN_FLIGHT)" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("payments.manage"))
  .annotate(OpenApi.Title, "Admin: refunds")
  .annotate(OpenApi.Description, "Refunds executed by the refunds job; admin cancel and manual settlement; permission payments.manage")
{}

export class FinanceTruthGroup extends HttpApiGroup.make("financeTruth")
  .add(op.get("participationFinanceTruth", "/v2/events/finance-truth/participation/:participationId", { path: Schema.Struct({ participationId: Schema.String }), ok: ParticipationFinanceView, summary: "Where a booking's money is: charged, captured at the gateway, refunded or on its way back, net held, discrepancies" }).middleware(Authenticated))
  .add(op.get("refundFinanceTruth", "/v2/events/finance-truth/refund/:refundId", { path: Schema.Struct({ refundId: Schema.String }), ok: RefundFinanceView, summary: "A refund with the reconciled booking it pays back" }).middleware(Authenticated))
  .add(op.get("rewardPoolFinanceTruth", "/v2/events/finance-truth/reward-pool/:poolId", { path: Schema.Struct({ poolId: Schema.String }), ok: RewardPoolFinanceView, summary: "A reward pool's money on the ledger: funded, paid to winners, refunded, held, latest entries (payments admins and the funding organizer's OWNER/ADMIN)" }).middleware(Authenticated))
  .annotate(OpenApi.Title, "Finance truth")
  .annotate(OpenApi.Description, "Reconciled money views for the payer, the event's organizer (OWNER/ADMIN) and payments admins")
{}
