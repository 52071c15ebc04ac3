/**
 * Charities (B "Charities"): the verification machine and the facts a charity operation can fail
 * with. The spec names UNVERIFIED, PENDING and VERIFIED and says only legal transitions are
 * accepted without listing them; ours: UNVERIFIED → PENDING (sent for checks) → VERIFIED, and back
 * to UNVERIFIED from PENDING (checks failed) or VERIFIED (verification withdrawn). Each target
 * status has exactly one move, so `PATCH /status {status}` names it.
 */
import { type CharityStatus, defineMoves, DomainError } from "@podium/kernel"
import { Schema } from "effect"

export const CharityMoves = defineMoves<CharityStatus>()({ machine: "charity", code: "CHARITY_STATUS_MOVE_REFUSED" }, {
  PENDING: { from: ["UNVERIFIED"], to: "PENDING" },
  VERIFIED: { from: ["PENDING"], to: "VERIFIED" },
  UNVERIFIED: { from: ["PENDING", "VERIFIED"], to: "UNVERIFIED" }
})

export class CharityNotFound extends DomainError<CharityNotFound>()("CharityNotFound", { kind: "not-found", code: "CHARITY_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Charity not found"
  }
}

export class CharityRegistrationTaken extends DomainError<CharityRegistrationTaken>()("CharityRegistrationTaken", {
  kind: "conflict",
  code: "CHARITY_REGISTRATION_TAKEN"
}, { registrationNumber: Schema.String }) {
  override get message() {
    return `A charity with 80G registration ${this.registrationNumber} is already registered`
  }
}

/** A paid participation of a challenge that donates to a charity is the only thing an 80G receipt is for. */
export class TaxReceiptUnavailable extends DomainError<TaxReceiptUnavailable>()("TaxReceiptUnavailable", {
  kind: "conflict",
  code: "TAX_RECEIPT_NOT_AVAILABLE"
}, { reason: Schema.String }) {
  override get message() {
    return `No 80G receipt: ${this.reason}`
  }
}
