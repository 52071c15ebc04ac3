/** Club money on the wire: RC grants, settlements, payout requests (amounts in paise / RC coins). */
import type { PayoutRequestView, RcGrantView, SettlementView } from "@podium/contracts/clubs"
import type { Clubs } from "@podium/core"

export const rcGrantView = (g: Clubs.RcGrant): RcGrantView => ({
  id: g.id,
  clubId: g.clubId,
  requestedRc: g.requestedRc,
  approvedRc: g.approvedRc,
  reason: g.reason,
  status: g.status,
  requestedBy: g.requestedBy,
  reviewedBy: g.reviewedBy,
  reviewedAt: g.reviewedAt,
  rejectionReason: g.rejectionReason,
  cancelledAt: g.cancelledAt,
  ledgerTransferId: g.ledgerTransferId,
  createdAt: g.createdAt,
  updatedAt: g.updatedAt
})

export const settlementView = (s: Clubs.Settlement): SettlementView => ({
  id: s.id,
  clubId: s.clubId,
  payeeType: s.payeeType,
  payeeId: s.payeeId,
  periodStart: s.periodStart,
  periodEnd: s.periodEnd,
  grossAmount: s.grossAmount,
  commissionAmount: s.commissionAmount,
  deductionsAmount: s.deductionsAmount,
  amount: s.amount,
  currency: s.currency,
  entryCount: s.entryCount,
  status: s.status,
  eligibleAt: s.eligibleAt,
  paidAt: s.paidAt,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt
})

export const payoutRequestView = (p: Clubs.PayoutRequest): PayoutRequestView => ({
  id: p.id,
  settlementId: p.settlementId,
  clubId: p.clubId,
  payeeType: p.payeeType,
  payeeId: p.payeeId,
  amount: p.amount,
  currency: p.currency,
  status: p.status,
  requestedBy: p.requestedBy,
  reviewedBy: p.reviewedBy,
  approvedBy: p.approvedBy,
  paidBy: p.paidBy,
  paymentReference: p.paymentReference,
  rejectionReason: p.rejectionReason,
  cancelReason: p.cancelReason,
  ledgerTransferId: p.ledgerTransferId,
  reviewedAt: p.reviewedAt,
  approvedAt: p.approvedAt,
  paidAt: p.paidAt,
  rejectedAt: p.rejectedAt,
  cancelledAt: p.cancelledAt,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt
})
