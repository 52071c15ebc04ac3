/**
 * The organizer notification wallet, kept on the platform's double-entry ledger (`Wallets.Ledger`,
 * migration 0032 moved the former `notifications.wallet_entries` there): the organizer's wallet is
 * the ledger account `{organizer, <id>, "notifications", INR}` and every movement is one ledger
 * transfer of two legs summing to zero, the organizer's and its counter-account's
 * (`external:top-up`, `platform:adjustments`, `platform:notification-revenue`, each the ledger
 * account `{<type>, <name>, "notifications", INR}`). The balance is the ledger account's balance
 * (integer minor units, paise); the ledger forbids it going below zero. An idempotency key makes a
 * movement happen once: a replay answers the original entry.
 */
import { type DateTime, Schema } from "effect"
import type { LedgerAccountRef } from "../wallets/ledger.model.js"

export const CounterAccounts = {
  topUp: "external:top-up",
  adjustment: "platform:adjustments",
  revenue: "platform:notification-revenue"
} as const

/** The ledger purpose of every notification-wallet account (the organizer's and its counter-accounts). */
export const NotificationWalletPurpose = "notifications"
/** The notification wallet holds INR (paise). */
export const NotificationWalletCurrency = "INR"

/** The organizer's notification wallet on the ledger. */
export const organizerNotificationAccount = (organizerId: string): LedgerAccountRef => ({
  ownerType: "organizer",
  ownerId: organizerId,
  purpose: NotificationWalletPurpose,
  currency: NotificationWalletCurrency
})

/**
 * The ledger account of a counter-account name `<platform|external>:<name>` (e.g. `external:top-up`
 * → `{external, top-up, notifications, INR}`). Decision: counter-accounts are always platform or
 * external accounts (they may go negative); a name without one of those prefixes is the platform
 * account of that whole name.
 */
export const counterAccountRef = (name: string): LedgerAccountRef => {
  const colon = name.indexOf(":")
  const type = colon > 0 ? name.slice(0, colon) : ""
  const rest = name.slice(colon + 1)
  return (type === "platform" || type === "external") && rest.length > 0
    ? { ownerType: type, ownerId: rest, purpose: NotificationWalletPurpose, currency: NotificationWalletCurrency }
    : { ownerType: "platform", ownerId: name, purpose: NotificationWalletPurpose, currency: NotificationWalletCurrency }
}

/** The counter-account name of a ledger account (`<owner type>:<owner id>`). */
export const counterAccountName = (account: LedgerAccountRef): string => `${account.ownerType}:${account.ownerId}`

/**
 * The ledger idempotency key of a wallet movement. Wallet keys are unique per organizer, ledger
 * keys platform-wide, so the organizer id is part of it; a movement without a key gets a unique one
 * (`auto:<unique>`) and still reports `idempotencyKey: null` (the caller's key is kept in the
 * transfer's metadata).
 */
export const notificationLedgerKey = (organizerId: string, key: string | null, unique: string): string =>
  key === null ? `notification-wallet:${organizerId}:auto:${unique}` : `notification-wallet:${organizerId}:${key}`

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
