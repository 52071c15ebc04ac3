/**
 * Sponsor campaigns and audience cohorts (B "Campaigns", "Cohorts"). A brand drafts either, then
 * submits it for review (DRAFT or REJECTED → PENDING_APPROVAL, so a rejected one may be fixed and
 * sent again). Admins approve a campaign into LIVE when its startDate has come, else SCHEDULED, and
 * a cohort into APPROVED; or reject either with a 10-500 character reason the brand reads verbatim.
 * Every decision is one conditional update: of two concurrent decisions one wins, the other is 409.
 */
import { defineMoves, DomainError, type SponsorCampaignStatus, type SponsorReviewStatus } from "@podium/kernel"
import { Schema } from "effect"

export const SponsorCampaignMoves = defineMoves<SponsorCampaignStatus>()({ machine: "sponsor campaign", code: "SPONSOR_CAMPAIGN_MOVE_REFUSED" }, {
  submit: { from: ["DRAFT", "REJECTED"], to: "PENDING_APPROVAL" },
  goLive: { from: ["PENDING_APPROVAL"], to: "LIVE" },
  schedule: { from: ["PENDING_APPROVAL"], to: "SCHEDULED" },
  reject: { from: ["PENDING_APPROVAL"], to: "REJECTED" },
  /** The scheduler's move: a SCHEDULED campaign whose startDate has come goes LIVE. */
  start: { from: ["SCHEDULED"], to: "LIVE" }
})
export type SponsorCampaignMove = keyof typeof SponsorCampaignMoves.table

export const SponsorCohortMoves = defineMoves<SponsorReviewStatus>()({ machine: "sponsor cohort", code: "SPONSOR_COHORT_MOVE_REFUSED" }, {
  submit: { from: ["DRAFT", "REJECTED"], to: "PENDING_APPROVAL" },
  approve: { from: ["PENDING_APPROVAL"], to: "APPROVED" },
  reject: { from: ["PENDING_APPROVAL"], to: "REJECTED" }
})
export type SponsorCohortMove = keyof typeof SponsorCohortMoves.table

export class SponsorCampaignNotFound extends DomainError<SponsorCampaignNotFound>()("SponsorCampaignNotFound", { kind: "not-found", code: "SPONSOR_CAMPAIGN_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Campaign not found"
  }
}

export class SponsorCohortNotFound extends DomainError<SponsorCohortNotFound>()("SponsorCohortNotFound", { kind: "not-found", code: "SPONSOR_COHORT_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Cohort not found"
  }
}
