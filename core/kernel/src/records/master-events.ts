/**
 * Records of master events (C "Master events (athlete)", B "Master events"): the umbrella of a
 * recurring event over its editions, the athletes who join it, the orders of paid joins and the
 * reward grants of its final standings; stored shape = wire shape.
 */
import { Schema } from "effect"
import { Instant } from "../record.js"
import { IntBetween, OneOf, UuidStr } from "../validation.js"

/**
 * States of a master event (states.tsv "Master event": admin moderates publication). Published:
 * public, joins open. Hidden: taken down by an admin (404 to the public, joins refused). Closed:
 * the series' standings are final (no joins or leaves) and its reward grants are issued.
 */
export const MasterEventStatuses = ["published", "hidden", "closed"] as const
export const MasterEventStatus = OneOf(...MasterEventStatuses)
export type MasterEventStatus = typeof MasterEventStatus.Type

/** The umbrella of one event series; `eventId` is the series' event. `entryFee` in minor units (0 = free). */
export const MasterEvent = Schema.Struct({
  eventId: UuidStr,
  status: MasterEventStatus,
  entryFee: IntBetween(0, 100_000_000),
  currency: OneOf("INR"),
  /** Athletes whose membership is joined (paid or free). */
  memberCount: Schema.Int,
  /** The admin's reason of the last status change, verbatim. */
  statusReason: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "MasterEvent" })
export interface MasterEvent extends Schema.Schema.Type<typeof MasterEvent> {}

/** States of a membership (states.tsv "Master event membership": not joined / joined; join / leave). */
export const MasterMemberStatus = OneOf("pending_payment", "joined", "left")
export type MasterMemberStatus = typeof MasterMemberStatus.Type

export const MasterMember = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  userId: UuidStr,
  status: MasterMemberStatus,
  amount: Schema.Int,
  currency: Schema.String,
  /** The order that paid the membership (null for a free join). */
  orderId: Schema.NullOr(UuidStr),
  joinedAt: Schema.NullOr(Instant),
  leftAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "MasterMember" })
export interface MasterMember extends Schema.Schema.Type<typeof MasterMember> {}

export const MasterOrderStatus = OneOf("created", "paid")
export type MasterOrderStatus = typeof MasterOrderStatus.Type

/**
 * The order of one paid join: created with a gateway order, paid once the payment is captured
 * (verify or webhook). Settlement and refund are reconciled by admins against the gateway's books,
 * each once.
 */
export const MasterOrder = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  memberId: UuidStr,
  userId: UuidStr,
  amount: Schema.Int,
  currency: Schema.String,
  provider: Schema.String,
  gatewayOrderId: Schema.String,
  status: MasterOrderStatus,
  paymentId: Schema.NullOr(Schema.String),
  paidAt: Schema.NullOr(Instant),
  settledAt: Schema.NullOr(Instant),
  settledBy: Schema.NullOr(Schema.String),
  refundedAt: Schema.NullOr(Instant),
  refundedBy: Schema.NullOr(Schema.String),
  refundReference: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "MasterOrder" })
export interface MasterOrder extends Schema.Schema.Type<typeof MasterOrder> {}

/**
 * States of a reward grant: issued pending when the series closes; an admin grants it (RC credited
 * through the ledger) or revokes it (a granted RC reward is taken back through the ledger).
 */
export const MasterRewardStatus = OneOf("pending", "granted", "revoked")
export type MasterRewardStatus = typeof MasterRewardStatus.Type

export const MasterRewardKind = OneOf("rc", "badge")
export type MasterRewardKind = typeof MasterRewardKind.Type

export const MasterRewardGrant = Schema.Struct({
  id: UuidStr,
  eventId: UuidStr,
  userId: UuidStr,
  kind: MasterRewardKind,
  /** RC coins for `rc`; 0 for a badge. */
  amount: Schema.Int,
  /** The badge's code for `badge` (`master-finisher`, `master-podium`); null for RC. */
  badgeCode: Schema.NullOr(Schema.String),
  /** The member's final place in the series' standings. */
  place: Schema.Int,
  status: MasterRewardStatus,
  statusReason: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "MasterRewardGrant" })
export interface MasterRewardGrant extends Schema.Schema.Type<typeof MasterRewardGrant> {}
