/** Records of the sponsor workspace (C "Inventory", "Reward grants"; B "Sponsor RC grants", "Campaigns", "Cohorts") whose stored shape is their wire shape. */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { IntBetween, OneOf, says, StrLength, UuidStr } from "../validation.js"

/** A brand's stock of one goodie (t-shirts, bottles, vouchers): never below zero. */
export const SponsorInventoryItem = Schema.Struct({
  id: UuidStr,
  brandId: UuidStr,
  name: StrLength(1, 120),
  stock: IntBetween(0, 1_000_000_000),
  /** At or below this stock the item is low; crossing it downwards emits a low-stock audit alert. */
  lowStockThreshold: IntBetween(0, 1_000_000),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "SponsorInventoryItem" })
export interface SponsorInventoryItem extends Schema.Schema.Type<typeof SponsorInventoryItem> {}

/** One change of an item's stock, with the stock it left. */
export const SponsorInventoryMovement = Schema.Struct({
  id: UuidStr,
  itemId: UuidStr,
  brandId: UuidStr,
  delta: Schema.Number,
  stockAfter: Schema.Number,
  reason: Schema.NullOr(Schema.String),
  /** Whether this movement took the stock from above the threshold to at or below it. */
  lowStockAlert: Schema.Boolean,
  actorId: Schema.String,
  createdAt: Instant
}).annotations({ identifier: "SponsorInventoryMovement" })
export interface SponsorInventoryMovement extends Schema.Schema.Type<typeof SponsorInventoryMovement> {}

/** RC coins a brand paid an athlete from its RC wallet. */
export const SponsorRewardGrant = Schema.Struct({
  id: UuidStr,
  brandId: UuidStr,
  athleteId: UuidStr,
  amountRc: IntBetween(1, 100_000),
  reason: StrLength(3, 500),
  /** The brand's own key of this grant: a retried grant with the same key lands once. */
  sequenceKey: StrLength(1, 120),
  /** The ledger transfer that paid it (null only inside the granting transaction). */
  ledgerTransferId: Schema.NullOr(Schema.String),
  grantedBy: Schema.String,
  createdAt: Instant
}).annotations({ identifier: "SponsorRewardGrant" })
export interface SponsorRewardGrant extends Schema.Schema.Type<typeof SponsorRewardGrant> {}

export const SponsorRcGrantStatus = OneOf("REQUESTED", "APPROVED", "REJECTED")
export type SponsorRcGrantStatus = typeof SponsorRcGrantStatus.Type

/** A brand's request for RC coins, decided by admins; an approval credits the brand's RC wallet. */
export const SponsorRcGrant = Schema.Struct({
  id: UuidStr,
  brandId: UuidStr,
  requestedRc: IntBetween(1, 10_000_000),
  reason: StrLength(10, 500),
  status: SponsorRcGrantStatus,
  approvedRc: Schema.NullOr(Schema.Number),
  rejectionReason: Schema.NullOr(Schema.String),
  reviewedBy: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Instant),
  ledgerTransferId: Schema.NullOr(Schema.String),
  requestedBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "SponsorRcGrant" })
export interface SponsorRcGrant extends Schema.Schema.Type<typeof SponsorRcGrant> {}

/**
 * An audience a brand targets, as filters over what the platform knows of athletes: the sports
 * they log activities in, how recently and how often. Athletes' city and birth date are not held
 * by the platform (sign-up asks a phone or e-mail and a name), so city and age-band filters would
 * count nobody; they are left out rather than answered with a guess.
 */
export const SponsorCohortDefinition = Schema.Struct({
  /** Any of these sports (all sports when absent). */
  sports: Schema.optionalWith(Schema.Array(Schema.Literal("run", "walk", "hike", "ride", "swim", "other")).pipe(Schema.minItems(1), Schema.maxItems(6)).annotations(says("must contain between 1 and 6 of: run, walk, hike, ride, swim, other")), { exact: true }),
  /** Counted over activities started in the last this-many days. */
  activeWithinDays: IntBetween(1, 365),
  /** At least this many activities in that window. */
  minActivities: IntBetween(1, 1000)
}).annotations({ identifier: "SponsorCohortDefinition" })
export interface SponsorCohortDefinition extends Schema.Schema.Type<typeof SponsorCohortDefinition> {}

export const SponsorReviewStatus = OneOf("DRAFT", "PENDING_APPROVAL", "APPROVED", "REJECTED")
export type SponsorReviewStatus = typeof SponsorReviewStatus.Type

export const SponsorCohort = Schema.Struct({
  id: UuidStr,
  brandId: UuidStr,
  name: StrLength(3, 120),
  definition: SponsorCohortDefinition,
  /** Athletes matching the definition when last estimated (at creation and at submission). */
  estimatedSize: Schema.Number,
  estimatedAt: Instant,
  status: SponsorReviewStatus,
  /** The admin's rejection reason, verbatim. */
  rejectionReason: Schema.NullOr(Schema.String),
  reviewedBy: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Instant),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "SponsorCohort" })
export interface SponsorCohort extends Schema.Schema.Type<typeof SponsorCohort> {}

export const SponsorCampaignStatus = OneOf("DRAFT", "PENDING_APPROVAL", "SCHEDULED", "LIVE", "REJECTED")
export type SponsorCampaignStatus = typeof SponsorCampaignStatus.Type

export const SponsorCampaignObjective = OneOf("AWARENESS", "ENGAGEMENT", "PARTICIPATION", "SALES")

export const SponsorCampaign = Schema.Struct({
  id: UuidStr,
  brandId: UuidStr,
  name: StrLength(3, 120),
  objective: SponsorCampaignObjective,
  /** The budget in paise (INR minor units). */
  budgetMinor: IntBetween(100, 100_000_000_000),
  currency: Schema.Literal("INR"),
  startDate: Instant,
  endDate: Instant,
  /** The brand's target cohort (null: no audience restriction). */
  cohortId: Schema.NullOr(UuidStr),
  status: SponsorCampaignStatus,
  rejectionReason: Schema.NullOr(Schema.String),
  reviewedBy: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Instant),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "SponsorCampaign" })
export interface SponsorCampaign extends Schema.Schema.Type<typeof SponsorCampaign> {}
