/**
 * Club KYC (A section 3; B "Club KYC"; C "Club KYC"). The club's OWNER/ADMIN saves it (multipart
 * like the organizer business KYC: text fields plus document files; only attached documents
 * overwrite), penny-drops the bank account (`verify-bank`, 200 for both outcomes in exactly the C
 * shapes), checks the PAN (`verify-pan`: format + consistency with the verified account holder; no
 * PAN registry is consulted) and submits it (→ UNDER_REVIEW). Edits and verify-bank while
 * UNDER_REVIEW or APPROVED answer 409 CLUB_KYC_LOCKED. Admins (`clubs.review`) list, read (full
 * bank details, signed document URLs) and approve / reject / request resubmission (reason 10-500,
 * verbatim). Reads of a KYC never started answer `data: null`.
 */
import { HttpApiGroup, HttpApiSchema, Multipart, OpenApi } from "@effect/platform"
import { Body, Form, OneOf, Optional, Query, says, StrLength } from "@podium/kernel"
import { Option, Schema } from "effect"
import { AdminPermission, Authenticated, BankAccountNumberText, BankNotVerifiedFields, BankVerifiedFields, ClubManagers, IfscCodeText, op, PageOf, PageParams, Requires } from "../common/index.js"

/** A PAN as saved on the form: 5 letters, 4 digits, 1 letter. */
export const PanText = Schema.String.pipe(
  Schema.filter((s) => /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(s)),
  Schema.annotations({ ...says("must be a PAN of 5 letters, 4 digits and a letter"), jsonSchema: { type: "string", example: "ABCDE1234F" } })
)
const ClubFile = Multipart.SingleFileSchema.annotations(says("must be a single file"))
const ClubKycMultipartLimits = { maxFileSize: Option.some(10 * 1024 * 1024), maxParts: Option.some(20), maxFieldSize: 64 * 1024 }

export const ClubKycStatusText = OneOf("DRAFT", "UNDER_REVIEW", "APPROVED", "REJECTED", "RESUBMIT")

/**
 * The club KYC form (multipart). Every field optional on both POST and PATCH; only supplied fields
 * and attached documents change. Documents: PDF, JPG or PNG, at most 5 MB, checked by content.
 */
export const ClubKycForm = HttpApiSchema.Multipart(
  Form({
    "bankAccountDetails[accountNumber]": Optional(BankAccountNumberText),
    "bankAccountDetails[ifscCode]": Optional(IfscCodeText),
    "bankAccountDetails[accountHolderName]": Optional(StrLength(2, 100)),
    panNumber: Optional(PanText),
    nameOnPan: Optional(StrLength(2, 100)),
    panCard: Optional(ClubFile),
    cancelledCheque: Optional(ClubFile),
    bankAccountProof: Optional(ClubFile),
    addressProof: Optional(ClubFile),
    registrationCertificate: Optional(ClubFile),
    aadhaarCard: Optional(ClubFile)
  }),
  ClubKycMultipartLimits
)

const DocumentUrl = Schema.NullOr(Schema.String)

export const ClubKycView = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  status: Schema.String,
  bankAccountDetails: Schema.Struct({
    /** Full to admins, `XXXXXX1234` to the club; null when not given. */
    accountNumber: Schema.NullOr(Schema.String),
    ifscCode: Schema.NullOr(Schema.String),
    accountHolderName: Schema.NullOr(Schema.String),
    masked: Schema.Boolean
  }),
  /** The last penny drop (null before the first). */
  bankVerification: Schema.NullOr(Schema.Struct({
    verified: Schema.Boolean,
    /** Whether the verified account is still the saved one (submit needs it). */
    matchesSavedAccount: Schema.Boolean,
    accountHolderName: Schema.NullOr(Schema.String),
    utr: Schema.NullOr(Schema.String),
    amountDeposited: Schema.NullOr(Schema.Int),
    transactionId: Schema.NullOr(Schema.String),
    reason: Schema.NullOr(Schema.String),
    message: Schema.NullOr(Schema.String),
    verifiedAt: Schema.String
  })),
  pan: Schema.Struct({
    panNumber: Schema.NullOr(Schema.String),
    nameOnPan: Schema.NullOr(Schema.String),
    /** The last PAN check (format + consistency; no registry). */
    check: Schema.NullOr(Schema.Struct({
      verified: Schema.Boolean,
      panNumber: Schema.String,
      nameMatch: Schema.String,
      reason: Schema.NullOr(Schema.String),
      checkedAt: Schema.String
    }))
  }),
  /** Each document as a short-lived signed `/v2/media/content/...` URL (null when not attached). */
  documents: Schema.Struct({
    panCard: DocumentUrl,
    cancelledCheque: DocumentUrl,
    bankAccountProof: DocumentUrl,
    addressProof: DocumentUrl,
    registrationCertificate: DocumentUrl,
    aadhaarCard: DocumentUrl
  }),
  /** The admin's reject / resubmission reason, verbatim. */
  reviewReason: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Schema.Date),
  submittedAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "ClubKyc" })
export type ClubKycView = typeof ClubKycView.Type

/** verify-bank body: the account to penny-drop (defaults to the saved one). */
export const VerifyClubBankBody = Body({
  accountNumber: Optional(BankAccountNumberText),
  ifscCode: Optional(IfscCodeText),
  accountHolderName: Optional(StrLength(2, 100))
})

/** The C shapes of a penny drop: verified or not, both 200. */
export const ClubBankVerifiedView = Schema.Struct(BankVerifiedFields).annotations({ identifier: "ClubBankVerified" })
export const ClubBankNotVerifiedView = Schema.Struct(BankNotVerifiedFields).annotations({ identifier: "ClubBankNotVerified" })

/** verify-pan body: the PAN to check (defaults to the saved one) and the name on it. */
export const VerifyClubPanBody = Body({
  panNumber: Optional(StrLength(1, 20)),
  nameOnPan: Optional(StrLength(2, 100))
})

export const ClubPanVerificationView = Schema.Struct({
  verified: Schema.Boolean,
  /** INVALID_PAN_FORMAT or NAME_MISMATCH when not verified. */
  reason: Schema.NullOr(Schema.String),
  message: Schema.String,
  panNumber: Schema.String,
  nameOnPan: Schema.NullOr(Schema.String),
  /** MATCH / MISMATCH against the verified bank account holder, NOT_CHECKED without one. */
  nameMatch: Schema.String,
  accountHolderName: Schema.NullOr(Schema.String),
  /** Always false: format and consistency only, no PAN registry. */
  registryChecked: Schema.Boolean,
  /** Whether the outcome was saved on the KYC (not while locked). */
  recorded: Schema.Boolean
}).annotations({ identifier: "ClubPanVerification" })

/** Admin reject / resubmission body: 10-500 characters, shown verbatim to the club. */
export const ClubKycReasonBody = Body({ reason: StrLength(10, 500) })

const ClubPath = Schema.Struct({ clubId: Schema.String })
const KycIdPath = Schema.Struct({ kycId: Schema.String })

export class ClubKycGroup extends HttpApiGroup.make("clubKyc")
  .add(op.get("getClubKyc", "/v2/clubs/:clubId/kyc", { path: ClubPath, ok: Schema.NullOr(ClubKycView), summary: "The club's KYC (OWNER/ADMIN; bank number masked); null when never started" }).middleware(ClubManagers))
  .add(op.patch("updateClubKyc", "/v2/clubs/:clubId/kyc", { path: ClubPath, body: ClubKycForm, ok: ClubKycView, summary: "Partial update (multipart; only supplied fields and attached documents change); 404 before the KYC exists, 409 CLUB_KYC_LOCKED while UNDER_REVIEW or APPROVED" }).middleware(ClubManagers))
  .add(op.post("saveClubKyc", "/v2/clubs/:clubId/kyc", { path: ClubPath, body: ClubKycForm, ok: ClubKycView, summary: "Create (DRAFT) or update the club KYC (multipart; only attached documents overwrite); 409 CLUB_KYC_LOCKED while UNDER_REVIEW or APPROVED" }).middleware(ClubManagers))
  .add(op.post("submitClubKyc", "/v2/clubs/:clubId/kyc/submit", { path: ClubPath, ok: ClubKycView, summary: "Submit for review (→ UNDER_REVIEW): needs panCard, account number, IFSC and a successful penny drop of the saved account" }).middleware(ClubManagers).annotate(OpenApi.Description, "400 CLUB_KYC_INCOMPLETE lists what is missing; 409 CLUB_KYC_BANK_ACCOUNT_MISMATCH when the verified account is not the saved one; 409 CLUB_KYC_MOVE_REFUSED from UNDER_REVIEW or APPROVED."))
  .add(op.post("verifyClubKycBank", "/v2/clubs/:clubId/kyc/verify-bank", { path: ClubPath, body: VerifyClubBankBody, ok: Schema.Union(ClubBankVerifiedView, ClubBankNotVerifiedView), summary: "Penny-drop the bank account (200 for both outcomes; the outcome is recorded on the KYC)" }).middleware(ClubManagers).annotate(OpenApi.Description, "Body `{accountNumber?, ifscCode?, accountHolderName?}`; without an account the saved one is verified. Verified: `{verified: true, accountExists, accountHolderName, utr, amountDeposited (paise), transactionId}`; not verified: `{verified: false, reason, message}`. 409 CLUB_KYC_LOCKED while UNDER_REVIEW or APPROVED; 409 CLUB_KYC_BANK_ACCOUNT_MISMATCH when the account differs from the saved one; 429 BANK_VERIFICATION_RATE_LIMITED; 503 BANK_VERIFICATION_NOT_CONFIGURED."))
  .add(op.post("verifyClubKycPan", "/v2/clubs/:clubId/kyc/verify-pan", { path: ClubPath, body: VerifyClubPanBody, ok: ClubPanVerificationView, summary: "Check the PAN: format and name consistency with the verified bank account holder (no PAN registry is consulted); 200 for both outcomes" }).middleware(ClubManagers))
  .annotate(OpenApi.Title, "Club KYC")
{}

export class AdminClubKycGroup extends HttpApiGroup.make("adminClubKyc")
  .add(op.get("clubKycQueue", "/v2/admin/club-kyc", { query: Query({ ...PageParams, status: Optional(ClubKycStatusText) }), ok: PageOf(ClubKycView), summary: "Club KYCs by status (default UNDER_REVIEW), oldest submission first (admin, clubs.review)" }).middleware(Authenticated))
  .add(op.get("clubKycByClub", "/v2/admin/club-kyc/by-club/:clubId", { path: ClubPath, ok: Schema.NullOr(ClubKycView), summary: "A club's KYC with full bank details; null (not 404) when never started" }).middleware(Authenticated))
  .add(op.get("clubKycDetail", "/v2/admin/club-kyc/:kycId", { path: KycIdPath, ok: ClubKycView, summary: "One club KYC: signed document URLs and full bank details" }).middleware(Authenticated))
  .add(op.post("approveClubKyc", "/v2/admin/club-kyc/:kycId/approve", { path: KycIdPath, ok: ClubKycView, summary: "UNDER_REVIEW → APPROVED" }).middleware(Authenticated))
  .add(op.post("rejectClubKyc", "/v2/admin/club-kyc/:kycId/reject", { path: KycIdPath, body: ClubKycReasonBody, ok: ClubKycView, summary: "UNDER_REVIEW → REJECTED with a reason (10-500) shown verbatim to the club" }).middleware(Authenticated))
  .add(op.post("requestClubKycResubmission", "/v2/admin/club-kyc/:kycId/request-resubmission", { path: KycIdPath, body: ClubKycReasonBody, ok: ClubKycView, summary: "UNDER_REVIEW → RESUBMIT with a reason (10-500)" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("clubs.review"))
  .annotate(OpenApi.Title, "Club KYC (admin)")
{}
