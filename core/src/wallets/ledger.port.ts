/** The ledger port: the one place balances move (Postgres adapter `LedgerPg`, memory twin `LedgerMemory`). */
import { Context, type Effect } from "effect"
import type {
  InsufficientFunds,
  LedgerAccountRef,
  LedgerAccountSummary,
  LedgerEntry,
  LedgerIdempotencyConflict,
  LedgerTransferInput,
  PostedTransfer,
  UnbalancedTransfer
} from "./ledger.model.js"

export interface LedgerEntriesPage {
  readonly items: ReadonlyArray<LedgerEntry>
  readonly nextCursor: string | null
}

export class Ledger extends Context.Tag("@podium/core/wallets/Ledger")<Ledger, {
  /**
   * Posts all legs atomically (joins the caller's Transactor.atomically / sql transaction when
   * inside one). A replayed idempotency key with the same legs answers the original transfer
   * (replayed: true); with different legs fails LedgerIdempotencyConflict. A leg that would take an
   * account that forbids negative balances below zero fails InsufficientFunds (checked under a lock
   * so concurrent debits cannot both pass).
   */
  readonly post: (
    input: LedgerTransferInput
  ) => Effect.Effect<PostedTransfer, UnbalancedTransfer | InsufficientFunds | LedgerIdempotencyConflict>
  /** The account's balance (0 for an account never posted to). */
  readonly balance: (account: LedgerAccountRef) => Effect.Effect<number>
  /** Balance plus credited/debited totals and the entry count (zeros for an account never posted to). */
  readonly summary: (account: LedgerAccountRef) => Effect.Effect<LedgerAccountSummary>
  /**
   * Newest first, keyset-paginated: `before` is the `nextCursor` of the previous page (an opaque
   * cursor; use `isLedgerCursor` to validate one from outside — an unreadable cursor answers an
   * empty page).
   */
  readonly entries: (
    account: LedgerAccountRef,
    page: { readonly limit: number; readonly before?: string }
  ) => Effect.Effect<LedgerEntriesPage>
}>() {}
