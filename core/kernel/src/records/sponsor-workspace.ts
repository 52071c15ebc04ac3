/** Records of the sponsor workspace (C "Inventory", "Reward grants"; B "Sponsor RC grants", "Campaigns", "Cohorts") whose stored shape is their wire shape. */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { IntBetween, OneOf, StrLength, UuidStr } from "../validation.js"

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
