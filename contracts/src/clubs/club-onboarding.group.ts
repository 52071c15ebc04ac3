/**
 * Club onboarding (A section 3; C "Club onboarding"; B "Club onboarding"): the OWNER submits a
 * DRAFT club (→ PENDING_APPROVAL); admins approve (→ ACTIVE) or reject with a 10-500 character
 * reason returned verbatim (→ SUSPENDED); the OWNER resubmits a rejected club (→ PENDING_APPROVAL,
 * reason cleared). A move from any other state answers 409 CLUB_ONBOARDING_MOVE_REFUSED.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, OneOf, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, Ok, PageOf, PageParams, Requires } from "../common/index.js"
import { ClubView } from "./club.dto.js"

const ClubPath = Schema.Struct({ clubId: Schema.String })

export class ClubOnboardingGroup extends HttpApiGroup.make("clubOnboarding")
  .add(
    HttpApiEndpoint.get("myClubOnboarding", "/v2/clubs/onboarding/me")
      .middleware(Authenticated)
      .addSuccess(Ok(Schema.Array(ClubView)))
      .annotate(OpenApi.Summary, "The caller's clubs (as OWNER or ADMIN) with their onboarding status and rejection reason")
  )
  .add(
    HttpApiEndpoint.post("submitClub", "/v2/clubs/onboarding/me/:clubId/submit")
      .middleware(Authenticated)
      .setPath(ClubPath)
      .addSuccess(Ok(ClubView))
      .annotate(OpenApi.Summary, "Submit a DRAFT club for admin review (→ PENDING_APPROVAL); OWNER only")
  )
  .add(
    HttpApiEndpoint.post("resubmitClub", "/v2/clubs/onboarding/me/:clubId/resubmit")
      .middleware(Authenticated)
      .setPath(ClubPath)
      .addSuccess(Ok(ClubView))
      .annotate(OpenApi.Summary, "Resubmit a rejected (SUSPENDED) club (→ PENDING_APPROVAL, reason cleared); OWNER only")
  )
  .annotate(OpenApi.Title, "Club onboarding")
{}

export class AdminClubOnboardingGroup extends HttpApiGroup.make("adminClubOnboarding")
  .add(
    HttpApiEndpoint.get("clubOnboardingQueue", "/v2/admin/club-onboarding")
      .middleware(Authenticated)
      .setUrlParams(Query({ ...PageParams, status: Optional(OneOf("PENDING_APPROVAL", "ACTIVE", "SUSPENDED")) }))
      .addSuccess(Ok(PageOf(ClubView)))
      .annotate(OpenApi.Summary, "Clubs by onboarding status (default PENDING_APPROVAL; also ACTIVE, SUSPENDED), oldest first")
  )
  .add(
    HttpApiEndpoint.post("approveClub", "/v2/admin/club-onboarding/:clubId/approve")
      .middleware(Authenticated)
      .setPath(ClubPath)
      .addSuccess(Ok(ClubView))
      .annotate(OpenApi.Summary, "PENDING_APPROVAL → ACTIVE")
  )
  .add(
    HttpApiEndpoint.post("rejectClub", "/v2/admin/club-onboarding/:clubId/reject")
      .middleware(Authenticated)
      .setPath(ClubPath)
      .setPayload(Body({ reason: StrLength(10, 500) }))
      .addSuccess(Ok(ClubView))
      .annotate(OpenApi.Summary, "PENDING_APPROVAL → SUSPENDED with a reason (10-500) returned verbatim to the club")
  )
  .annotate(Requires, AdminPermission("clubs.review"))
  .annotate(OpenApi.Title, "Club onboarding (admin)")
{}
