/**
 * Records of sponsorship (B "Sponsors / Deals", "Sponsor accounts" contracts and attachments): a
 * brand's deal proposal, the contract it becomes, the attachment of the brand to its target while
 * the contract is ACTIVE, that attachment's history and the goodie it awards automatically. Money
 * is in minor units (paise); sponsorship is INR only, like every other payment on the platform.
 */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { OneOf, StrLength, UuidStr } from "../validation.js"

/** What a brand sponsors. */
export const SponsorshipTargetType = OneOf("event", "challenge", "club")
export type SponsorshipTargetType = typeof SponsorshipTargetType.Type

/** A deal's status (A section 3; the reject target is not named there, ours is REJECTED). */
export const SponsorshipDealStatus = OneOf("PROPOSED", "UNDER_REVIEW", "COUNTERED", "CONTRACT_PENDING", "CONTRACT_UPLOADED", "ACTIVE", "REJECTED")
export type SponsorshipDealStatus = typeof SponsorshipDealStatus.Type

/** A club's own answer on a deal that targets it (null for event and challenge deals). */
export const ClubSponsorshipDecision = OneOf("PENDING", "ACCEPTED", "DECLINED")
export type ClubSponsorshipDecision = typeof ClubSponsorshipDecision.Type

export const SponsorshipDeal = Schema.Struct({
  id: UuidStr,
  brandId: UuidStr,
  targetType: SponsorshipTargetType,
  targetId: UuidStr,
  /** The amount the brand offers, paise. */
  amount: Schema.Number,
  currency: Schema.Literal("INR"),
  terms: Schema.String,
  status: SponsorshipDealStatus,
  /** The platform's counter offer (COUNTERED), paise. */
  counterAmount: Schema.NullOr(Schema.Number),
  /** The counter's notes, returned verbatim to the brand. */
  counterNotes: Schema.NullOr(Schema.String),
  /** Why the deal was rejected (by an admin) or declined (by the club), returned verbatim. */
  rejectionReason: Schema.NullOr(Schema.String),
  clubDecision: Schema.NullOr(ClubSponsorshipDecision),
  /** The signed contract document in the blob store (CONTRACT_UPLOADED onwards). */
  contractDocumentKey: Schema.NullOr(Schema.String),
  /** The contract the activation created. */
  contractId: Schema.NullOr(UuidStr),
  proposedBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "SponsorshipDeal" })
export interface SponsorshipDeal extends Schema.Schema.Type<typeof SponsorshipDeal> {}

/** A contract's status: DRAFT until activated, then ACTIVE until ended (ENDED) or cancelled (CANCELLED). */
export const SponsorContractStatus = OneOf("DRAFT", "ACTIVE", "ENDED", "CANCELLED")
export type SponsorContractStatus = typeof SponsorContractStatus.Type

export const SponsorContract = Schema.Struct({
  id: UuidStr,
  brandId: UuidStr,
  /** The deal it came from; null for a contract an admin created directly. */
  dealId: Schema.NullOr(UuidStr),
  targetType: SponsorshipTargetType,
  targetId: UuidStr,
  title: StrLength(3, 200),
  amount: Schema.Number,
  currency: Schema.Literal("INR"),
  status: SponsorContractStatus,
  statusReason: Schema.NullOr(Schema.String),
  activatedAt: Schema.NullOr(Instant),
  closedAt: Schema.NullOr(Instant),
  createdBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "SponsorContract" })
export interface SponsorContract extends Schema.Schema.Type<typeof SponsorContract> {}

/** An attachment lives as long as its contract: ACTIVE, then ENDED or CANCELLED with it. */
export const SponsorAttachmentStatus = OneOf("ACTIVE", "ENDED", "CANCELLED")
export type SponsorAttachmentStatus = typeof SponsorAttachmentStatus.Type

export const SponsorAttachment = Schema.Struct({
  id: UuidStr,
  contractId: UuidStr,
  brandId: UuidStr,
  targetType: SponsorshipTargetType,
  targetId: UuidStr,
  status: SponsorAttachmentStatus,
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "SponsorAttachment" })
export interface SponsorAttachment extends Schema.Schema.Type<typeof SponsorAttachment> {}

/** One status change of an attachment (the first row has `fromStatus` null). */
export const SponsorAttachmentHistoryEntry = Schema.Struct({
  id: UuidStr,
  attachmentId: UuidStr,
  fromStatus: Schema.NullOr(SponsorAttachmentStatus),
  toStatus: SponsorAttachmentStatus,
  reason: Schema.NullOr(Schema.String),
  actor: Schema.String,
  at: Instant
}).annotations({ identifier: "SponsorAttachmentHistoryEntry" })
export interface SponsorAttachmentHistoryEntry extends Schema.Schema.Type<typeof SponsorAttachmentHistoryEntry> {}

/** Who receives the attached brand's goodie automatically. */
export const GoodieAudience = OneOf("FINISHERS", "TOP_N", "ALL_PARTICIPANTS")
export type GoodieAudience = typeof GoodieAudience.Type

/** What goodie an attached brand gives automatically, per attachment (disabled until configured). */
export const GoodieAutoAwardConfig = Schema.Struct({
  sponsorAttachmentId: UuidStr,
  enabled: Schema.Boolean,
  goodieName: Schema.NullOr(StrLength(2, 120)),
  audience: Schema.NullOr(GoodieAudience),
  /** How many of the top finishers (TOP_N only). */
  topN: Schema.NullOr(Schema.Number),
  quantityPerAthlete: Schema.Number,
  updatedBy: Schema.NullOr(Schema.String),
  updatedAt: Schema.NullOr(Instant)
}).annotations({ identifier: "GoodieAutoAwardConfig" })
export interface GoodieAutoAwardConfig extends Schema.Schema.Type<typeof GoodieAutoAwardConfig> {}
