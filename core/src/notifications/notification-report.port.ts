/**
 * Read models over the delivery log and the outbox for the admin logs screens (B "Notifications /
 * Logs" `/stats`, `/batches`, `/batches/{id}`) and the SMS provider analytics: counts only, no
 * message content.
 */
import { Context, type DateTime, type Effect } from "effect"
import type { Channel } from "./channels.port.js"
import type { DeliveryStatus, NotificationLogStatus } from "./notification-log.model.js"
import type { OutboxStatus } from "./outbox.model.js"

export interface LogStatsFilter {
  readonly channel?: Channel
  readonly provider?: string
  readonly from?: DateTime.Utc
  readonly to?: DateTime.Utc
}

export interface LogStats {
  readonly total: number
  readonly byStatus: Readonly<Record<NotificationLogStatus, number>>
  readonly byChannel: Readonly<Record<Channel, Readonly<Record<NotificationLogStatus, number>>>>
  /** Provider receipts (rows without one are not counted here). */
  readonly byDeliveryStatus: Readonly<Record<DeliveryStatus, number>>
  /** Per provider and channel: attempts by log status and receipts DELIVERED/READ. */
  readonly providers: ReadonlyArray<{
    readonly provider: string
    readonly channel: Channel
    readonly sent: number
    readonly failed: number
    readonly delivered: number
  }>
}

/** Where a batch's messages are: outbox rows by status, and provider-confirmed deliveries. */
export interface BatchDelivery {
  readonly byStatus: Readonly<Record<OutboxStatus, number>>
  /** Rows the user's preferences stopped (SENT in the outbox with a skip reason). */
  readonly skipped: number
  /** Log rows whose receipt says DELIVERED or READ. */
  readonly delivered: number
}

export class NotificationReportRepo extends Context.Tag("@podium/core/notifications/NotificationReportRepo")<NotificationReportRepo, {
  readonly logStats: (filter: LogStatsFilter) => Effect.Effect<LogStats>
  /** Per producer (an organizer batch's `organizer:{id}:batch:{id}`), its delivery counts. */
  readonly deliveriesOf: (producers: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, BatchDelivery>>
}>() {}

/** The producer tag an organizer batch writes on its outbox rows. */
export const batchProducer = (organizerId: string, batchId: string) => `organizer:${organizerId}:batch:${batchId}`
