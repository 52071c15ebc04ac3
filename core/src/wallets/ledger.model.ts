/**
 * The platform's double-entry ledger ("Wallets"): every RC coin and money movement is a
 * transfer of two or more legs whose amounts sum to zero per currency; an account's balance is the
 * sum of its entries (the Postgres adapter also caches it on the account row, updated in the same
 * transaction, and a test checks the two agree). Clubs, sponsors, rewards and referrals reuse it.
 *
 * Accounts are addressed by value (`LedgerAccountRef`): owner type + owner id + purpose + currency;
 * an account that was never posted to exists conceptually with balance 0.
 *
 * Decisions where the spec is silent:
 * - RC coins are integers; INR is in paise. Amounts are signed safe integers, never zero per leg.
 * - Owner wallets (club, organizer, brand, user) may never go negative; platform and external
 *   accounts may (they are the counter-accounts money comes from: "platform/rc-grants" issues coins,
 *   "external/top-up" is money arriving from outside).
 * - Legs touching the same account in one transfer are kept as separate entries (the check for
 *   negative balance uses the account's net change in the transfer).
 */
import { Schema } from "effect"

/** RC coins are integers; INR in paise (minor units). */
export const Currencies = ["RC", "INR"] as const
export type Currency = (typeof Currencies)[number]

export const LedgerOwnerTypes = ["club", "organizer", "brand", "user", "platform", "external"] as const
export type LedgerOwnerType = (typeof LedgerOwnerTypes)[number]

/**
 * One account of the ledger. `purpose` names the account of that owner: "creator" (the creator
 * wallet of a club/organizer/brand), "revenue", "payable", "rc-grants", "top-up", ...
 */
export interface LedgerAccountRef {
  readonly ownerType: LedgerOwnerType
  readonly ownerId: string
  readonly purpose: string
  readonly currency: Currency
}

/** One leg of a transfer: a signed integer amount (credit > 0, debit < 0) on one account. */
export interface LedgerLeg {
  readonly account: LedgerAccountRef
  readonly amount: number
}

export interface LedgerTransferInput {
  /** Replaying the same key with the same legs answers the original transfer. */
  readonly idempotencyKey: string
  /** Why the money moved (kept on every entry). */
  readonly reason: string
  readonly legs: ReadonlyArray<LedgerLeg>
  readonly metadata?: Readonly<Record<string, unknown>>
}

export interface LedgerEntry {
  readonly id: string
  readonly transferId: string
  readonly account: LedgerAccountRef
  readonly amount: number
  readonly reason: string
  readonly idempotencyKey: string
  readonly metadata: Readonly<Record<string, unknown>>
  readonly createdAt: Date
}

export interface PostedTransfer {
  readonly id: string
  readonly idempotencyKey: string
  readonly reason: string
  readonly entries: ReadonlyArray<LedgerEntry>
  readonly createdAt: Date
  /** True when the idempotency key had already been posted and this is the original transfer. */
  readonly replayed: boolean
}

/** An account's totals: credited is the sum of positive entries, debited of negative ones (as a positive number). */
export const LedgerAccountSummary = Schema.Struct({
  balance: Schema.Number,
  credited: Schema.Number,
  debited: Schema.Number,
  entryCount: Schema.Number
})
export interface LedgerAccountSummary extends Schema.Schema.Type<typeof LedgerAccountSummary> {}

export const emptySummary: LedgerAccountSummary = { balance: 0, credited: 0, debited: 0, entryCount: 0 }

/**
 * Entry cursors are opaque to callers: today the entry's position in the ledger's append order
 * (a positive integer as text). Both adapters use the same form.
 */
export const isLedgerCursor = (cursor: string): boolean => /^[1-9]\d{0,17}$/.test(cursor)

/** The legs do not sum to zero per currency, a leg is zero/non-integer, or there are fewer than two legs. */
export class UnbalancedTransfer extends Schema.TaggedError<UnbalancedTransfer>()("UnbalancedTransfer", {
  reason: Schema.String
}) {
  override get message() {
    return `Unbalanced transfer: ${this.reason}`
  }
}

/** A leg would take an account that forbids negative balances below zero. */
export class InsufficientFunds extends Schema.TaggedError<InsufficientFunds>()("InsufficientFunds", {
  account: Schema.Struct({
    ownerType: Schema.String,
    ownerId: Schema.String,
    purpose: Schema.String,
    currency: Schema.String
  }),
  balance: Schema.Number,
  required: Schema.Number
}) {
  override get message() {
    return `Insufficient funds: balance ${this.balance} ${this.account.currency}, required ${this.required}`
  }
}

/** The idempotency key was already used for a transfer with different legs. */
export class LedgerIdempotencyConflict extends Schema.TaggedError<LedgerIdempotencyConflict>()("LedgerIdempotencyConflict", {
  idempotencyKey: Schema.String
}) {
  override get message() {
    return `Idempotency key ${this.idempotencyKey} was already used for a different transfer`
  }
}

/** Platform and external accounts may go negative (they are where money comes from); owner wallets may not. */
export const allowsNegative = (account: LedgerAccountRef): boolean =>
  account.ownerType === "platform" || account.ownerType === "external"

/** The creator wallet of a club / organizer / brand (purpose "creator"). */
export const creatorWallet = (
  ownerType: LedgerOwnerType,
  ownerId: string,
  currency: Currency = "RC"
): LedgerAccountRef => ({ ownerType, ownerId, purpose: "creator", currency })

/** An athlete's own RC wallet (purpose "wallet"): rewards they claim land here. */
export const athleteRcWallet = (userId: string): LedgerAccountRef => ({ ownerType: "user", ownerId: userId, purpose: "wallet", currency: "RC" })

/** A stable text key for an account (map keys, lock ordering). */
export const accountKey = (account: LedgerAccountRef): string =>
  `${account.ownerType}\u0000${account.ownerId}\u0000${account.purpose}\u0000${account.currency}`

export const sameAccount = (a: LedgerAccountRef, b: LedgerAccountRef): boolean => accountKey(a) === accountKey(b)

/** Orders accounts so every writer locks them in the same order (no deadlocks). */
export const compareAccounts = (a: LedgerAccountRef, b: LedgerAccountRef): number => {
  const ka = accountKey(a)
  const kb = accountKey(b)
  return ka < kb ? -1 : ka > kb ? 1 : 0
}

/** Net change per account of a transfer, in first-seen order. */
export const netByAccount = (
  legs: ReadonlyArray<LedgerLeg>
): ReadonlyArray<{ readonly account: LedgerAccountRef; readonly delta: number }> => {
  const map = new Map<string, { account: LedgerAccountRef; delta: number }>()
  for (const leg of legs) {
    const key = accountKey(leg.account)
    const current = map.get(key)
    if (current) current.delta += leg.amount
    else map.set(key, { account: leg.account, delta: leg.amount })
  }
  return [...map.values()]
}

/**
 * Checks a transfer's shape: a non-empty key and reason, at least two legs, every amount a non-zero
 * safe integer, valid owner types/currencies, non-empty owner ids and purposes, and legs summing
 * to zero per currency. Answers the failure reason, or null when valid.
 */
export const validateTransfer = (input: LedgerTransferInput): string | null => {
  if (input.idempotencyKey.trim().length === 0) return "idempotency key is empty"
  if (input.reason.trim().length === 0) return "reason is empty"
  if (input.legs.length < 2) return "a transfer needs at least two legs"
  const sums = new Map<Currency, number>()
  for (const leg of input.legs) {
    const a = leg.account
    if (!LedgerOwnerTypes.includes(a.ownerType)) return `unknown owner type ${String(a.ownerType)}`
    if (!Currencies.includes(a.currency)) return `unknown currency ${String(a.currency)}`
    if (a.ownerId.length === 0 || a.purpose.length === 0) return "account owner id and purpose are required"
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) return "every leg amount must be a non-zero integer"
    sums.set(a.currency, (sums.get(a.currency) ?? 0) + leg.amount)
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0) return `legs sum to ${sum} ${currency}, not zero`
  }
  return null
}

/** Two leg lists are the same transfer when they hold the same (account, amount) multiset. */
export const sameLegs = (a: ReadonlyArray<LedgerLeg>, b: ReadonlyArray<LedgerLeg>): boolean => {
  if (a.length !== b.length) return false
  const norm = (legs: ReadonlyArray<LedgerLeg>) => legs.map((l) => `${accountKey(l.account)}\u0000${l.amount}`).sort()
  const na = norm(a)
  const nb = norm(b)
  return na.every((x, i) => x === nb[i])
}
