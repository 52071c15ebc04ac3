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
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
import type { LedgerAccountRef } from "../wallets/ledger.model.js"
/** Records shared with the contracts are declared in the kernel. */
export { WalletEntry, WalletSummary, TopUpStatus, WalletTopUp, NotificationSettlementStatus as SettlementStatus, NotificationSettlement } from "@podium/kernel"

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

export interface WalletMovement {
  readonly organizerId: string
  readonly amount: number
  readonly reason: string
  readonly counterAccount: string
  readonly idempotencyKey: string | null
}

/** The movement would take the balance below zero. */
export class InsufficientWalletBalance extends DomainError<InsufficientWalletBalance>()("InsufficientWalletBalance", { kind: "conflict", code: "INSUFFICIENT_BALANCE" }, {
  organizerId: Schema.String,
  balance: Schema.Number,
  required: Schema.Number
}) {
  override get message() {
    return `Wallet balance ${this.balance} is short of ${this.required}`
  }
}

/** The same idempotency key was used for a different movement. */
export class WalletIdempotencyConflict extends DomainError<WalletIdempotencyConflict>()("WalletIdempotencyConflict", { kind: "conflict", code: "IDEMPOTENCY_KEY_REUSED" }, {
  idempotencyKey: Schema.String
}) {
  override get message() {
    return `Idempotency key ${this.idempotencyKey} was used for a different movement`
  }
}

export class WalletTopUpNotFound extends Schema.TaggedError<WalletTopUpNotFound>()("WalletTopUpNotFound", {
  id: Schema.String
}) {}

export class SettlementNotFound extends DomainError<SettlementNotFound>()("SettlementNotFound", { kind: "not-found", code: "SETTLEMENT_NOT_FOUND" }, { id: Schema.String }) {
  override get message() {
    return `No settlement ${this.id}`
  }
}

export class SettlementAlreadyProcessed extends DomainError<SettlementAlreadyProcessed>()("SettlementAlreadyProcessed", { kind: "conflict", code: "SETTLEMENT_ALREADY_PROCESSED" }, {
  id: Schema.String
}) {
  override get message() {
    return `Settlement ${this.id} is already processed`
  }
}
