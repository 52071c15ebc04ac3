/**
 * Wallet use cases over the ledger: `credit` / `debit` / `transfer` build the balanced legs of the
 * common two-account movements (every movement carries a reason and an idempotency key, so a
 * retried grant or payout never moves money twice), and the creator-wallet reads (a club's,
 * organizer's or brand's RC wallet, purpose "creator").
 *
 * A wallet that was never credited exists conceptually: it reads balance 0 and an empty history.
 */
import { Effect } from "effect"
import {
  creatorWallet,
  isLedgerCursor,
  type LedgerAccountRef,
  type LedgerOwnerType,
  UnbalancedTransfer
} from "./ledger.model.js"
import { Ledger } from "./ledger.port.js"
import { LedgerCursorInvalid } from "./creator-wallet.model.js"

export interface MovementInput {
  /** A positive integer in the currency's minor unit (RC coins, paise). */
  readonly amount: number
  readonly reason: string
  readonly idempotencyKey: string
  readonly metadata?: Readonly<Record<string, unknown>>
}

const checkPair = (a: LedgerAccountRef, b: LedgerAccountRef, amount: number) =>
  !Number.isSafeInteger(amount) || amount <= 0
    ? Effect.fail(new UnbalancedTransfer({ reason: "amount must be a positive integer" }))
    : a.currency !== b.currency
    ? Effect.fail(new UnbalancedTransfer({ reason: `currencies differ (${a.currency} and ${b.currency})` }))
    : Effect.void

/** Moves `amount` from one account to another (the source may not go below zero unless it allows negatives). */
export const transfer = Effect.fn("wallets.transfer")(function*(
  input: MovementInput & { readonly from: LedgerAccountRef; readonly to: LedgerAccountRef }
) {
  yield* checkPair(input.from, input.to, input.amount)
  const ledger = yield* Ledger
  return yield* ledger.post({
    idempotencyKey: input.idempotencyKey,
    reason: input.reason,
    legs: [{ account: input.from, amount: -input.amount }, { account: input.to, amount: input.amount }],
    ...(input.metadata === undefined ? {} : { metadata: input.metadata })
  })
})

/** Credits `account` with `amount` taken from the counter-account `from` (e.g. platform "rc-grants"). */
export const credit = (input: MovementInput & { readonly account: LedgerAccountRef; readonly from: LedgerAccountRef }) =>
  transfer({ ...input, from: input.from, to: input.account }).pipe(Effect.withSpan("wallets.credit"))

/** Debits `amount` from `account` into the counter-account `to` (fails InsufficientFunds below zero). */
export const debit = (input: MovementInput & { readonly account: LedgerAccountRef; readonly to: LedgerAccountRef }) =>
  transfer({ ...input, from: input.account, to: input.to }).pipe(Effect.withSpan("wallets.debit"))

/** The creator wallet's RC balance and its credited/debited totals. */
export const creatorWalletView = Effect.fn("wallets.creatorWalletView")(function*(
  ownerType: LedgerOwnerType,
  ownerId: string
) {
  const summary = yield* Effect.flatMap(Ledger, (l) => l.summary(creatorWallet(ownerType, ownerId, "RC")))
  return {
    ownerType,
    ownerId,
    currency: "RC" as const,
    balance: summary.balance,
    credited: summary.credited,
    debited: summary.debited
  }
})

/** The creator wallet's entries, newest first, `limit` per page after the `before` cursor. */
export const creatorWalletTransactions = Effect.fn("wallets.creatorWalletTransactions")(function*(
  ownerType: LedgerOwnerType,
  ownerId: string,
  page: { readonly limit: number; readonly before?: string | undefined }
) {
  if (page.before !== undefined && !isLedgerCursor(page.before)) return yield* new LedgerCursorInvalid({ cursor: page.before })
  const ledger = yield* Ledger
  const account = creatorWallet(ownerType, ownerId, "RC")
  const summary = yield* ledger.summary(account)
  const result = yield* ledger.entries(account, page.before === undefined ? { limit: page.limit } : { limit: page.limit, before: page.before })
  return { items: result.items, nextCursor: result.nextCursor, total: summary.entryCount }
})
