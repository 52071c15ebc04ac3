/**
 * Club KYC (A section 3, B "Club KYC", C "Club KYC"): the bank account the club is paid into, its
 * PAN and supporting documents, and the admin review.
 *
 *   DRAFT ─submit─▶ UNDER_REVIEW ─approve─▶ APPROVED
 *                        ├─reject (reason 10-500, verbatim)─▶ REJECTED ─┐
 *                        └─request-resubmission (reason)───▶ RESUBMIT ─┴─(edit)─submit─▶ UNDER_REVIEW
 *
 * The spec does not name the state before the first submit; it is DRAFT (created by the first
 * save, verify-bank or verify-pan). The club edits (and penny-drops) only while DRAFT, REJECTED or
 * RESUBMIT; UNDER_REVIEW and APPROVED are locked (CLUB_KYC_LOCKED). Submit needs the panCard
 * document, the bank account number and IFSC, and a successful penny drop of exactly the saved
 * account (CLUB_KYC_BANK_ACCOUNT_MISMATCH otherwise).
 *
 * The bank account number is sealed at rest (Identity.SecretBox) with its last four digits in
 * clear for the masked view; a keyed fingerprint (HMAC of club, number and IFSC) lets the store
 * compare "the account that was verified" with "the account saved now" without opening the seal.
 */
import { DomainError, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"
import type { StoredFile } from "../media/stored-file.js"

export const ClubKycStatuses = ["DRAFT", "UNDER_REVIEW", "APPROVED", "REJECTED", "RESUBMIT"] as const
export type ClubKycStatus = (typeof ClubKycStatuses)[number]

/**
 * The document fields of the club KYC form (multipart, like the organizer business KYC). The spec
 * names only panCard (required to submit); the others are what a payout KYC usually carries and
 * are optional.
 */
export const ClubKycDocumentFields = [
  "panCard",
  "cancelledCheque",
  "bankAccountProof",
  "addressProof",
  "registrationCertificate",
  "aadhaarCard"
] as const
export type ClubKycDocumentField = (typeof ClubKycDocumentFields)[number]
export type ClubKycDocuments = Partial<Record<ClubKycDocumentField, StoredFile>>
/** The documents as kept in the jsonb column: a stored file per supplied field. */
export const ClubKycDocuments = Schema.partialWith(
  Schema.Record({
    key: Schema.Literal(...ClubKycDocumentFields),
    value: Schema.Struct({ key: Schema.String, contentType: Schema.String, fileName: Schema.String, size: Schema.Number })
  }),
  { exact: true }
)

/** The outcome of the last penny drop, recorded on the KYC (the C result shapes plus what was checked). */
export const ClubBankCheck = Schema.Struct({
  verified: Schema.Boolean,
  /** Fingerprint of the account (club, number, IFSC) the drop went to. */
  fingerprint: Schema.String,
  last4: Schema.String,
  ifsc: Schema.String,
  accountHolderName: Schema.NullOr(Schema.String),
  utr: Schema.NullOr(Schema.String),
  amountDeposited: Schema.NullOr(Schema.Number),
  transactionId: Schema.NullOr(Schema.String),
  reason: Schema.NullOr(Schema.String),
  message: Schema.NullOr(Schema.String),
  provider: Schema.String,
  /** ISO time of the drop. */
  at: Schema.String
})
export interface ClubBankCheck extends Schema.Schema.Type<typeof ClubBankCheck> {}

/** How a PAN's name compares with the verified bank account holder. */
export const PanNameMatches = ["MATCH", "MISMATCH", "NOT_CHECKED"] as const
export type PanNameMatch = (typeof PanNameMatches)[number]

/** The outcome of the last PAN check (format + consistency; no registry is called). */
export const ClubPanCheck = Schema.Struct({
  verified: Schema.Boolean,
  panNumber: Schema.String,
  nameMatch: Schema.Literal(...PanNameMatches),
  reason: Schema.NullOr(Schema.String),
  /** ISO time of the check. */
  at: Schema.String
})
export interface ClubPanCheck extends Schema.Schema.Type<typeof ClubPanCheck> {}

export const ClubKyc = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  status: Schema.Literal(...ClubKycStatuses),
  /** The sealed account number and its last four digits (payments' SealedBankAccount). */
  bankAccount: Schema.NullOr(Schema.Struct({ sealed: Schema.String, last4: Schema.String })),
  bankAccountFingerprint: Schema.NullOr(Schema.String),
  ifscCode: Schema.NullOr(Schema.String),
  /** The holder name the club typed (a hint for the penny drop). */
  accountHolderName: Schema.NullOr(Schema.String),
  panNumber: Schema.NullOr(Schema.String),
  panName: Schema.NullOr(Schema.String),
  documents: ClubKycDocuments,
  bankCheck: Schema.NullOr(ClubBankCheck),
  panCheck: Schema.NullOr(ClubPanCheck),
  /** The admin's reject / resubmission reason, verbatim; cleared on the next submit. */
  reviewReason: Schema.NullOr(Schema.String),
  reviewedBy: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Schema.DateFromSelf),
  submittedAt: Schema.NullOr(Schema.DateFromSelf),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface ClubKyc extends Schema.Schema.Type<typeof ClubKyc> {}

/** The KYC state machine as data: where each move may start and where it leads. */
export const ClubKycMoves = {
  submit: { from: ["DRAFT", "REJECTED", "RESUBMIT"], to: "UNDER_REVIEW" },
  approve: { from: ["UNDER_REVIEW"], to: "APPROVED" },
  reject: { from: ["UNDER_REVIEW"], to: "REJECTED" },
  requestResubmission: { from: ["UNDER_REVIEW"], to: "RESUBMIT" }
} as const satisfies Record<string, { readonly from: ReadonlyArray<ClubKycStatus>; readonly to: ClubKycStatus }>
export type ClubKycMove = keyof typeof ClubKycMoves

/** States in which the club may edit its KYC and run penny drops (the submit move's sources). */
export const ClubKycEditableStatuses: ReadonlyArray<ClubKycStatus> = ClubKycMoves.submit.from
/** States in which the KYC is locked (CLUB_KYC_LOCKED). */
export const ClubKycLockedStatuses: ReadonlyArray<ClubKycStatus> = ["UNDER_REVIEW", "APPROVED"]

/** The PAN format: 5 letters, 4 digits, 1 letter. */
export const PanPattern = /^[A-Z]{5}[0-9]{4}[A-Z]$/

const nameTokens = (name: string) =>
  name.toUpperCase().replace(/[^A-Z ]+/g, " ").split(/\s+/).filter((t) => t.length > 0 && !["MR", "MRS", "MS", "DR", "SHRI", "SMT"].includes(t))

/**
 * Whether two person or entity names agree: the same words in any order, or every word of the
 * shorter name (at least two words) present in the longer one (a missing middle name).
 */
export const namesMatch = (a: string, b: string): boolean => {
  const left = nameTokens(a)
  const right = nameTokens(b)
  if (left.length === 0 || right.length === 0) return false
  const [short, long] = left.length <= right.length ? [left, right] : [right, left]
  const longSet = new Set(long)
  if (short.length === long.length) return short.every((t) => longSet.has(t)) && new Set(short).size === longSet.size
  return short.length >= 2 && short.every((t) => longSet.has(t))
}

export class ClubKycNotFound extends DomainError<ClubKycNotFound>()("ClubKycNotFound", { kind: "not-found", code: "CLUB_KYC_NOT_FOUND" }, { ref: Schema.String }) {
  override get message() {
    return "Club KYC not found"
  }
}

/** An edit or penny drop while UNDER_REVIEW or APPROVED (409 CLUB_KYC_LOCKED). */
export class ClubKycLocked extends DomainError<ClubKycLocked>()("ClubKycLocked", { kind: "conflict", code: "CLUB_KYC_LOCKED" }, { status: Schema.String }) {
  override get message() {
    return `Club KYC cannot be changed while ${this.status}`
  }
}

/** The verified account is not the saved one (409 CLUB_KYC_BANK_ACCOUNT_MISMATCH). */
export class ClubKycBankAccountMismatch extends DomainError<ClubKycBankAccountMismatch>()("ClubKycBankAccountMismatch", { kind: "conflict", code: "CLUB_KYC_BANK_ACCOUNT_MISMATCH" }, {
  detail: Schema.String
}) {
  override get message() {
    return this.detail
  }
}

/** Submit refused: what is missing (400 CLUB_KYC_INCOMPLETE, each missing item listed). */
export class ClubKycIncomplete extends DomainError<ClubKycIncomplete>()("ClubKycIncomplete", { kind: "invalid", code: "CLUB_KYC_INCOMPLETE" }, {
  missing: Schema.Array(Schema.String)
}) {
  override get message() {
    return this.missing.join("; ")
  }
}

/** A review or submit move from a state that does not allow it (409 CLUB_KYC_MOVE_REFUSED). */
export class ClubKycMoveRefused extends DomainError<ClubKycMoveRefused>()("ClubKycMoveRefused", { kind: "conflict", code: "CLUB_KYC_MOVE_REFUSED" }, {
  move: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `Cannot ${this.move} a club KYC that is ${this.status}`
  }
}

/** Input the contract cannot judge alone (bad files, nothing to verify): 400 with every message. */
export class ClubKycInputInvalid extends InputInvalid<ClubKycInputInvalid>()("ClubKycInputInvalid") {}
