/**
 * Organizer business KYC (A 2.2, A 3, B "Organizer KYC"): the organizer's multipart submission and
 * edits, the read (documents as short-lived signed media URLs; bank account number masked except
 * to admins), the admin review queue with approve/reject, and the public resubmit.
 *
 * The public resubmit needs no token (A 3): the organizer's random (v4 UUID) id is the proof; it is
 * rate limited per client address and per organizer (429 with Retry-After past the limit).
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Body, Form, IntFromText, OneOf, Optional, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, GetMany, op, OrganizerManagers, OrganizerManagersOrAdmin, Requires } from "../common/index.js"
import { FileField } from "./organizer.dto.js"
import { MultipartLimits } from "./organizers.group.js"

export const KycStatusText = OneOf("UNDER_REVIEW", "APPROVED", "REJECTED", "RESUBMIT")

/** An Indian bank account number: 9–18 digits. */
export const AccountNumberText = Schema.String.pipe(
  Schema.filter((s) => /^\d{9,18}$/.test(s)),
  Schema.annotations(says("must be a bank account number of 9 to 18 digits"))
)
/** An IFSC code: 4 letters, 0, 6 letters or digits. */
export const IfscText = Schema.String.pipe(
  Schema.filter((s) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(s)),
  Schema.annotations(says("must be a valid IFSC code"))
)
export const UrlText = Schema.String.pipe(
  Schema.filter((s) => s.length <= 500 && /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(s)),
  Schema.annotations(says("must be a URL address"))
)

const kycFields = {
  "bankAccountDetails[accountNumber]": Optional(AccountNumberText),
  "bankAccountDetails[ifscCode]": Optional(IfscText),
  websiteOrAppUrl: Optional(UrlText),
  businessDescription: Optional(StrLength(1, 5000)),
  businessRegistrationCertificate: Optional(FileField),
  panCard: Optional(FileField),
  gstRegistrationCertificate: Optional(FileField),
  declarationForm: Optional(FileField),
  shopEstablishmentLicense: Optional(FileField),
  aadhaarCard: Optional(FileField),
  addressProof: Optional(FileField),
  cancelledCheque: Optional(FileField),
  bankAccountProof: Optional(FileField)
}

/**
 * Business KYC multipart (A 2.2). On create businessRegistrationCertificate and panCard are
 * required, and gstRegistrationCertificate unless declarationForm is given (and vice versa); on
 * update every field is optional and only supplied fields and documents change. Documents: PDF,
 * JPG or PNG, at most 5 MB, checked by content.
 */
export const BusinessKycForm = HttpApiSchema.Multipart(Form(kycFields), MultipartLimits)

const DocumentUrl = Schema.NullOr(Schema.String)

export const BusinessKycView = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  status: Schema.String,
  bankAccountDetails: Schema.Struct({
    /** Full to admins, `XXXXXX1234` to the organizer's team; null when not given. */
    accountNumber: Schema.NullOr(Schema.String),
    ifscCode: Schema.NullOr(Schema.String),
    masked: Schema.Boolean
  }),
  websiteOrAppUrl: Schema.NullOr(Schema.String),
  businessDescription: Schema.NullOr(Schema.String),
  /** Each document as a short-lived signed `/v2/media/content/...` URL (null when not uploaded). */
  documents: Schema.Struct({
    businessRegistrationCertificate: DocumentUrl,
    panCard: DocumentUrl,
    gstRegistrationCertificate: DocumentUrl,
    declarationForm: DocumentUrl,
    shopEstablishmentLicense: DocumentUrl,
    aadhaarCard: DocumentUrl,
    addressProof: DocumentUrl,
    cancelledCheque: DocumentUrl,
    bankAccountProof: DocumentUrl
  }),
  reviewReason: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Schema.Date),
  submittedAt: Schema.Date,
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "BusinessKyc" })
export type BusinessKycView = typeof BusinessKycView.Type

/** A row of the admin KYC queue: the submission without its details. */
export const KycQueueItem = BusinessKycView.pick("id", "organizerId", "status", "reviewReason", "submittedAt", "updatedAt")
  .annotations({ identifier: "OrganizerKycQueueItem" })

/** The result of a review move or a resubmission: where the submission now stands. */
export const KycMoveResult = KycQueueItem.pick("id", "organizerId", "status", "reviewReason").annotations({ identifier: "OrganizerKycMove" })

/** Admin reject / resubmission-request body: the reason, 10–500 characters, returned verbatim. */
export const KycReasonBody = Body({ reason: StrLength(10, 500) })

const IdPath = Schema.Struct({ id: Schema.String })
const KycIdPath = Schema.Struct({ kycId: Schema.String })

export class OrganizerKycGroup extends HttpApiGroup.make("organizerKyc")
  .add(op.post("submitBusinessKyc", "/v2/organizers/:id/business-kyc", { path: IdPath, body: BusinessKycForm, ok: BusinessKycView, status: 201, summary: "Submit the organizer's business KYC for review (OWNER/ADMIN; multipart)" }).middleware(OrganizerManagers))
  .add(op.patch("updateBusinessKyc", "/v2/organizers/:id/business-kyc", { path: IdPath, body: BusinessKycForm, ok: BusinessKycView, summary: "Update the business KYC (only supplied fields change; 409 while UNDER_REVIEW or APPROVED)" }).middleware(OrganizerManagers))
  .add(op.get("getBusinessKyc", "/v2/organizers/:id/business-kyc", { path: IdPath, ok: BusinessKycView, summary: "The business KYC (OWNER/ADMIN of the organizer, bank number masked; or an admin)" }).middleware(OrganizerManagersOrAdmin))
  .add(op.post("resubmitKyc", "/v2/organizers/:id/kyc/resubmit", { path: IdPath, ok: KycMoveResult, status: 201, summary: "Resubmit a REJECTED or RESUBMIT KYC for review (public; the organizer id is the proof; rate limited)" }))
  .add(op.get("listOrganizerKyc", "/v2/admin/organizer-kyc", { query: Schema.Struct({
        state: Optional(KycStatusText),
        page: Optional(IntFromText(1, 100_000)),
        limit: Optional(IntFromText(1, 100))
      }), ok: GetMany(KycQueueItem), summary: "The organizer KYC review queue (admin, organizers.review; default state UNDER_REVIEW)" }).annotate(Requires, AdminPermission("organizers.review")).middleware(Authenticated))
  .add(op.post("approveOrganizerKyc", "/v2/admin/organizer-kyc/:kycId/approve", { path: KycIdPath, ok: KycMoveResult, summary: "Approve an UNDER_REVIEW KYC (admin, organizers.review); the organizer becomes APPROVED" }).annotate(Requires, AdminPermission("organizers.review")).middleware(Authenticated))
  .add(op.post("rejectOrganizerKyc", "/v2/admin/organizer-kyc/:kycId/reject", { path: KycIdPath, body: KycReasonBody, ok: KycMoveResult, summary: "Reject an UNDER_REVIEW KYC with a reason of 10-500 characters, returned verbatim (admin)" }).annotate(Requires, AdminPermission("organizers.review")).middleware(Authenticated))
  .annotate(OpenApi.Title, "Organizer KYC")
  .annotate(OpenApi.Description, "Business KYC of organizers: submission, edits, reads, admin review, public resubmit")
{}
