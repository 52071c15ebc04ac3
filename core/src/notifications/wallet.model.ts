/**
 * The organizer notification wallet as a double-entry ledger: every movement is one transaction of
 * two entries that sum to zero, one on the organizer's wallet account (`organizer:<id>`) and one on a
 * counter-account (`external:top-up`, `platform:adjustments`, `platform:notification-revenue`).
 * The balance is the sum of the organizer's entries (integer minor units). An idempotency key makes
 * a movement happen once: a replay answers the original entry.
 */
import { type DateTime, Schema } from "effect"

export const CounterAccounts = {
  topUp: "external:top-up",
  adjustment: "platform:adjustments",
  revenue: "platform:notification-revenue"
} as const

export interface WalletEntry {
  readonly id: string
  readonly transactionId: string
  readonly organizerId: string
  /** Positive: credit; negative: debit. */
  readonly amount: number
  readonly reason: string
  readonly counterAccount: string
  readonly idempotencyKey: string | null
  readonly createdAt: DateTime.Utc
}

export interface WalletSummary {
  readonly organizerId: string
  readonly balance: number
  readonly credited: number
  readonly debited: number
  readonly entries: number
  readonly lastMovementAt: DateTime.Utc | null
}

export interface WalletMovement {
  readonly organizerId: string
  readonly amount: number
  readonly reason: string
  readonly counterAccount: string
  readonly idempotencyKey: string | null
}

export type TopUpStatus = "PENDING" | "COMPLETED" | "FAILED"

/** A top-up the organizer started; the payment gateway's webhook completes it. */
export interface WalletTopUp {
  readonly id: string
  readonly organizerId: string
  readonly amount: number
  readonly status: TopUpStatus
  readonly createdAt: DateTime.Utc
  readonly completedAt: DateTime.Utc | null
}

export type SettlementStatus = "CALCULATED" | "PROCESSED"

/** Notification spend of one organizer over a period, settled to the platform. */
export interface NotificationSettlement {
  readonly id: string
  readonly organizerId: string
  readonly periodStart: DateTime.Utc
  readonly periodEnd: DateTime.Utc
  readonly amount: number
  readonly entries: number
  readonly status: SettlementStatus
  readonly createdAt: DateTime.Utc
  readonly processedAt: DateTime.Utc | null
}

/** The movement would take the balance below zero. */
export class InsufficientWalletBalance extends Schema.TaggedError<InsufficientWalletBalance>()("InsufficientWalletBalance", {
  organizerId: Schema.String,
  balance: Schema.Number,
  required: Schema.Number
}) {}

/** The same idempotency key was used for a different movement. */
export class WalletIdempotencyConflict extends Schema.TaggedError<WalletIdempotencyConflict>()("WalletIdempotencyConflict", {
  idempotencyKey: Schema.String
}) {}

export class WalletTopUpNotFound extends Schema.TaggedError<WalletTopUpNotFound>()("WalletTopUpNotFound", {
  id: Schema.String
}) {}

export class SettlementNotFound extends Schema.TaggedError<SettlementNotFound>()("SettlementNotFound", { id: Schema.String }) {}

export class SettlementAlreadyProcessed extends Schema.TaggedError<SettlementAlreadyProcessed>()("SettlementAlreadyProcessed", {
  id: Schema.String
}) {}
