/** Records of the payments context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"

export const WebhookEventStatuses = ["RECEIVED", "PROCESSED", "FAILED", "ACKNOWLEDGED", "CANCELLED"] as const
export type WebhookEventStatus = (typeof WebhookEventStatuses)[number]

/** One stored webhook delivery (payments.webhook_events). */
export const WebhookEvent = Schema.Struct({
  id: Schema.String,
  provider: Schema.String,
  /** The provider's event id (Razorpay: the `x-razorpay-event-id` header); unique per provider. */
  eventId: Schema.String,
  eventType: Schema.String,
  /** The parsed JSON body, as received. */
  payload: Schema.Unknown,
  /** Whether the signature was checked and matched (rows are only stored after a good signature). */
  signatureVerified: Schema.Boolean,
  status: Schema.Literal(...WebhookEventStatuses),
  /** Dispatch attempts (the first delivery and every replay). */
  attempts: Schema.Int,
  lastError: Schema.NullOr(Schema.String),
  /** Names of the processors that ran on the last successful dispatch. */
  processedBy: Schema.Array(Schema.String),
  replayCount: Schema.Int,
  /** Admin who acknowledged or cancelled the row. */
  resolvedBy: Schema.NullOr(Schema.String),
  receivedAt: Instant,
  lastAttemptAt: Schema.NullOr(Instant),
  processedAt: Schema.NullOr(Instant),
  resolvedAt: Schema.NullOr(Instant),
  updatedAt: Instant
})
export interface WebhookEvent extends Schema.Schema.Type<typeof WebhookEvent> {}

/**
 * A refund of money the platform took (payments.refunds). One per source: a cancellation processed
 * twice finds the refund it already requested.
 *   PENDING            requested; the refunds job sends it to the gateway (503: stays PENDING, retried)
 *   PROCESSING         the gateway accepted it (`gatewayRefundId`); the money is on its way
 *   REFUNDED           the gateway reports it processed
 *   FAILED             the gateway refused it (or the bank returned it); `lastError` says why
 *   CANCELLED          an admin cancelled it before any money moved (PENDING or FAILED)
 *   MANUALLY_REFUNDED  an admin paid it back outside the gateway (PENDING or FAILED), with a note
 */
export const RefundStatuses = ["PENDING", "PROCESSING", "REFUNDED", "FAILED", "CANCELLED", "MANUALLY_REFUNDED"] as const
export type RefundStatus = (typeof RefundStatuses)[number]
/** What a refund pays back: an event booking, a paid club-challenge join, a master-event order, a reward pool's unspent balance. */
export const RefundSources = ["booking", "challenge_participation", "master_event_order", "reward_pool"] as const
export type RefundSource = (typeof RefundSources)[number]

export const Refund = Schema.Struct({
  id: Schema.String,
  sourceKind: Schema.Literal(...RefundSources),
  sourceId: Schema.String,
  /** The user the money goes back to (null for a pool funded by an organizer or brand). */
  userId: Schema.NullOr(Schema.String),
  /** The event (bookings) or challenge (joins) the source belongs to; its organizer sees the refund. */
  eventId: Schema.NullOr(Schema.String),
  challengeId: Schema.NullOr(Schema.String),
  provider: Schema.String,
  /** The captured gateway payment refunded; null when none was recorded (only a manual refund can settle it). */
  gatewayPaymentId: Schema.NullOr(Schema.String),
  gatewayRefundId: Schema.NullOr(Schema.String),
  /** Minor units. */
  amount: Schema.Int,
  currency: Schema.String,
  status: Schema.Literal(...RefundStatuses),
  reason: Schema.String,
  /** Gateway attempts (a 503 is retried). */
  attempts: Schema.Int,
  lastError: Schema.NullOr(Schema.String),
  requestedBy: Schema.String,
  resolvedBy: Schema.NullOr(Schema.String),
  resolutionNote: Schema.NullOr(Schema.String),
  refundedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "Refund" })
export interface Refund extends Schema.Schema.Type<typeof Refund> {}

/**
 * A reward pool: the escrow of a challenge's cash prizes (the challenge's prize ledger account,
 * `platform/<challengeId>/challenge-prizes/INR`, which prize distributions pay from). One per
 * challenge; its id is the challenge's id. Funded by the challenge's creator (recorded by an admin
 * when the money arrives outside the gateway), reviewed by an admin, and its unspent balance
 * refunded to the funder when the pool closes.
 *   FUNDING   open: takes funds
 *   APPROVED  an admin checked the funding covers the prizes; still takes top-ups
 *   REJECTED  an admin refused it (funds not received, prizes not backed): refund it
 *   REFUNDED  closed: the unspent balance went back to the funder
 */
export const RewardPoolStatuses = ["FUNDING", "APPROVED", "REJECTED", "REFUNDED"] as const
export type RewardPoolStatus = (typeof RewardPoolStatuses)[number]

export const RewardPool = Schema.Struct({
  id: Schema.String,
  challengeId: Schema.String,
  /** Who funds it and gets the unspent balance back: the challenge's creator (`platform` for an admin's challenge). */
  funderType: Schema.Literal("organizer", "club", "brand", "platform"),
  funderId: Schema.String,
  currency: Schema.String,
  status: Schema.Literal(...RewardPoolStatuses),
  /** Minor units credited to the pool in total. */
  funded: Schema.Number,
  /** Minor units returned to the funder when it closed. */
  refunded: Schema.Number,
  reviewNote: Schema.NullOr(Schema.String),
  reviewedBy: Schema.NullOr(Schema.String),
  reviewedAt: Schema.NullOr(Instant),
  refundedAt: Schema.NullOr(Instant),
  createdAt: Instant,
  updatedAt: Instant
}).annotations({ identifier: "RewardPool" })
export interface RewardPool extends Schema.Schema.Type<typeof RewardPool> {}
