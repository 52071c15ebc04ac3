/** The port of organizer sending: audience resolution, batches and quota usage. */
import { Context, type DateTime, type Effect } from "effect"
import type { Channel } from "./channels.port.js"
import type { AudienceMember, BatchNotCancellable, BatchNotFound, NotificationBatch, NotificationQuotaExceeded, QuotaLimits, QuotaUsage } from "./organizer-notification.model.js"

export interface NewBatch {
  readonly organizerId: string
  readonly channel: Channel
  readonly templateId: string
  readonly templateKey: string
  readonly unitPrice: number
  readonly recipients: number
  readonly scheduledAt: DateTime.Utc | null
}

export class OrganizerNotificationRepo extends Context.Tag("@podium/core/notifications/OrganizerNotificationRepo")<OrganizerNotificationRepo, {
  /** The known athletes among `userIds`, with their address on `channel` and preference switches. */
  readonly resolveAudience: (channel: Channel, userIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<AudienceMember>>
  readonly usage: (organizerId: string, limits: QuotaLimits) => Effect.Effect<QuotaUsage>
  /**
   * In ONE transaction under the organizer's lock: checks the quota for `batch.recipients`, writes
   * the batch, then runs `effects(batch)` (the wallet debit and the outbox rows, on the same
   * transaction); any failure rolls everything back.
   */
  readonly createBatch: <E>(
    batch: NewBatch,
    limits: QuotaLimits,
    effects: (batch: NotificationBatch) => Effect.Effect<unknown, E>
  ) => Effect.Effect<NotificationBatch, E | NotificationQuotaExceeded>
  readonly listBatches: (organizerId: string | null, page: { readonly limit: number; readonly offset: number }) => Effect.Effect<{
    readonly items: ReadonlyArray<NotificationBatch>
    readonly total: number
  }>
  readonly getBatch: (organizerId: string | null, id: string) => Effect.Effect<NotificationBatch, BatchNotFound>
  /**
   * In ONE transaction under the organizer's lock: SCHEDULED (and not yet due) → CANCELLED, its
   * still-PENDING outbox rows removed, then `refund(batch, removedRows)` (the wallet credit).
   */
  readonly cancelBatch: <E>(
    organizerId: string,
    id: string,
    refund: (batch: NotificationBatch, removedRows: number) => Effect.Effect<unknown, E>
  ) => Effect.Effect<NotificationBatch, BatchNotFound | BatchNotCancellable | E>
}>() {}
