/** Ports of the organizer notification wallet, its top-ups, settlements and the webhook inbox. */
import { Context, type DateTime, type Effect } from "effect"
import type {
  InsufficientWalletBalance,
  NotificationSettlement,
  SettlementAlreadyProcessed,
  SettlementNotFound,
  WalletEntry,
  WalletIdempotencyConflict,
  WalletMovement,
  WalletSummary,
  WalletTopUp,
  WalletTopUpNotFound
} from "./wallet.model.js"

export class NotificationWalletRepo extends Context.Tag("@podium/core/notifications/NotificationWalletRepo")<NotificationWalletRepo, {
  /** The organizer's ledger account `{organizer, <id>, "notifications", INR}` (zeros when never posted to). */
  readonly summary: (organizerId: string) => Effect.Effect<WalletSummary>
  /** Every organizer that has a wallet movement, by balance descending. */
  readonly listSummaries: (page: { readonly limit: number; readonly offset: number }) => Effect.Effect<{
    readonly items: ReadonlyArray<WalletSummary>
    readonly total: number
  }>
  /** Newest first. */
  readonly entries: (organizerId: string, page: { readonly limit: number; readonly offset: number }) => Effect.Effect<{
    readonly items: ReadonlyArray<WalletEntry>
    readonly total: number
  }>
  /**
   * Posts one movement (one ledger transfer of two legs) under the ledger's account lock, on the
   * caller's transaction when there is one: a replayed idempotency key answers the original entry (`replayed: true`) or a
   * conflict when its amount differs; a debit beyond the balance fails.
   */
  readonly post: (movement: WalletMovement) => Effect.Effect<
    { readonly entry: WalletEntry; readonly replayed: boolean; readonly balance: number },
    InsufficientWalletBalance | WalletIdempotencyConflict
  >
  readonly createTopUp: (organizerId: string, amount: number) => Effect.Effect<WalletTopUp>
  readonly getTopUp: (id: string) => Effect.Effect<WalletTopUp, WalletTopUpNotFound>
  readonly listTopUps: (organizerId: string) => Effect.Effect<ReadonlyArray<WalletTopUp>>
  /**
   * Completes (credits the wallet once) or fails a PENDING top-up; a top-up already completed or
   * failed is left as it is. Answers the top-up after the call.
   */
  readonly settleTopUp: (id: string, outcome: "COMPLETED" | "FAILED", eventId: string) => Effect.Effect<WalletTopUp, WalletTopUpNotFound>
}>() {}

export class NotificationSettlementRepo extends Context.Tag("@podium/core/notifications/NotificationSettlementRepo")<
  NotificationSettlementRepo,
  {
    /**
     * One CALCULATED settlement per organizer with unsettled notification spend (revenue debits)
     * created in [from, to); those entries are linked to it so they are never settled twice.
     */
    readonly calculate: (from: DateTime.Utc, to: DateTime.Utc) => Effect.Effect<ReadonlyArray<NotificationSettlement>>
    readonly list: (filter: { readonly organizerId?: string; readonly status?: string; readonly limit: number; readonly offset: number }) => Effect.Effect<{
      readonly items: ReadonlyArray<NotificationSettlement>
      readonly total: number
    }>
    /** CALCULATED → PROCESSED once. */
    readonly process: (id: string) => Effect.Effect<NotificationSettlement, SettlementNotFound | SettlementAlreadyProcessed>
  }
>() {}

/** Inbound webhook events stored before they are acted on; one row per (source, event id). */
export class WebhookInboxRepo extends Context.Tag("@podium/core/notifications/WebhookInboxRepo")<WebhookInboxRepo, {
  /** Stores the event; `fresh: false` when it was stored before (a replay). */
  readonly record: (source: string, eventId: string, payload: unknown) => Effect.Effect<{ readonly fresh: boolean; readonly status: string }>
  readonly mark: (source: string, eventId: string, status: "PROCESSED" | "REJECTED", error: string | null) => Effect.Effect<void>
}>() {}
