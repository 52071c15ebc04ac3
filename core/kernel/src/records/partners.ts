/**
 * Records of the partners context (A 4.6 "Official partners") whose stored shape is their wire
 * shape (see ../record.ts): an organizer or a club designated an official partner of the platform,
 * its tier and benefits drawn from the benefit definitions below, the uploaded logo images, and
 * the single athlete exclusive partner tab.
 */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { IntBetween, OneOf, says, StrLength, UuidStr } from "../validation.js"

export const PartnerSubjectType = OneOf("organizer", "club")
export type PartnerSubjectType = typeof PartnerSubjectType.Type

export const PartnerTier = OneOf("PLATINUM", "GOLD", "SILVER")
export type PartnerTier = typeof PartnerTier.Type

export const PartnerBenefit = OneOf(
  "PARTNER_BADGE",
  "HOMEPAGE_SPOTLIGHT",
  "ATHLETE_EXCLUSIVE_TAB",
  "FEATURED_EVENTS",
  "CO_BRANDED_CHALLENGES",
  "PRIORITY_SUPPORT"
)
export type PartnerBenefit = typeof PartnerBenefit.Type

/**
 * The benefit definitions (`GET /v2/admin/official-partners/benefit-definitions`). The spec names
 * the catalog but not its content; ours is kept as data: each tier lists the benefits it may hold
 * (a partnership holds a subset, all of them by default), higher tiers include the lower ones', and
 * only PLATINUM partners may be shown in the athlete exclusive tab.
 */
export const PartnerBenefitDefinitions: ReadonlyArray<{ readonly key: PartnerBenefit; readonly label: string; readonly description: string }> = [
  { key: "PARTNER_BADGE", label: "Official partner badge", description: "The official partner badge on the organizer's or club's public profile" },
  { key: "PRIORITY_SUPPORT", label: "Priority support", description: "Support requests answered ahead of the standard queue" },
  { key: "FEATURED_EVENTS", label: "Featured events", description: "Events and runs eligible for featured placement in discovery" },
  { key: "HOMEPAGE_SPOTLIGHT", label: "Homepage spotlight", description: "A rotating spotlight on the athlete home screen" },
  { key: "CO_BRANDED_CHALLENGES", label: "Co-branded challenges", description: "Platform challenges co-branded with the partner" },
  { key: "ATHLETE_EXCLUSIVE_TAB", label: "Athlete exclusive tab", description: "May be the partner of the athlete app's exclusive partner tab" }
]

export const PartnerTierDefinitions: ReadonlyArray<{ readonly tier: PartnerTier; readonly label: string; readonly rank: number; readonly benefits: ReadonlyArray<PartnerBenefit> }> = [
  { tier: "SILVER", label: "Silver partner", rank: 1, benefits: ["PARTNER_BADGE", "PRIORITY_SUPPORT"] },
  { tier: "GOLD", label: "Gold partner", rank: 2, benefits: ["PARTNER_BADGE", "PRIORITY_SUPPORT", "FEATURED_EVENTS", "HOMEPAGE_SPOTLIGHT"] },
  {
    tier: "PLATINUM",
    label: "Platinum partner",
    rank: 3,
    benefits: ["PARTNER_BADGE", "PRIORITY_SUPPORT", "FEATURED_EVENTS", "HOMEPAGE_SPOTLIGHT", "CO_BRANDED_CHALLENGES", "ATHLETE_EXCLUSIVE_TAB"]
  }
]

/** Where a partnership stands, derived from its validity window and removal (never stored). */
export const OfficialPartnerStatus = OneOf("SCHEDULED", "ACTIVE", "EXPIRED", "REMOVED")
export type OfficialPartnerStatus = typeof OfficialPartnerStatus.Type

/** A website address shown on the partner's card. */
export const PartnerWebsite = Schema.String.pipe(
  Schema.filter((s) => s.length <= 500 && /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(s)),
  Schema.annotations(says("must be a URL address")),
  Schema.annotations({ jsonSchema: { type: "string", format: "uri", maxLength: 500 } })
)

/** One designation of an organizer or a club as an official partner (removed ones are kept for history). */
export const OfficialPartner = Schema.Struct({
  id: UuidStr,
  subjectType: PartnerSubjectType,
  subjectId: UuidStr,
  tier: PartnerTier,
  benefits: Schema.Array(PartnerBenefit),
  displayName: StrLength(2, 120),
  tagline: Schema.NullOr(StrLength(1, 160)),
  description: Schema.NullOr(StrLength(1, 2000)),
  websiteUrl: Schema.NullOr(PartnerWebsite),
  /** Lower shows first in partner lists. */
  displayOrder: IntBetween(0, 10000),
  logoImageId: Schema.NullOr(UuidStr),
  logoKey: Schema.NullOr(Schema.String),
  logoContentType: Schema.NullOr(Schema.String),
  validFrom: Instant,
  /** Null: open-ended. */
  validUntil: Schema.NullOr(Instant),
  removedAt: Schema.NullOr(Instant),
  removedBy: Schema.NullOr(Schema.String),
  removalReason: Schema.NullOr(Schema.String),
  createdBy: Schema.String,
  updatedBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "OfficialPartner" })
export interface OfficialPartner extends Schema.Schema.Type<typeof OfficialPartner> {}

/** An uploaded partner logo (`POST /v2/admin/official-partners/logo-images`), referenced by partnerships. */
export const PartnerLogoImage = Schema.Struct({
  id: UuidStr,
  key: Schema.String,
  contentType: Schema.String,
  fileName: Schema.String,
  size: Schema.Int,
  uploadedBy: Schema.String,
  createdAt: Instant
}).annotations({ identifier: "PartnerLogoImage" })
export interface PartnerLogoImage extends Schema.Schema.Type<typeof PartnerLogoImage> {}

/** The single athlete exclusive partner tab; `version` grows by one on every change. */
export const PartnerExclusiveTab = Schema.Struct({
  enabled: Schema.Boolean,
  partnerId: Schema.NullOr(UuidStr),
  title: Schema.NullOr(StrLength(1, 40)),
  subtitle: Schema.NullOr(StrLength(1, 120)),
  version: Schema.Int,
  updatedBy: Schema.NullOr(Schema.String),
  updatedAt: Instant
}).annotations({ identifier: "PartnerExclusiveTab" })
export interface PartnerExclusiveTab extends Schema.Schema.Type<typeof PartnerExclusiveTab> {}
