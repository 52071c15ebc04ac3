/** Records of the sponsors context (B "Sponsor accounts") whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { OneOf, StrLength, UuidStr } from "../validation.js"

/** A brand's standing with the platform: created PENDING by an operator, then approved, rejected or suspended by admins. */
export const SponsorBrandStatus = OneOf("PENDING", "APPROVED", "REJECTED", "SUSPENDED")
export type SponsorBrandStatus = typeof SponsorBrandStatus.Type

/** A sponsoring brand: it creates brand challenges (once APPROVED) through the users holding its accounts. */
export const SponsorBrand = Schema.Struct({
  id: UuidStr,
  name: StrLength(2, 120),
  status: SponsorBrandStatus,
  /** When the brand was last approved (kept through a later suspension). */
  approvedAt: Schema.NullOr(Instant),
  /** The admin's reason on the last approval decision. */
  reason: Schema.NullOr(Schema.String),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "SponsorBrand" })
export interface SponsorBrand extends Schema.Schema.Type<typeof SponsorBrand> {}

export const SponsorAccountRole = OneOf("OWNER", "MEMBER")
export type SponsorAccountRole = typeof SponsorAccountRole.Type
export const SponsorAccountStatus = OneOf("ACTIVE", "SUSPENDED")
export type SponsorAccountStatus = typeof SponsorAccountStatus.Type

/** A user who acts for a brand (one account per brand and user). */
export const SponsorAccount = Schema.Struct({
  id: UuidStr,
  brandId: UuidStr,
  userId: Schema.String,
  role: SponsorAccountRole,
  status: SponsorAccountStatus,
  /** The admin's reason on the last status change. */
  statusReason: Schema.NullOr(Schema.String),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "SponsorAccount" })
export interface SponsorAccount extends Schema.Schema.Type<typeof SponsorAccount> {}

/** A club's entry in an approved brand challenge (its members then take part as athletes). */
export const ClubBrandChallengeEntryStatus = OneOf("JOINED", "WITHDRAWN")
export type ClubBrandChallengeEntryStatus = typeof ClubBrandChallengeEntryStatus.Type

export const ClubBrandChallengeEntry = Schema.Struct({
  id: UuidStr,
  clubId: Schema.String,
  challengeId: UuidStr,
  status: ClubBrandChallengeEntryStatus,
  joinedBy: Schema.String,
  joinedAt: Instant,
  withdrawnAt: Schema.NullOr(Instant),
  updatedAt: Instant
}).annotations({ identifier: "ClubBrandChallengeEntry" })
export interface ClubBrandChallengeEntry extends Schema.Schema.Type<typeof ClubBrandChallengeEntry> {}
export * from "./sponsorship.js"
