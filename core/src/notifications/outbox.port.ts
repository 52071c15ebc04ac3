/**
 * Ports of the notification engine: the outbox, the delivery log, templates, preferences and
 * retry policies. Adapters turn infrastructure failures into defects; only business outcomes are
 * typed errors.
 */
import { Context, type DateTime, type Effect, type Option } from "effect"
import type { Channel } from "./channels.port.js"
import type { DeliveryReceipt, NotificationLog, NotificationLogFilter, NotificationLogNotFound } from "./notification-log.model.js"
import type {
  OutboxFilter,
  OutboxId,
  OutboxLeaseLost,
  OutboxMessage,
  OutboxMessageNotFound,
  OutboxRetryConflict,
  OutboxSummary,
  Variables
} from "./outbox.model.js"
import type { UserPreferences } from "./preference.model.js"
import type { RetryPolicy } from "./retry-policy.model.js"
import type { Template, TemplateDraft } from "./template.model.js"

/** A new outbox row. */
export interface NewOutboxMessage {
  readonly channel: Channel
  readonly recipient: string
  readonly userId?: string | null
  readonly templateKey?: string | null
  readonly variables?: Variables
  readonly subject?: string | null
  readonly body?: string | null
  readonly category?: string | null
  readonly step?: string | null
  readonly producer?: string | null
  readonly resendOf?: string | null
  readonly maxAttempts: number
  /** Not before this instant; default now. */
  readonly notBefore?: DateTime.Utc
}

/** Names one lease: the worker and the attempt it claimed (a fencing token). */
export interface OutboxLeaseRef {
  readonly id: OutboxId
  readonly workerId: string
  readonly attempt: number
}

/** The outcome of one delivery attempt, recorded with its log row in one step. */
export type AttemptOutcome =
  | {
    readonly _tag: "Sent"
    readonly provider: string
    readonly providerMessageId: string
    readonly subject: string | null
    readonly body: string | null
  }
  | { readonly _tag: "Skipped"; readonly reason: string }
  /** `retryAt` null: DEAD. */
  | { readonly _tag: "Failed"; readonly provider: string | null; readonly error: string; readonly retryAt: DateTime.Utc | null }

export interface OutboxPage {
  readonly items: ReadonlyArray<OutboxMessage>
  readonly total: number
}

/** The transactional outbox of notifications. */
export class OutboxRepo extends Context.Tag("@podium/core/notifications/OutboxRepo")<OutboxRepo, {
  /**
   * Writes one PENDING row. Runs on the caller's transaction when there is one (the Postgres
   * adapter uses the ambient SqlClient connection), so it commits or rolls back with the change
   * that produced it.
   */
  readonly enqueue: (message: NewOutboxMessage) => Effect.Effect<OutboxMessage>
  /** Writes several PENDING rows in one statement: all of them or none (same transaction rule as `enqueue`). */
  readonly enqueueMany: (messages: ReadonlyArray<NewOutboxMessage>) => Effect.Effect<ReadonlyArray<OutboxMessage>>
  /**
   * Leases up to `limit` due rows to `workerId`: PENDING or FAILED rows whose nextAttemptAt has
   * come, and PROCESSING rows whose lease expired (a killed worker's). Expired rows with no attempts
   * left go DEAD instead. Concurrent claimers never receive the same row.
   */
  readonly claim: (input: { readonly workerId: string; readonly limit: number; readonly leaseMs: number }) => Effect.Effect<
    ReadonlyArray<OutboxMessage>
  >
  /** Records an attempt's outcome and its log row at once, if `ref` still holds the lease. */
  readonly recordAttempt: (ref: OutboxLeaseRef, outcome: AttemptOutcome) => Effect.Effect<OutboxMessage, OutboxLeaseLost>
  readonly get: (id: OutboxId) => Effect.Effect<OutboxMessage, OutboxMessageNotFound>
  /** Newest first. */
  readonly list: (filter: OutboxFilter & { readonly limit: number; readonly offset: number }) => Effect.Effect<OutboxPage>
  /** DEAD or FAILED → PENDING (attempts reset, last error cleared); SENT or PROCESSING → conflict. */
  readonly retry: (id: OutboxId) => Effect.Effect<OutboxMessage, OutboxMessageNotFound | OutboxRetryConflict>
  /** Counts the DEAD/FAILED rows matching `filter` and, unless `dryRun`, moves them to PENDING like `retry`. */
  readonly redrive: (filter: OutboxFilter, dryRun: boolean) => Effect.Effect<{ readonly matched: number; readonly redriven: number }>
  readonly summary: Effect.Effect<OutboxSummary>
}>() {}

/** Delivery attempts, one row each (written by OutboxRepo.recordAttempt). */
export class NotificationLogRepo extends Context.Tag("@podium/core/notifications/NotificationLogRepo")<NotificationLogRepo, {
  readonly get: (id: string) => Effect.Effect<NotificationLog, NotificationLogNotFound>
  /** Newest first. */
  readonly list: (filter?: NotificationLogFilter) => Effect.Effect<ReadonlyArray<NotificationLog>>
  /**
   * Applies a provider's delivery receipt to the log rows carrying its message id on one of
   * `channels`, only when it moves the delivery status forward (see deliveryRank): a replayed or
   * out-of-order receipt changes nothing. Returns how many rows changed.
   */
  readonly applyReceipt: (receipt: DeliveryReceipt, channels: ReadonlyArray<Channel>) => Effect.Effect<number>
}>() {}

/** Channel templates with versions. */
export class TemplateRepo extends Context.Tag("@podium/core/notifications/TemplateRepo")<TemplateRepo, {
  /** The newest active version for the channel and key. */
  readonly findActive: (channel: Channel, key: string) => Effect.Effect<Option.Option<Template>>
  /** Saves a new version of the key (version 1 when new); returns it. */
  readonly upsert: (draft: TemplateDraft) => Effect.Effect<Template>
  readonly list: (channel?: Channel) => Effect.Effect<ReadonlyArray<Template>>
}>() {}

/** Per-user channel and category preferences. */
export class PreferenceRepo extends Context.Tag("@podium/core/notifications/PreferenceRepo")<PreferenceRepo, {
  /** The user's preferences; defaults (everything enabled) when none are stored. */
  readonly get: (userId: string) => Effect.Effect<UserPreferences>
  /** Merges the given switches into the stored ones; returns the result. */
  readonly update: (userId: string, patch: Partial<UserPreferences>) => Effect.Effect<UserPreferences>
}>() {}

/** Retry policies per channel. */
export class RetryPolicyRepo extends Context.Tag("@podium/core/notifications/RetryPolicyRepo")<RetryPolicyRepo, {
  /** The channel's policy (stored, else the default). */
  readonly get: (channel: Channel) => Effect.Effect<RetryPolicy>
  readonly list: Effect.Effect<ReadonlyArray<RetryPolicy>>
  readonly save: (policy: RetryPolicy) => Effect.Effect<RetryPolicy>
}>() {}

/** Everything the delivery path needs besides the senders. */
export type NotificationRepos = OutboxRepo | NotificationLogRepo | TemplateRepo | PreferenceRepo | RetryPolicyRepo
