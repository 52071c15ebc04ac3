/**
 * Business KYC of an organizer (A 2.2, A 3): the submitted bank details and documents and the
 * admin review state machine
 *
 *   (submit) → UNDER_REVIEW → APPROVED | REJECTED (reason) | RESUBMIT (reason)
 *   REJECTED | RESUBMIT → (public resubmit) → UNDER_REVIEW
 *
 * The organizer edits its KYC only while REJECTED or RESUBMIT (locked while UNDER_REVIEW or
 * APPROVED). The bank account number is sealed at rest (SecretBox) and only its last four digits
 * are kept in clear, for the masked view.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
import { maskAccountNumber, type SealedBankAccount } from "../payments/bank-account.model.js"
import { StoredFile } from "./organizer.model.js"

export const KycStatuses = ["UNDER_REVIEW", "APPROVED", "REJECTED", "RESUBMIT"] as const
export type KycStatus = (typeof KycStatuses)[number]

/** The document fields of the multipart business KYC (A 2.2). */
export const KycDocumentFields = [
  "businessRegistrationCertificate",
  "panCard",
  "gstRegistrationCertificate",
  "declarationForm",
  "shopEstablishmentLicense",
  "aadhaarCard",
  "addressProof",
  "cancelledCheque",
  "bankAccountProof"
] as const
export type KycDocumentField = (typeof KycDocumentFields)[number]

export const KycDocuments = Schema.partialWith(Schema.Record({ key: Schema.Literal(...KycDocumentFields), value: StoredFile }), { exact: true })
export type KycDocuments = typeof KycDocuments.Type

/** The sealed bank account number and its last four digits (shared with club KYC). */
export type { SealedBankAccount }

export const BusinessKyc = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  status: Schema.Literal(...KycStatuses),
  bankAccount: Schema.NullOr(Schema.Struct({ sealed: Schema.String, last4: Schema.String })),
  ifscCode: Schema.NullOr(Schema.String),
  websiteOrAppUrl: Schema.NullOr(Schema.String),
  businessDescription: Schema.NullOr(Schema.String),
  documents: KycDocuments,
  /** The admin's reject / resubmission reason, verbatim; cleared on resubmit. */
  reviewReason: Schema.NullOr(Schema.String),
  reviewedBy: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Schema.DateFromSelf),
  submittedAt: Schema.DateFromSelf,
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface BusinessKyc extends Schema.Schema.Type<typeof BusinessKyc> {}

/** Where the admin review (and the public resubmit) may move a KYC. */
export const KycMoves = {
  approve: { from: ["UNDER_REVIEW"], to: "APPROVED" },
  reject: { from: ["UNDER_REVIEW"], to: "REJECTED" },
  requestResubmission: { from: ["UNDER_REVIEW"], to: "RESUBMIT" },
  resubmit: { from: ["REJECTED", "RESUBMIT"], to: "UNDER_REVIEW" }
} as const satisfies Record<string, { readonly from: ReadonlyArray<KycStatus>; readonly to: KycStatus }>
export type KycMove = keyof typeof KycMoves

/** States in which the organizer may not edit its KYC. */
export const KycLockedStatuses: ReadonlyArray<KycStatus> = ["UNDER_REVIEW", "APPROVED"]

/** The masked account number shown to everyone but admins: `XXXXXX1234`. */
export { maskAccountNumber }

/** No business KYC (404): unknown KYC id, or an organizer that never submitted one. */
export class KycNotFound extends DomainError<KycNotFound>()("KycNotFound", { kind: "not-found" }, {
  ref: Schema.String
}) {
  override get message() {
    return "Business KYC not found"
  }
}

/** Too many public resubmissions from this address or for this organizer (429). */
export class KycResubmitRateLimited extends DomainError<KycResubmitRateLimited>()("KycResubmitRateLimited", { kind: "rate-limited", code: "KYC_RESUBMIT_RATE_LIMITED" }, {
  retryAfterMs: Schema.Number
}) {
  override get message() {
    return "Too many KYC resubmissions; try again later"
  }
}
