/**
 * Proofs of virtual efforts, the athlete's action center (claimable rewards) and series passes:
 * their machines, the rules' constants and the errors they answer with.
 */
import {
  type ClaimableRewardStatus,
  defineMoves,
  DomainError,
  type ProofStatus,
  type SeriesPassRegistrationStatus, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"
import type { LedgerAccountRef } from "../wallets/ledger.model.js"

/** Resolve (approve or reject) only a pending proof; revoke only an approved one. Each one conditional update. */
export const ProofMoves = defineMoves<ProofStatus>()({ machine: "proof", code: "PROOF_STATUS_CONFLICT" }, {
  approve: { from: ["pending"], to: "approved" },
  reject: { from: ["pending"], to: "rejected" },
  revoke: { from: ["approved"], to: "revoked" }
})
export type ProofMove = keyof typeof ProofMoves.table

/** A claim happens once; a revoke of the reward's cause voids it, claimed or not. */
export const ClaimableRewardMoves = defineMoves<ClaimableRewardStatus>()({ machine: "reward", code: "REWARD_NOT_CLAIMABLE" }, {
  claim: { from: ["claimable"], to: "claimed" },
  void: { from: ["claimable", "claimed"], to: "void" }
})

export const SeriesPassRegistrationMoves = defineMoves<SeriesPassRegistrationStatus>()(
  { machine: "series pass registration", code: "SERIES_PASS_REGISTRATION_CONFLICT" },
  { cancel: { from: ["registered"], to: "cancelled" } }
)

/**
 * The proof window of a virtual edition: from its start until this long after its end. Athletes run
 * on the last day and upload afterwards; a window closing at the end itself would refuse them.
 */
export const ProofGraceMs = 72 * 3_600_000

/** The instant after which a virtual edition's proofs are refused. */
export const proofDueAt = (edition: { readonly endsAt: Date }) => new Date(edition.endsAt.getTime() + ProofGraceMs)

/**
 * RC a finisher earns with an approved proof. The spec names finisher RC without an amount; one
 * platform-wide amount keeps every virtual edition's finishers equal until organizers may fund their own.
 */
export const FinisherRewardRc = 100

/** Where finisher RC comes from (a platform account, allowed below zero as every issuing account). */
export const FinisherRewardsAccount: LedgerAccountRef = { ownerType: "platform", ownerId: "platform", purpose: "rc-rewards", currency: "RC" }

export const proofSource = (proofId: string) => `proof:${proofId}`

export class ProofNotFound extends DomainError<ProofNotFound>()("ProofNotFound", { kind: "not-found" }, { ref: Schema.String }) {
  override get message() {
    return `Proof ${this.ref} not found`
  }
}

/** What a body schema cannot say by itself (messages in the house's wording). */
export class ProofInvalid extends InputInvalid<ProofInvalid>()("ProofInvalid") {}

/** The participation may not take a proof now (not confirmed, not virtual, outside the window). */
export class ProofNotAccepted extends DomainError<ProofNotAccepted>()("ProofNotAccepted", { kind: "conflict", code: "PROOF_NOT_ACCEPTED" }, {
  participationId: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `A proof cannot be submitted: ${this.reason}`
  }
}

/** One live (pending or approved) proof per participation; a rejected one may be replaced. */
export class ProofAlreadySubmitted extends DomainError<ProofAlreadySubmitted>()(
  "ProofAlreadySubmitted",
  { kind: "conflict", code: "PROOF_ALREADY_SUBMITTED" },
  { participationId: Schema.String }
) {
  override get message() {
    return "A proof for this participation is already pending or approved"
  }
}

export class ParticipationNotFound extends DomainError<ParticipationNotFound>()("ParticipationNotFound", { kind: "not-found" }, { ref: Schema.String }) {
  override get message() {
    return `Participation ${this.ref} not found`
  }
}

export class ClaimableRewardNotFound extends DomainError<ClaimableRewardNotFound>()("ClaimableRewardNotFound", { kind: "not-found" }, { ref: Schema.String }) {
  override get message() {
    return `Reward ${this.ref} not found`
  }
}

export class SeriesPassNotFound extends DomainError<SeriesPassNotFound>()("SeriesPassNotFound", { kind: "not-found" }, { ref: Schema.String }) {
  override get message() {
    return `Series pass ${this.ref} not found`
  }
}

export class SeriesPassFull extends DomainError<SeriesPassFull>()("SeriesPassFull", { kind: "conflict", code: "SERIES_PASS_FULL" }, { passId: Schema.String }) {
  override get message() {
    return "The series pass has no places left"
  }
}

export class SeriesPassClosed extends DomainError<SeriesPassClosed>()("SeriesPassClosed", { kind: "conflict", code: "SERIES_PASS_CLOSED" }, {
  passId: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `Registration is closed: ${this.reason}`
  }
}

export class SeriesPassRegistrationNotFound extends DomainError<SeriesPassRegistrationNotFound>()(
  "SeriesPassRegistrationNotFound",
  { kind: "not-found" },
  { passId: Schema.String }
) {
  override get message() {
    return "You are not registered for this series pass"
  }
}

export class SeriesPassInvalid extends InputInvalid<SeriesPassInvalid>()("SeriesPassInvalid") {}
