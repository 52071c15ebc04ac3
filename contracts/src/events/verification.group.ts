/**
 * Admin verification of organizers (B "Verification", organizer rows): the queue by approval status
 * (default PENDING), one organizer's verification record (KYC with full bank details), approve,
 * reject `{reason}` and the partner-A tag. Admins holding `organizers.review`.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, IntFromText, OneOf, Optional, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, GetMany, Ok, Requires } from "../common/index.js"
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
  .add(
    HttpApiEndpoint.get("listOrganizerVerification", "/v2/admin/verification/organizers")
      .middleware(Authenticated)
      .setUrlParams(Schema.Struct({
        state: Optional(OneOf("PENDING", "APPROVED", "REJECTED", "SUSPENDED")),
        page: Optional(IntFromText(1, 100_000)),
        limit: Optional(IntFromText(1, 100))
      }))
      .addSuccess(Ok(GetMany(OrganizerVerificationItem)))
      .annotate(OpenApi.Summary, "Organizers to verify, by approval status (default PENDING), with KYC state (admin)")
  )
  .add(
    HttpApiEndpoint.get("getOrganizerVerification", "/v2/admin/verification/organizers/:id")
      .middleware(Authenticated)
      .setPath(IdPath)
      .addSuccess(Ok(OrganizerVerificationRecord))
      .annotate(OpenApi.Summary, "One organizer's verification record: organizer, KYC (full bank details), partner-A tag (admin)")
  )
  .add(
    HttpApiEndpoint.post("approveOrganizerVerification", "/v2/admin/verification/organizers/:id/approve")
      .middleware(Authenticated)
      .setPath(IdPath)
      .addSuccess(Ok(OrganizerView))
      .annotate(OpenApi.Summary, "Approve a PENDING or REJECTED organizer (admin)")
  )
  .add(
    HttpApiEndpoint.post("rejectOrganizerVerification", "/v2/admin/verification/organizers/:id/reject")
      .middleware(Authenticated)
      .setPath(IdPath)
      .setPayload(Body({ reason: StrLength(10, 500) }))
      .addSuccess(Ok(OrganizerView))
      .annotate(OpenApi.Summary, "Reject a PENDING organizer with a reason of 10-500 characters, kept verbatim (admin)")
  )
  .add(
    HttpApiEndpoint.patch("setOrganizerPartnerATag", "/v2/admin/verification/organizers/:id/partner-a-tag")
      .middleware(Authenticated)
      .setPath(IdPath)
      .setPayload(PartnerATagBody)
      .addSuccess(Ok(PartnerATagResult))
      .annotate(OpenApi.Summary, "Set or clear the organizer's partner-A tag (admin)")
  )
  .annotate(Requires, AdminPermission("organizers.review"))
  .annotate(OpenApi.Title, "Organizer verification")
  .annotate(OpenApi.Description, "Admin verification of organizers: queue, record, approve, reject, partner-A tag")
{}
