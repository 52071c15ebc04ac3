/** Transfers of a seat to someone else (C "Transfers", states.tsv "Transfer"): the machine and its errors. */
import { defineMoves, DomainError, type TransferStatus } from "@podium/kernel"
import { Schema } from "effect"

/** A pending transfer is accepted (the seat moves once), rejected by its recipient or cancelled by its sender. */
export const TransferMoves = defineMoves<TransferStatus>()({ machine: "transfer", code: "TRANSFER_STATUS_CONFLICT" }, {
  accept: { from: ["PENDING"], to: "ACCEPTED" },
  reject: { from: ["PENDING"], to: "REJECTED" },
  cancel: { from: ["PENDING"], to: "CANCELLED" }
})

/** The HMAC purpose of transfer tokens (only their digest is stored). */
export const TransferTokenPurpose = "registrations.transfer-token"

export class TransferNotFound extends DomainError<TransferNotFound>()("TransferNotFound", { kind: "not-found", code: "TRANSFER_NOT_FOUND" }, { ref: Schema.String }) {
  override get message() {
    return `Transfer ${this.ref} not found`
  }
}

/** Why the seat cannot be handed over now (policy off, deadline passed, limit reached, not an active confirmed seat, already checked in). */
export class TransferRefused extends DomainError<TransferRefused>()("TransferRefused", { kind: "conflict", code: (e) => e.code }, {
  code: Schema.Literal("TRANSFERS_DISABLED", "TRANSFER_DEADLINE_PASSED", "TRANSFER_LIMIT_REACHED", "PARTICIPANT_NOT_TRANSFERABLE"),
  reason: Schema.String
}) {
  override get message() {
    return `The seat cannot be transferred: ${this.reason}`
  }
}

export class TransferAlreadyPending extends DomainError<TransferAlreadyPending>()("TransferAlreadyPending", { kind: "conflict", code: "TRANSFER_ALREADY_PENDING" }, {
  participantId: Schema.String
}) {
  override get message() {
    return "This participant already has a pending transfer"
  }
}

/** A transfer names its recipient by e-mail or phone (a phone-only recipient brings an e-mail from their account). */
export class TransferRecipientRequired extends DomainError<TransferRecipientRequired>()("TransferRecipientRequired", { kind: "invalid", code: "TRANSFER_RECIPIENT_REQUIRED" }, {
  reason: Schema.String
}) {
  override get message() {
    return this.reason
  }
}
