/**
 * The ledger's memory twin: the same rules as `LedgerPg` (balanced legs, idempotency by key with
 * leg comparison, no owner wallet below zero, newest-first keyset pages). A post runs as one
 * synchronous step, so it is atomic and concurrent posts cannot both pass a balance check.
 */
import { Effect, Layer } from "effect"
import {
  accountKey,
  allowsNegative,
  emptySummary,
  InsufficientFunds,
  isLedgerCursor,
  type LedgerAccountRef,
  type LedgerAccountSummary,
  type LedgerEntry,
  LedgerIdempotencyConflict,
  type LedgerTransferInput,
  netByAccount,
  type PostedTransfer,
  sameLegs,
  UnbalancedTransfer,
  validateTransfer
} from "../wallets/ledger.model.js"
import { Ledger } from "../wallets/ledger.port.js"
import { nextMemoryId } from "./sequential-id.js"

interface Stored {
  readonly seq: number
  readonly entry: LedgerEntry
}

export const makeLedgerMemory = () => {
  const transfers = new Map<string, Omit<PostedTransfer, "replayed">>()
  const summaries = new Map<string, LedgerAccountSummary>()
  const byAccount = new Map<string, Array<Stored>>()
  let seq = 0

  const summaryOf = (account: LedgerAccountRef) => summaries.get(accountKey(account)) ?? emptySummary

  const post = (input: LedgerTransferInput) =>
    Effect.suspend((): Effect.Effect<PostedTransfer, UnbalancedTransfer | InsufficientFunds | LedgerIdempotencyConflict> => {
      const invalid = validateTransfer(input)
      if (invalid !== null) return Effect.fail(new UnbalancedTransfer({ reason: invalid }))
      const prior = transfers.get(input.idempotencyKey)
      if (prior !== undefined) {
        return sameLegs(prior.entries.map((e) => ({ account: e.account, amount: e.amount })), input.legs)
          ? Effect.succeed({ ...prior, replayed: true })
          : Effect.fail(new LedgerIdempotencyConflict({ idempotencyKey: input.idempotencyKey }))
      }
      for (const { account, delta } of netByAccount(input.legs)) {
        const balance = summaryOf(account).balance
        if (delta < 0 && !allowsNegative(account) && balance + delta < 0) {
          return Effect.fail(new InsufficientFunds({ account: { ...account }, balance, required: -delta }))
        }
      }
      const transferId = nextMemoryId()
      const createdAt = new Date()
      const metadata = { ...(input.metadata ?? {}) }
      const entries = input.legs.map((leg): LedgerEntry => {
        const entry: LedgerEntry = {
          id: nextMemoryId(),
          transferId,
          account: { ...leg.account },
          amount: leg.amount,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
          metadata,
          createdAt
        }
        const key = accountKey(leg.account)
        const s = summaryOf(leg.account)
        summaries.set(key, {
          balance: s.balance + leg.amount,
          credited: s.credited + Math.max(leg.amount, 0),
          debited: s.debited + Math.max(-leg.amount, 0),
          entryCount: s.entryCount + 1
        })
        const list = byAccount.get(key) ?? []
        list.push({ seq: ++seq, entry })
        byAccount.set(key, list)
        return entry
      })
      const transfer = { id: transferId, idempotencyKey: input.idempotencyKey, reason: input.reason, entries, createdAt }
      transfers.set(input.idempotencyKey, transfer)
      return Effect.succeed({ ...transfer, replayed: false })
    })

  return Ledger.of({
    post,
    balance: (account) => Effect.sync(() => summaryOf(account).balance),
    summary: (account) => Effect.sync(() => summaryOf(account)),
    entries: (account, page) =>
      Effect.sync(() => {
        if (page.before !== undefined && !isLedgerCursor(page.before)) return { items: [], nextCursor: null }
        const before = page.before === undefined ? Number.POSITIVE_INFINITY : Number(page.before)
        const limit = Math.max(1, Math.floor(page.limit))
        const older = (byAccount.get(accountKey(account)) ?? []).filter((s) => s.seq < before).reverse()
        const items = older.slice(0, limit)
        return {
          items: items.map((s) => s.entry),
          nextCursor: older.length > limit ? String(items[items.length - 1]!.seq) : null
        }
      })
  })
}

/** A fresh in-memory ledger per layer build. */
export const LedgerMemory: Layer.Layer<Ledger> = Layer.sync(Ledger, makeLedgerMemory)
