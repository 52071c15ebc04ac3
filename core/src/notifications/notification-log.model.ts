/**
 * Notification logs: one row per delivery attempt outcome (SENT, FAILED, SKIPPED). Rows are never
 * edited; an operator's resend of a FAILED row queues a new message whose attempt writes a NEW row
 * (same step, channel, recipient and variables, `resendOf` pointing at the original). PUSH resends
 * are refused: device tokens rotate, and a stale push is worse than none.
 */
import { type DateTime, Schema } from "effect"
import type { Channel } from "./channels.port.js"
import type { OutboxId, Variables } from "./outbox.model.js"

export const NotificationLogStatus = Schema.Literal("SENT", "FAILED", "SKIPPED")
export type NotificationLogStatus = typeof NotificationLogStatus.Type

export interface NotificationLog {
  readonly id: string
  readonly outboxId: OutboxId
  /** The outbox attempt this row records (1-based). */
  readonly attempt: number
  readonly status: NotificationLogStatus
  readonly channel: Channel
  readonly recipient: string
  readonly userId: string | null
  readonly step: string | null
  readonly templateKey: string | null
  readonly variables: Variables
  readonly category: string | null
  readonly provider: string | null
  readonly providerMessageId: string | null
  /** Failure message, or the reason a SKIPPED row was not sent. */
  readonly error: string | null
  readonly resendOf: string | null
  readonly createdAt: DateTime.Utc
  /** What the provider last reported about the message (delivery-receipt webhooks); null until then. */
  readonly deliveryStatus: DeliveryStatus | null
  /** The provider's error for UNDELIVERED/FAILED receipts. */
  readonly deliveryError: string | null
  readonly deliveryUpdatedAt: DateTime.Utc | null
}

/** Delivery states a provider reports after accepting a message. */
export const DeliveryStatus = Schema.Literal("QUEUED", "SENT", "DELIVERED", "UNDELIVERED", "FAILED", "READ")
export type DeliveryStatus = typeof DeliveryStatus.Type

/**
 * How far along a delivery is. Receipts only move a row forward, so a replayed webhook or one that
 * arrives after a later receipt changes nothing (idempotent); DELIVERED/UNDELIVERED/FAILED share a
 * rank because a provider reports one of them, and READ comes after DELIVERED.
 */
export const deliveryRank: Readonly<Record<DeliveryStatus, number>> = {
  QUEUED: 1,
  SENT: 2,
  DELIVERED: 3,
  UNDELIVERED: 3,
  FAILED: 3,
  READ: 4
}

/** One status report of a provider about one message it accepted. */
export interface DeliveryReceipt {
  readonly providerMessageId: string
  readonly status: DeliveryStatus
  readonly error: string | null
}

export interface NotificationLogFilter {
  readonly status?: NotificationLogStatus
  readonly channel?: Channel
  readonly outboxId?: string
  readonly recipient?: string
  readonly step?: string
  readonly limit?: number
  readonly offset?: number
}

/** No log row has this id. */
export class NotificationLogNotFound extends Schema.TaggedError<NotificationLogNotFound>()("NotificationLogNotFound", {
  id: Schema.String
}) {}

/** Only FAILED log rows can be resent (answered 409). */
export class NotificationLogNotFailed extends Schema.TaggedError<NotificationLogNotFailed>()("NotificationLogNotFailed", {
  id: Schema.String,
  status: NotificationLogStatus,
  code: Schema.Literal("NOTIFICATION_LOG_NOT_FAILED"),
  message: Schema.String
}) {}

/** PUSH log rows cannot be resent (answered 400). */
export class PushResendUnsupported extends Schema.TaggedError<PushResendUnsupported>()("PushResendUnsupported", {
  id: Schema.String,
  code: Schema.Literal("PUSH_RESEND_UNSUPPORTED"),
  message: Schema.String
}) {}
