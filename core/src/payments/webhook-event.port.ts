/** The webhook inbox repository (Postgres adapter in @podium/postgres, memory twin in @podium/core/testing). */
import { Context, type Effect, type Option } from "effect"
import type { WebhookEvent, WebhookEventStatus } from "./webhook-event.model.js"

export interface NewWebhookEvent {
  readonly provider: string
  readonly eventId: string
  readonly eventType: string
  readonly payload: unknown
  readonly signatureVerified: boolean
}

export interface WebhookEventQuery {
  readonly status?: WebhookEventStatus | undefined
  readonly provider?: string | undefined
  readonly eventType?: string | undefined
  readonly page: number
  readonly limit: number
}

export class WebhookEventRepo extends Context.Tag("@podium/core/payments/WebhookEventRepo")<WebhookEventRepo, {
  /**
   * Stores the delivery unless the provider's event id is already stored (insert … on conflict do
   * nothing): `inserted` says which; the row is the stored one either way, so of two concurrent
   * deliveries of one event exactly one inserts (and dispatches).
   */
  readonly insertIfAbsent: (input: NewWebhookEvent) => Effect.Effect<{ readonly row: WebhookEvent; readonly inserted: boolean }>
  readonly findById: (id: string) => Effect.Effect<Option.Option<WebhookEvent>>
  /** Newest first. */
  readonly list: (query: WebhookEventQuery) => Effect.Effect<{ readonly items: ReadonlyArray<WebhookEvent>; readonly total: number }>
  /**
   * Takes the dispatch lease: while the row is in one of `from` and no other lease is live, counts
   * an attempt (and a replay when `replay`), leases it for `leaseSeconds`; none otherwise.
   */
  readonly claim: (id: string, from: ReadonlyArray<WebhookEventStatus>, options: { readonly replay: boolean; readonly leaseSeconds: number }) => Effect.Effect<Option.Option<WebhookEvent>>
  /** Records a dispatch outcome and releases the lease. */
  readonly finish: (id: string, outcome: {
    readonly status: WebhookEventStatus
    readonly lastError: string | null
    readonly processedBy: ReadonlyArray<string> | null
    readonly processed: boolean
  }) => Effect.Effect<WebhookEvent>
  /** Moves the row to `to` while it is in one of `from` and not leased (conditional update); none otherwise. */
  readonly resolve: (id: string, from: ReadonlyArray<WebhookEventStatus>, to: WebhookEventStatus, adminId: string) => Effect.Effect<Option.Option<WebhookEvent>>
}>() {}
