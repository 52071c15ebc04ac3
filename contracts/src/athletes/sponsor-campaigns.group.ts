/**
 * Sponsor campaigns and audience cohorts. Admins with `sponsors.review` (B "Campaigns", "Cohorts")
 * list them (default PENDING_APPROVAL; `?status`, `?page`, `?limit`, oldest first), approve (a
 * campaign → LIVE when its startDate has come, else SCHEDULED; a cohort → APPROVED) or reject with
 * a 10-500 character reason returned verbatim to the brand. The spec shows only this review, so
 * the brand side is added to the workspace (`BrandAccountHolders`): draft, list and submit.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Body,
  DateTimeText,
  IntBetween,
  Optional,
  Query,
  SponsorCampaign,
  SponsorCampaignObjective,
  SponsorCampaignStatus,
  SponsorCohort,
  SponsorCohortDefinition,
  SponsorReviewStatus,
  StrLength,
  UuidStr
} from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, BrandAccountHolders, op, PageOf, PageParams, Requires } from "../common/index.js"

const BrandPath = Schema.Struct({ brandId: Schema.String })
const brand = "/v2/sponsor/brands/:brandId"
const Reason = Body({ reason: StrLength(10, 500) })

export class SponsorCampaignsGroup extends HttpApiGroup.make("sponsorCampaigns")
  .add(op.get("listSponsorCampaigns", `${brand}/campaigns`, { path: BrandPath, query: Query(PageParams), ok: PageOf(SponsorCampaign), summary: "The brand's campaigns, newest first, with the admins' decisions (a rejection's reason verbatim)" }))
  .add(op.post("createSponsorCampaign", `${brand}/campaigns`, { path: BrandPath, body: Body({ name: StrLength(3, 120), objective: SponsorCampaignObjective, budgetMinor: IntBetween(100, 100_000_000_000), startDate: DateTimeText, endDate: DateTimeText, cohortId: Optional(UuidStr) }), ok: SponsorCampaign, status: 201, summary: "Draft a campaign `{name, objective, budgetMinor (paise), startDate, endDate, cohortId?}` (DRAFT)" }).annotate(OpenApi.Description, "400 when endDate is not after startDate; 404 SPONSOR_COHORT_NOT_FOUND when cohortId is not one of the brand's cohorts."))
  .add(op.post("submitSponsorCampaign", `${brand}/campaigns/:campaignId/submit`, { path: Schema.Struct({ brandId: Schema.String, campaignId: Schema.String }), ok: SponsorCampaign, summary: "Send a draft or rejected campaign for review (→ PENDING_APPROVAL)" }).annotate(OpenApi.Description, "400 when its endDate has passed; 409 SPONSOR_CAMPAIGN_MOVE_REFUSED from any other status."))
  .add(op.get("listSponsorCohorts", `${brand}/cohorts`, { path: BrandPath, query: Query(PageParams), ok: PageOf(SponsorCohort), summary: "The brand's audience cohorts, newest first" }))
  .add(op.post("createSponsorCohort", `${brand}/cohorts`, { path: BrandPath, body: Body({ name: StrLength(3, 120), definition: SponsorCohortDefinition }), ok: SponsorCohort, status: 201, summary: "Draft a cohort `{name, definition: {sports?, activeWithinDays, minActivities}}` with its estimated size counted from athletes' activities" }))
  .add(op.post("submitSponsorCohort", `${brand}/cohorts/:cohortId/submit`, { path: Schema.Struct({ brandId: Schema.String, cohortId: Schema.String }), ok: SponsorCohort, summary: "Send a draft or rejected cohort for review (→ PENDING_APPROVAL) with a fresh estimate" }).annotate(OpenApi.Description, "409 SPONSOR_COHORT_MOVE_REFUSED from any other status."))
  .middleware(BrandAccountHolders)
  .annotate(OpenApi.Title, "Sponsor: campaigns and cohorts")
{}

export class AdminSponsorCampaignsGroup extends HttpApiGroup.make("adminSponsorCampaigns")
  .add(op.get("sponsorCampaignQueue", "/v2/admin/sponsor-campaigns", { query: Query({ ...PageParams, status: Optional(SponsorCampaignStatus) }), ok: PageOf(SponsorCampaign), summary: "Sponsor campaigns by status (default PENDING_APPROVAL), oldest first" }))
  .add(op.post("approveSponsorCampaign", "/v2/admin/sponsor-campaigns/:campaignId/approve", { path: Schema.Struct({ campaignId: Schema.String }), ok: SponsorCampaign, summary: "PENDING_APPROVAL → LIVE when startDate ≤ now, else SCHEDULED" }).annotate(OpenApi.Description, "409 SPONSOR_CAMPAIGN_MOVE_REFUSED from any other status; of two concurrent decisions one wins."))
  .add(op.post("rejectSponsorCampaign", "/v2/admin/sponsor-campaigns/:campaignId/reject", { path: Schema.Struct({ campaignId: Schema.String }), body: Reason, ok: SponsorCampaign, summary: "PENDING_APPROVAL → REJECTED with a 10-500 character reason returned verbatim to the brand" }))
  .add(op.get("sponsorCohortQueue", "/v2/admin/sponsor-cohorts", { query: Query({ ...PageParams, status: Optional(SponsorReviewStatus) }), ok: PageOf(SponsorCohort), summary: "Sponsor cohorts by status (default PENDING_APPROVAL), oldest first" }))
  .add(op.post("approveSponsorCohort", "/v2/admin/sponsor-cohorts/:cohortId/approve", { path: Schema.Struct({ cohortId: Schema.String }), ok: SponsorCohort, summary: "PENDING_APPROVAL → APPROVED" }).annotate(OpenApi.Description, "409 SPONSOR_COHORT_MOVE_REFUSED from any other status."))
  .add(op.post("rejectSponsorCohort", "/v2/admin/sponsor-cohorts/:cohortId/reject", { path: Schema.Struct({ cohortId: Schema.String }), body: Reason, ok: SponsorCohort, summary: "PENDING_APPROVAL → REJECTED with a 10-500 character reason returned verbatim to the brand" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("sponsors.review"))
  .annotate(OpenApi.Title, "Admin: sponsor campaigns and cohorts")
{}
