/** Deferrals of a seat to a future edition (C "Deferrals", states.tsv "Deferral"): the machine and its errors. */
import { defineMoves, type DeferralStatus, DomainError } from "@podium/kernel"
import { Schema } from "effect"

/**
 * A REQUESTED deferral is cancelled by its requester, rejected (the seat stays), fulfilled into a
 * future edition (a seat is taken there, the original released) or compensated with a
 * complimentary entry (the original seat released). Each decision applies once, so the original
 * seat is released at most once.
 */
export const DeferralMoves = defineMoves<DeferralStatus>()({ machine: "deferral", code: "DEFERRAL_STATUS_CONFLICT" }, {
  cancel: { from: ["REQUESTED"], to: "CANCELLED" },
  reject: { from: ["REQUESTED"], to: "REJECTED" },
  fulfil: { from: ["REQUESTED"], to: "FULFILLED" },
  "issue comp": { from: ["REQUESTED"], to: "COMP_ISSUED" }
})

export class DeferralNotFound extends DomainError<DeferralNotFound>()("DeferralNotFound", { kind: "not-found", code: "DEFERRAL_NOT_FOUND" }, { ref: Schema.String }) {
  override get message() {
    return `Deferral ${this.ref} not found`
  }
}

export class DeferralRefused extends DomainError<DeferralRefused>()("DeferralRefused", { kind: "conflict", code: (e) => e.code }, {
  code: Schema.Literal("DEFERRALS_DISABLED", "DEFERRAL_DEADLINE_PASSED", "PARTICIPANT_NOT_DEFERRABLE", "DEFERRAL_TARGET_INVALID"),
  reason: Schema.String
}) {
  override get message() {
    return `The deferral is refused: ${this.reason}`
  }
}

export class DeferralAlreadyRequested extends DomainError<DeferralAlreadyRequested>()("DeferralAlreadyRequested", {
  kind: "conflict",
  code: "DEFERRAL_ALREADY_REQUESTED"
}, { participantId: Schema.String }) {
  override get message() {
    return "This participant already has an open deferral request"
  }
}
