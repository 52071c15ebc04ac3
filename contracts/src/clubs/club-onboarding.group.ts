/**
 * Club onboarding (A section 3; C "Club onboarding"; B "Club onboarding"): the OWNER submits a
 * DRAFT club (→ PENDING_APPROVAL); admins approve (→ ACTIVE) or reject with a 10-500 character
 * reason returned verbatim (→ SUSPENDED); the OWNER resubmits a rejected club (→ PENDING_APPROVAL,
 * reason cleared). A move from any other state answers 409 CLUB_ONBOARDING_MOVE_REFUSED.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, OneOf, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, PageOf, PageParams, Requires } from "../common/index.js"
import { ClubView } from "./club.dto.js"

const ClubPath = Schema.Struct({ clubId: Schema.String })

export class ClubOnboardingGroup extends HttpApiGroup.make("clubOnboarding")
  .add(op.get("myClubOnboarding", "/v2/clubs/onboarding/me", { ok: Schema.Array(ClubView), summary: "The caller's clubs (as OWNER or ADMIN) with their onboarding status and rejection reason" }).middleware(Authenticated))
  .add(op.post("submitClub", "/v2/clubs/onboarding/me/:clubId/submit", { path: ClubPath, ok: ClubView, summary: "Submit a DRAFT club for admin review (→ PENDING_APPROVAL); OWNER only" }).middleware(Authenticated))
  .add(op.post("resubmitClub", "/v2/clubs/onboarding/me/:clubId/resubmit", { path: ClubPath, ok: ClubView, summary: "Resubmit a rejected (SUSPENDED) club (→ PENDING_APPROVAL, reason cleared); OWNER only" }).middleware(Authenticated))
  .annotate(OpenApi.Title, "Club onboarding")
{}

export class AdminClubOnboardingGroup extends HttpApiGroup.make("adminClubOnboarding")
  .add(op.get("clubOnboardingQueue", "/v2/admin/club-onboarding", { query: Query({ ...PageParams, status: Optional(OneOf("PENDING_APPROVAL", "ACTIVE", "SUSPENDED")) }), ok: PageOf(ClubView), summary: "Clubs by onboarding status (default PENDING_APPROVAL; also ACTIVE, SUSPENDED), oldest first" }).middleware(Authenticated))
  .add(op.post("approveClub", "/v2/admin/club-onboarding/:clubId/approve", { path: ClubPath, ok: ClubView, summary: "PENDING_APPROVAL → ACTIVE" }).middleware(Authenticated))
  .add(op.post("rejectClub", "/v2/admin/club-onboarding/:clubId/reject", { path: ClubPath, body: Body({ reason: StrLength(10, 500) }), ok: ClubView, summary: "PENDING_APPROVAL → SUSPENDED with a reason (10-500) returned verbatim to the club" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("clubs.review"))
  .annotate(OpenApi.Title, "Club onboarding (admin)")
{}
