/**
 * Club money (A section 3, B "Club RC grants" and "Payout requests", C "Club RC grants" and "Club
 * settlements"): RC grant requests, settlements and payout requests, with their state machines as
 * data and the ledger accounts club money moves between.
 *
 * RC grant request (one open per club; approve is idempotent and credits the club creator wallet):
 *
 *   REQUESTED ──approve (approvedRc ≤ requestedRc)──▶ APPROVED
 *       ├──────reject (reason 10-1000)─────────────▶ REJECTED
 *       └──────club cancel──────────────────────────▶ CANCELLED
 *
 * Settlement (a club's net earnings of one period, created by the settlement run):
 *
 *   PENDING ──hold elapsed──▶ ELIGIBLE ──payout requested──▶ PAYOUT_REQUESTED ──paid──▶ PAID
 *                                 ▲                                │
 *                                 └──── request rejected/cancelled ┘
 *
 * Payout request (one open per settlement):
 *
 *   REQUESTED ──review──▶ UNDER_REVIEW ──approve──▶ APPROVED ──mark-paid (reference)──▶ PAID
 *       │                     ├──reject (reason)──▶ REJECTED
 *       └──club cancel────────┴──club cancel (reason)──▶ CANCELLED
 *
 * Decisions where the spec is silent:
 * - Grants may be requested only by ACTIVE (and not deactivated) clubs.
 * - `outstandingRc` is the total RC approved for the club (a granted coin stays the club's debt to
 *   the platform; there is no repayment flow yet, which would lower it).
 * - The club may cancel its payout request while REQUESTED or UNDER_REVIEW (before an admin
 *   approved it); once APPROVED the money is about to move and only the admin path remains.
 * - A settlement paid to an organizer is hidden from the club's reads (404 SETTLEMENT_NOT_FOUND);
 *   asking a payout for one of the club's own settlements whose payee is not the club answers 409
 *   SETTLEMENT_NOT_CLUB_PAYEE (the club names a row of its own books; nothing leaks).
 */
import { DomainError, type PayoutRequestStatus, type RcGrantStatus, Settlement, type SettlementStatus } from "@podium/kernel"
import { Context, Schema } from "effect"
import type { LedgerAccountRef } from "../wallets/ledger.model.js"
/** Records shared with the contracts are declared in the kernel. */
export { RcGrantStatuses, RcGrant, SettlementStatuses, PayeeTypes, Settlement, PayoutRequestStatuses, PayoutRequest, type RcGrantStatus, type SettlementStatus, type PayeeType, type PayoutRequestStatus } from "@podium/kernel"

// ---------------------------------------------------------------------------------------------
// Ledger accounts

export { platformRcGrantsAccount } from "../wallets/ledger.model.js"

/**
 * The club's revenue account (INR paise): tier checkout credits the price net of the platform
 * commission here (the commission goes to `platformCommissionAccount` in the same transfer), so its
 * entries of a period net to the club's earnings. Same account as `TierLedger.clubRevenue`.
 */
export const clubRevenueAccount = (clubId: string): LedgerAccountRef => ({ ownerType: "club", ownerId: clubId, purpose: "revenue", currency: "INR" })

/** The platform's commission on one club's sales (same account as `TierLedger.platformCommission`). */
export const platformCommissionAccount = (clubId: string): LedgerAccountRef => ({ ownerType: "platform", ownerId: "platform", purpose: `club-commission:${clubId}`, currency: "INR" })

/** What the platform owes the club: settled earnings waiting to be paid out. */
export const clubPayableAccount = (clubId: string): LedgerAccountRef => ({ ownerType: "club", ownerId: clubId, purpose: "payable", currency: "INR" })

/** Money leaving the platform to payees' bank accounts. */
export const externalBankPayoutsAccount: LedgerAccountRef = { ownerType: "external", ownerId: "bank", purpose: "payouts", currency: "INR" }

/** Idempotency keys: one credit per grant, one settlement transfer per settlement, one payout per request. */
export const rcGrantCreditKey = (grantId: string) => `club-rc-grant:${grantId}`
export const settlementTransferKey = (settlementId: string) => `club-settlement:${settlementId}`
export const payoutTransferKey = (payoutRequestId: string) => `club-payout:${payoutRequestId}`

/** Settings of club money, read from configuration by the host. */
export interface ClubMoneySettingsShape {
  /** The RC→INR rate used for estimates: paise per RC coin (CLUB_RC_INR_PAISE_PER_RC, default 100 = ₹1 per RC). */
  readonly rcInrPaisePerCoin: number
  /** Days a settlement waits after its period ends before a payout may be requested (CLUB_SETTLEMENT_HOLD_DAYS, default 7). */
  readonly settlementHoldDays: number
}

export const DefaultClubMoneySettings: ClubMoneySettingsShape = { rcInrPaisePerCoin: 100, settlementHoldDays: 7 }

export class ClubMoneySettings extends Context.Tag("@podium/core/clubs/ClubMoneySettings")<ClubMoneySettings, ClubMoneySettingsShape>() {}

// ---------------------------------------------------------------------------------------------
// RC grants

export const RcGrantMoves = {
  approve: { from: ["REQUESTED"], to: "APPROVED" },
  reject: { from: ["REQUESTED"], to: "REJECTED" },
  cancel: { from: ["REQUESTED"], to: "CANCELLED" }
} as const satisfies Record<string, { readonly from: ReadonlyArray<RcGrantStatus>; readonly to: RcGrantStatus }>
export type RcGrantMove = keyof typeof RcGrantMoves

/** Bounds of a grant request. */
export const MaxRequestedRc = 10_000_000

export class RcGrantNotFound extends DomainError<RcGrantNotFound>()("RcGrantNotFound", { kind: "not-found", code: "CLUB_RC_GRANT_NOT_FOUND" }, { id: Schema.String }) {
  override get message() {
    return "RC grant request not found"
  }
}

/** The club already has a REQUESTED grant (409 CLUB_RC_GRANT_REQUEST_ALREADY_OPEN). */
export class RcGrantRequestAlreadyOpen extends DomainError<RcGrantRequestAlreadyOpen>()("RcGrantRequestAlreadyOpen", { kind: "conflict", code: "CLUB_RC_GRANT_REQUEST_ALREADY_OPEN" }, { clubId: Schema.String }) {
  override get message() {
    return "The club already has an open RC grant request"
  }
}

/** A grant move from a state that does not allow it (409). */
export class RcGrantMoveRefused extends DomainError<RcGrantMoveRefused>()("RcGrantMoveRefused", { kind: "conflict", code: "CLUB_RC_GRANT_MOVE_REFUSED" }, {
  id: Schema.String,
  move: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return this.move === "cancel" && this.status === "APPROVED"
      ? "An approved RC grant cannot be cancelled"
      : `Cannot ${this.move} an RC grant request that is ${this.status}`
  }
}

/** approvedRc above the requested amount (400). */
export class ApprovedRcTooLarge extends DomainError<ApprovedRcTooLarge>()("ApprovedRcTooLarge", { kind: "invalid", code: "APPROVED_RC_EXCEEDS_REQUEST" }, {
  requestedRc: Schema.Number,
  approvedRc: Schema.Number
}) {
  override get message() {
    return `approvedRc must not be larger than the requested ${this.requestedRc} RC`
  }
}

/** Money operations need an ACTIVE club (409 CLUB_NOT_ACTIVE). */
export class ClubNotActive extends DomainError<ClubNotActive>()("ClubNotActive", { kind: "conflict", code: "CLUB_NOT_ACTIVE" }, { clubId: Schema.String }) {
  override get message() {
    return "The club is not active"
  }
}

// ---------------------------------------------------------------------------------------------
// Settlements

export const SettlementMoves = {
  becomeEligible: { from: ["PENDING"], to: "ELIGIBLE" },
  requestPayout: { from: ["ELIGIBLE"], to: "PAYOUT_REQUESTED" },
  releasePayout: { from: ["PAYOUT_REQUESTED"], to: "ELIGIBLE" },
  markPaid: { from: ["PAYOUT_REQUESTED"], to: "PAID" }
} as const satisfies Record<string, { readonly from: ReadonlyArray<SettlementStatus>; readonly to: SettlementStatus }>

/** 404 SETTLEMENT_NOT_FOUND: unknown, another club's, or paid to an organizer. */
export class SettlementNotFound extends DomainError<SettlementNotFound>()("SettlementNotFound", { kind: "not-found", code: "SETTLEMENT_NOT_FOUND" }, { id: Schema.String }) {
  override get message() {
    return "Settlement not found"
  }
}

/** A settlement run period that is empty, reversed or reaches into the future. */
export class SettlementPeriodInvalid extends Schema.TaggedError<SettlementPeriodInvalid>()("SettlementPeriodInvalid", { reason: Schema.String }) {
  override get message() {
    return `Invalid settlement period: ${this.reason}`
  }
}

/** The five payout-request conflicts (409), each with its spec code. */
export const PayoutConflictCodes = [
  "PAYOUT_ALREADY_REQUESTED",
  "PAYOUT_ALREADY_PAID",
  "SETTLEMENT_NOT_ELIGIBLE",
  "CLUB_PAYOUT_FROZEN",
  "SETTLEMENT_NOT_CLUB_PAYEE"
] as const
export type PayoutConflictCode = (typeof PayoutConflictCodes)[number]

const conflictMessages: Record<PayoutConflictCode, string> = {
  PAYOUT_ALREADY_REQUESTED: "A payout was already requested for this settlement",
  PAYOUT_ALREADY_PAID: "This settlement was already paid out",
  SETTLEMENT_NOT_ELIGIBLE: "This settlement is not eligible for a payout yet",
  CLUB_PAYOUT_FROZEN: "Payouts of this club are frozen",
  SETTLEMENT_NOT_CLUB_PAYEE: "This settlement is not payable to the club"
}

export class PayoutRequestConflict extends DomainError<PayoutRequestConflict>()("PayoutRequestConflict", { kind: "conflict", code: (e) => e.code }, {
  settlementId: Schema.String,
  code: Schema.Literal(...PayoutConflictCodes)
}) {
  override get message() {
    return conflictMessages[this.code]
  }
}

/** Why a settlement refuses a payout request, from its state (null: it may be requested). */
export const payoutRefusal = (settlement: Settlement, clubPayoutFrozen: boolean): PayoutConflictCode | null =>
  settlement.payeeType !== "CLUB" || settlement.payeeId !== settlement.clubId
    ? "SETTLEMENT_NOT_CLUB_PAYEE"
    : settlement.status === "PAID"
    ? "PAYOUT_ALREADY_PAID"
    : settlement.status === "PAYOUT_REQUESTED"
    ? "PAYOUT_ALREADY_REQUESTED"
    : settlement.status !== "ELIGIBLE"
    ? "SETTLEMENT_NOT_ELIGIBLE"
    : clubPayoutFrozen
    ? "CLUB_PAYOUT_FROZEN"
    : null

// ---------------------------------------------------------------------------------------------
// Payout requests

/** Statuses that hold the settlement (at most one such request per settlement). */
export const OpenPayoutStatuses: ReadonlyArray<PayoutRequestStatus> = ["REQUESTED", "UNDER_REVIEW", "APPROVED"]

/** Payout request moves as data (states.tsv "Payout request" and "Club payout request"). */
export const PayoutMoves = {
  review: { from: ["REQUESTED"], to: "UNDER_REVIEW" },
  approve: { from: ["UNDER_REVIEW"], to: "APPROVED" },
  markPaid: { from: ["APPROVED"], to: "PAID" },
  reject: { from: ["UNDER_REVIEW"], to: "REJECTED" },
  cancel: { from: ["REQUESTED", "UNDER_REVIEW"], to: "CANCELLED" }
} as const satisfies Record<string, { readonly from: ReadonlyArray<PayoutRequestStatus>; readonly to: PayoutRequestStatus }>
export type PayoutMove = keyof typeof PayoutMoves

/** Whether `move` is legal from `status` (the pure transition check). */
export const payoutMoveAllowed = (status: PayoutRequestStatus, move: PayoutMove): boolean =>
  (PayoutMoves[move].from as ReadonlyArray<PayoutRequestStatus>).includes(status)

export const rcGrantMoveAllowed = (status: RcGrantStatus, move: RcGrantMove): boolean =>
  (RcGrantMoves[move].from as ReadonlyArray<RcGrantStatus>).includes(status)

export class PayoutRequestNotFound extends DomainError<PayoutRequestNotFound>()("PayoutRequestNotFound", { kind: "not-found", code: "PAYOUT_REQUEST_NOT_FOUND" }, { id: Schema.String }) {
  override get message() {
    return "Payout request not found"
  }
}

/** A payout move from a state that does not allow it (409). */
export class PayoutMoveRefused extends DomainError<PayoutMoveRefused>()("PayoutMoveRefused", { kind: "conflict", code: "PAYOUT_REQUEST_MOVE_REFUSED" }, {
  id: Schema.String,
  move: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `Cannot ${this.move === "markPaid" ? "mark as paid" : this.move} a payout request that is ${this.status}`
  }
}
