/**
 * Admin verification of organizers (B "Verification", organizer rows): the queue by approval status
 * (default PENDING), one organizer's verification record (KYC with full bank details), approve,
 * reject `{reason}` and the partner-A tag. Admins holding `organizers.review`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, IntFromText, OneOf, Optional, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, GetMany, op, Requires } from "../common/index.js"
import { BusinessKycView } from "./kyc.group.js"
import { OrganizerView } from "./organizer.dto.js"

export const OrganizerVerificationItem = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  name: Schema.String,
  approvalStatus: Schema.String,
  reviewReason: Schema.NullOr(Schema.String),
  partnerATag: Schema.Boolean,
  kyc: Schema.NullOr(Schema.Struct({ id: Schema.String, status: Schema.String })),
  createdAt: Schema.Date
}).annotations({ identifier: "OrganizerVerificationItem" })

export const OrganizerVerificationRecord = Schema.Struct({
  organizer: OrganizerView,
  kyc: Schema.NullOr(BusinessKycView),
  partnerATag: Schema.Boolean
}).annotations({ identifier: "OrganizerVerificationRecord" })

export const PartnerATagBody = Body({ enabled: Bool })
export const PartnerATagResult = Schema.Struct({ organizerId: Schema.String, partnerATag: Schema.Boolean })

const IdPath = Schema.Struct({ id: Schema.String })

export class OrganizerVerificationGroup extends HttpApiGroup.make("organizerVerification")
  .add(op.get("listOrganizerVerification", "/v2/admin/verification/organizers", { query: Schema.Struct({
        state: Optional(OneOf("PENDING", "APPROVED", "REJECTED", "SUSPENDED")),
        page: Optional(IntFromText(1, 100_000)),
        limit: Optional(IntFromText(1, 100))
      }), ok: GetMany(OrganizerVerificationItem), summary: "Organizers to verify, by approval status (default PENDING), with KYC state (admin)" }).middleware(Authenticated))
  .add(op.get("getOrganizerVerification", "/v2/admin/verification/organizers/:id", { path: IdPath, ok: OrganizerVerificationRecord, summary: "One organizer's verification record: organizer, KYC (full bank details), partner-A tag (admin)" }).middleware(Authenticated))
  .add(op.post("approveOrganizerVerification", "/v2/admin/verification/organizers/:id/approve", { path: IdPath, ok: OrganizerView, summary: "Approve a PENDING or REJECTED organizer (admin)" }).middleware(Authenticated))
  .add(op.post("rejectOrganizerVerification", "/v2/admin/verification/organizers/:id/reject", { path: IdPath, body: Body({ reason: StrLength(10, 500) }), ok: OrganizerView, summary: "Reject a PENDING organizer with a reason of 10-500 characters, kept verbatim (admin)" }).middleware(Authenticated))
  .add(op.patch("setOrganizerPartnerATag", "/v2/admin/verification/organizers/:id/partner-a-tag", { path: IdPath, body: PartnerATagBody, ok: PartnerATagResult, summary: "Set or clear the organizer's partner-A tag (admin)" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("organizers.review"))
  .annotate(OpenApi.Title, "Organizer verification")
  .annotate(OpenApi.Description, "Admin verification of organizers: queue, record, approve, reject, partner-A tag")
{}
