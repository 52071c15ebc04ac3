/**
 * Chargebacks (B "Chargebacks", "Chargeback defend"; states.tsv "Chargeback"): a chargeback is
 * created by the gateway's dispute webhooks through the inbox, then defended by admins. The defend
 * machine is data (`ChargebackMoves`); the Postgres adapter applies it as one conditional update.
 *
 *   OPEN ─edit-defense→ DRAFT ─submit-defense→ SUBMITTED ─mark-won / mark-lost→ WON / LOST
 *   OPEN, DRAFT ─mark-expired (gateway deadline passed)→ EXPIRED
 *   OPEN, DRAFT, SUBMITTED ─cancel→ CANCELLED
 *   OPEN, DRAFT ─accept (resolve ACCEPTED)→ ACCEPTED; any live state ─resolve WON/LOST→ WON/LOST
 *
 * Decisions where the spec is silent:
 * - "any non-SUBMITTED → EXPIRED" is read as any non-SUBMITTED state that is still live: a won or
 *   cancelled case cannot expire afterwards.
 * - The case-level resolve (#504) closes a case whatever its defence: a dispute may be won without a
 *   defence (the customer withdrew) or conceded (ACCEPTED) when defending is not worth it, while
 *   mark-won/mark-lost record the verdict on a submitted defence. Both record resolver, time and reason.
 * - The gateway's verdict (payment.dispute.won/lost/closed) updates `gatewayStatus` only: the
 *   defence is uploaded by hand, so an admin confirms the verdict with its reason.
 */
import { type ChargebackDefendStatus, defineMoves, DomainError, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"

export const ChargebackMoves = defineMoves<ChargebackDefendStatus>()({ machine: "chargeback", code: "CHARGEBACK_STATE_CONFLICT" }, {
  "edit-defense": { from: ["OPEN", "DRAFT"], to: "DRAFT" },
  "submit-defense": { from: ["OPEN", "DRAFT"], to: "SUBMITTED" },
  "mark-won": { from: ["SUBMITTED"], to: "WON" },
  "mark-lost": { from: ["SUBMITTED"], to: "LOST" },
  "mark-expired": { from: ["OPEN", "DRAFT"], to: "EXPIRED" },
  cancel: { from: ["OPEN", "DRAFT", "SUBMITTED"], to: "CANCELLED" },
  accept: { from: ["OPEN", "DRAFT"], to: "ACCEPTED" },
  "resolve-won": { from: ["OPEN", "DRAFT", "SUBMITTED"], to: "WON" },
  "resolve-lost": { from: ["OPEN", "DRAFT", "SUBMITTED"], to: "LOST" }
})
export type ChargebackMove = keyof typeof ChargebackMoves.table

/** Moves that close the case and record resolver, time and reason. */
export const ClosingChargebackMoves: ReadonlyArray<ChargebackMove> = ["mark-won", "mark-lost", "mark-expired", "cancel", "accept", "resolve-won", "resolve-lost"]

/** Limits of a defence (A section 8, B "Chargeback defend"). */
export const ChargebackLimits = {
  draftMax: 4000,
  submitDraftMin: 40,
  submitEvidenceMin: 2,
  /** Not in the spec: gateways accept a bounded bundle, and an unbounded list invites abuse. */
  evidenceMax: 20,
  descriptionMax: 2000
} as const

export class ChargebackNotFound extends DomainError<ChargebackNotFound>()("ChargebackNotFound", { kind: "not-found", code: "CHARGEBACK_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Chargeback not found"
  }
}

/** Submit needs at least 2 evidence items and a draft of at least 40 characters. */
export class ChargebackDefenseIncomplete extends DomainError<ChargebackDefenseIncomplete>()("ChargebackDefenseIncomplete", {
  kind: "conflict",
  code: "CHARGEBACK_DEFENSE_INCOMPLETE"
}, {
  evidenceCount: Schema.Number,
  draftLength: Schema.Number
}) {
  override get message() {
    return `A defense needs at least ${ChargebackLimits.submitEvidenceMin} evidence items and a draft of at least ${ChargebackLimits.submitDraftMin} characters (has ${this.evidenceCount} items and ${this.draftLength} characters)`
  }
}

/** mark-expired before the gateway's deadline. */
export class ChargebackDeadlineNotPassed extends DomainError<ChargebackDeadlineNotPassed>()("ChargebackDeadlineNotPassed", {
  kind: "conflict",
  code: "CHARGEBACK_DEADLINE_NOT_PASSED"
}, {
  respondBy: Schema.DateFromSelf
}) {
  override get message() {
    return `The gateway deadline (${this.respondBy.toISOString()}) has not passed`
  }
}

export class ChargebackEvidenceLimit extends DomainError<ChargebackEvidenceLimit>()("ChargebackEvidenceLimit", {
  kind: "conflict",
  code: "CHARGEBACK_EVIDENCE_LIMIT"
}, {}) {
  override get message() {
    return `A defense holds at most ${ChargebackLimits.evidenceMax} evidence items`
  }
}

/** Input failures found after decoding (an evidence item without file or description, a reversed date range): 400 with the list. */
export class ChargebackInputInvalid extends InputInvalid<ChargebackInputInvalid>()("ChargebackInputInvalid") {}

/** What a dispute webhook says about a case (Razorpay's `payload.dispute.entity`). */
export interface GatewayDisputeFact {
  readonly provider: string
  readonly gatewayCaseId: string
  readonly gatewayPaymentId: string
  readonly amount: number
  readonly currency: string
  readonly reasonCode: string | null
  readonly reasonDescription: string | null
  readonly phase: string | null
  readonly gatewayStatus: string
  readonly respondBy: Date | null
  readonly gatewayEventAt: Date
  /** Our payment, order and what it paid for, when the order is ours. */
  readonly link: {
    readonly paymentId: string | null
    readonly orderId: string
    readonly gatewayOrderId: string
    readonly purpose: string
    readonly ownerRef: string
  } | null
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)
const str = (u: unknown): string | null => (typeof u === "string" && u !== "" ? u : null)

/** The dispute entity of a webhook body, or why it is unusable. */
export const disputeOf = (payload: unknown): { readonly ok: true; readonly value: Omit<GatewayDisputeFact, "provider" | "link"> } | { readonly ok: false; readonly message: string } => {
  const inner = isRecord(payload) && isRecord(payload.payload) ? payload.payload : {}
  const holder = inner.dispute
  const d = isRecord(holder) && isRecord(holder.entity) ? holder.entity : null
  if (d === null) return { ok: false, message: "event carries no dispute entity" }
  const id = str(d.id)
  const paymentId = str(d.payment_id)
  if (id === null || paymentId === null) return { ok: false, message: "dispute entity has no id or payment_id" }
  if (typeof d.amount !== "number" || !Number.isSafeInteger(d.amount) || d.amount < 0) return { ok: false, message: `dispute ${id} has no valid amount` }
  const currency = str(d.currency)
  if (currency === null) return { ok: false, message: `dispute ${id} has no currency` }
  const seconds = (u: unknown) => (typeof u === "number" && Number.isFinite(u) && u > 0 ? new Date(u * 1000) : null)
  const at = isRecord(payload) ? seconds(payload.created_at) : null
  return {
    ok: true,
    value: {
      gatewayCaseId: id,
      gatewayPaymentId: paymentId,
      amount: d.amount,
      currency,
      reasonCode: str(d.reason_code),
      reasonDescription: str(d.reason_description),
      phase: str(d.phase),
      gatewayStatus: str(d.status) ?? "open",
      respondBy: seconds(d.respond_by),
      gatewayEventAt: at ?? seconds(d.created_at) ?? new Date(0)
    }
  }
}
