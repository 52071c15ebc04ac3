/** Sponsor campaigns, cohorts and the audience estimate (Postgres adapters in @podium/postgres, memory twins in testing). */
import type { MoveRefused, SponsorCampaign, SponsorCampaignStatus, SponsorCohort, SponsorCohortDefinition, SponsorReviewStatus } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { SponsorCampaignMove, SponsorCampaignNotFound, SponsorCohortMove, SponsorCohortNotFound } from "./campaign.model.js"
import type { Paged, PageWindow as Window } from "../platform/paged.js"

/** What a decision writes besides the status. */
export interface Review {
  readonly reviewedBy?: string | undefined
  readonly rejectionReason?: string | undefined
}

export class SponsorCampaignRepo extends Context.Tag("@podium/core/sponsors/SponsorCampaignRepo")<SponsorCampaignRepo, {
  readonly create: (input: Omit<SponsorCampaign, "id" | "status" | "rejectionReason" | "reviewedBy" | "reviewedAt" | "createdAt" | "updatedAt" | "currency">) => Effect.Effect<SponsorCampaign>
  readonly findById: (id: string) => Effect.Effect<Option.Option<SponsorCampaign>>
  /** A brand's campaigns newest first, or the admin queue by status oldest first. */
  readonly list: (filter: { readonly brandId?: string | undefined; readonly status?: SponsorCampaignStatus | undefined; readonly oldestFirst: boolean } & Window) => Effect.Effect<Paged<SponsorCampaign>>
  /** The move as one conditional update; a review stamps reviewedBy/reviewedAt. */
  readonly move: (id: string, move: SponsorCampaignMove, review: Review) => Effect.Effect<SponsorCampaign, SponsorCampaignNotFound | MoveRefused>
  /** Moves every SCHEDULED campaign whose startDate is at or before `at` to LIVE, in one conditional update; answers those moved. */
  readonly startDue: (at: Date) => Effect.Effect<ReadonlyArray<SponsorCampaign>>
}>() {}

export class SponsorCohortRepo extends Context.Tag("@podium/core/sponsors/SponsorCohortRepo")<SponsorCohortRepo, {
  readonly create: (input: { readonly brandId: string; readonly name: string; readonly definition: SponsorCohortDefinition; readonly estimatedSize: number; readonly createdBy: string }) => Effect.Effect<SponsorCohort>
  readonly findById: (id: string) => Effect.Effect<Option.Option<SponsorCohort>>
  readonly list: (filter: { readonly brandId?: string | undefined; readonly status?: SponsorReviewStatus | undefined; readonly oldestFirst: boolean } & Window) => Effect.Effect<Paged<SponsorCohort>>
  /** The move as one conditional update; a submission carries the fresh estimate. */
  readonly move: (id: string, move: SponsorCohortMove, review: Review & { readonly estimatedSize?: number | undefined }) => Effect.Effect<SponsorCohort, SponsorCohortNotFound | MoveRefused>
}>() {}
