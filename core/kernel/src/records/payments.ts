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
