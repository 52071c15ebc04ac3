/**
 * Notification logs: one row per delivery attempt outcome (SENT, FAILED, SKIPPED). Rows are never
 * edited; an operator's resend of a FAILED row queues a new message whose attempt writes a NEW row
 * (same step, channel, recipient and variables, `resendOf` pointing at the original). PUSH resends
 * are refused: device tokens rotate, and a stale push is worse than none.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
import { type Channel, Channels } from "./channels.port.js"
import { OutboxId, Variables } from "./outbox.model.js"

export const NotificationLogStatus = Schema.Literal("SENT", "FAILED", "SKIPPED")
export type NotificationLogStatus = typeof NotificationLogStatus.Type

/** Delivery states a provider reports after accepting a message. */
export const DeliveryStatus = Schema.Literal("QUEUED", "SENT", "DELIVERED", "UNDELIVERED", "FAILED", "READ")
export type DeliveryStatus = typeof DeliveryStatus.Type

export const NotificationLog = Schema.Struct({
  id: Schema.String,
  outboxId: OutboxId,
  /** The outbox attempt this row records (1-based). */
  attempt: Schema.Number,
  status: NotificationLogStatus,
  channel: Schema.Literal(...Channels),
  recipient: Schema.String,
  userId: Schema.NullOr(Schema.String),
  step: Schema.NullOr(Schema.String),
  templateKey: Schema.NullOr(Schema.String),
  variables: Variables,
  category: Schema.NullOr(Schema.String),
  provider: Schema.NullOr(Schema.String),
  providerMessageId: Schema.NullOr(Schema.String),
  /** Failure message, or the reason a SKIPPED row was not sent. */
  error: Schema.NullOr(Schema.String),
  resendOf: Schema.NullOr(Schema.String),
  createdAt: Schema.DateTimeUtcFromDate,
  /** What the provider last reported about the message (delivery-receipt webhooks); null until then. */
  deliveryStatus: Schema.NullOr(DeliveryStatus),
  /** The provider's error for UNDELIVERED/FAILED receipts. */
  deliveryError: Schema.NullOr(Schema.String),
  deliveryUpdatedAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})
export interface NotificationLog extends Schema.Schema.Type<typeof NotificationLog> {}

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
export class NotificationLogNotFound extends DomainError<NotificationLogNotFound>()("NotificationLogNotFound", { kind: "not-found" }, {
  id: Schema.String
}) {
  override get message() {
    return `No notification log ${this.id}`
  }
}

/** Only FAILED log rows can be resent (answered 409). */
export class NotificationLogNotFailed extends DomainError<NotificationLogNotFailed>()("NotificationLogNotFailed", { kind: "conflict", code: (e) => e.code }, {
  id: Schema.String,
  status: NotificationLogStatus,
  code: Schema.Literal("NOTIFICATION_LOG_NOT_FAILED"),
  message: Schema.String
}) {}

/** PUSH log rows cannot be resent (answered 400). */
export class PushResendUnsupported extends DomainError<PushResendUnsupported>()("PushResendUnsupported", {
  kind: "invalid",
  code: (e) => e.code,
  message: (e) => `${e.message} (device tokens rotate; send a new notification instead)`
}, {
  id: Schema.String,
  code: Schema.Literal("PUSH_RESEND_UNSUPPORTED"),
  message: Schema.String
}) {}
