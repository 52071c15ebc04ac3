/**
 * The ledger port contract on the memory twin and on Postgres, plus what only Postgres can show:
 * the cached balance columns agree with the entries, and a post inside the caller's transaction
 * rolls back with it.
 */
import { assert, describe, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { Platform, Wallets } from "@podium/core"
import { LedgerMemory } from "@podium/core/testing"
import { LedgerPg, TransactorPg } from "@podium/postgres"
import { Effect, Layer } from "effect"
import { TestDatabase } from "../support/database.js"
import { clubWallet, FreshLedgerPg, grants, ledgerContract } from "./ledger.contract.js"

ledgerContract("Ledger in memory", Layer.empty, LedgerMemory)
ledgerContract("Ledger on Postgres", TestDatabase, FreshLedgerPg)

describe("Ledger on Postgres only", () => {
  layer(Layer.mergeAll(LedgerPg, TransactorPg).pipe(Layer.provideMerge(TestDatabase)), { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("every account's cached balance, credited, debited and entry count equal the sums of its entries", () =>
      Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const sql = yield* SqlClient.SqlClient
        const a = clubWallet()
        const b = clubWallet()
        yield* Wallets.credit({ account: a, from: grants(), amount: 70, reason: "grant", idempotencyKey: `k-${a.ownerId}` })
        yield* Wallets.transfer({ from: a, to: b, amount: 20, reason: "share", idempotencyKey: `t-${a.ownerId}` })
        yield* Wallets.debit({ account: b, to: grants(), amount: 5, reason: "clawback", idempotencyKey: `d-${b.ownerId}` })
        const drift = yield* sql<{ readonly id: string }>`
          select a.id from wallets.accounts a
          left join wallets.entries e on e.account_id = a.id
          group by a.id
          having a.balance <> coalesce(sum(e.amount), 0)
              or a.credited <> coalesce(sum(e.amount) filter (where e.amount > 0), 0)
              or a.debited <> coalesce(-sum(e.amount) filter (where e.amount < 0), 0)
              or a.entry_count <> count(e.id)`
        assert.deepStrictEqual(drift, [])
        const perCurrency = yield* sql<{ readonly currency: string; readonly total: number }>`
          select a.currency, sum(e.amount)::float8 as total from wallets.entries e join wallets.accounts a on a.id = e.account_id group by a.currency`
        assert.isTrue(perCurrency.every((r) => Number(r.total) === 0))
        assert.strictEqual(yield* ledger.balance(a), 50)
        assert.strictEqual(yield* ledger.balance(b), 15)
      }))

    it.effect("a post inside Transactor.atomically rolls back with the caller's transaction", () =>
      Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const tx = yield* Platform.Transactor
        const wallet = clubWallet()
        const outcome = yield* tx.atomically(Effect.gen(function*() {
          yield* Wallets.credit({ account: wallet, from: grants(), amount: 9, reason: "grant", idempotencyKey: `rb-${wallet.ownerId}` })
          assert.strictEqual(yield* ledger.balance(wallet), 9)
          return yield* Effect.fail("caller failed after the credit" as const)
        })).pipe(Effect.flip)
        assert.strictEqual(outcome, "caller failed after the credit")
        assert.strictEqual(yield* ledger.balance(wallet), 0)
        // the key was rolled back too: posting it again is a fresh transfer
        const again = yield* Wallets.credit({ account: wallet, from: grants(), amount: 9, reason: "grant", idempotencyKey: `rb-${wallet.ownerId}` })
        assert.isFalse(again.replayed)
      }))

    it.effect("a refused debit inside the caller's transaction leaves the caller's earlier work intact", () =>
      Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const tx = yield* Platform.Transactor
        const wallet = clubWallet()
        const result = yield* tx.atomically(Effect.gen(function*() {
          yield* Wallets.credit({ account: wallet, from: grants(), amount: 5, reason: "grant", idempotencyKey: `c-${wallet.ownerId}` })
          const refused = yield* Wallets.debit({ account: wallet, to: grants(), amount: 6, reason: "too much", idempotencyKey: `x-${wallet.ownerId}` }).pipe(Effect.flip)
          return refused._tag
        }))
        assert.strictEqual(result, "InsufficientFunds")
        assert.strictEqual(yield* ledger.balance(wallet), 5)
      }))
  })
})

describe("wallet use cases", () => {
  layer(LedgerMemory)((it) => {
    it.effect("credit, debit and transfer refuse non-positive amounts and mixed currencies", () =>
      Effect.gen(function*() {
        const wallet = clubWallet()
        const zero = yield* Wallets.credit({ account: wallet, from: grants(), amount: 0, reason: "r", idempotencyKey: "z" }).pipe(Effect.flip)
        assert.strictEqual(zero._tag, "UnbalancedTransfer")
        const mixed = yield* Wallets.transfer({ from: grants("INR"), to: wallet, amount: 5, reason: "r", idempotencyKey: "m" }).pipe(Effect.flip)
        assert.strictEqual(mixed._tag, "UnbalancedTransfer")
      }))

    it.effect("the creator wallet view and transactions of a never-credited wallet are zeros and empty", () =>
      Effect.gen(function*() {
        const view = yield* Wallets.creatorWalletView("brand", "b-1")
        assert.deepStrictEqual(view, { ownerType: "brand", ownerId: "b-1", currency: "RC", balance: 0, credited: 0, debited: 0 })
        const page = yield* Wallets.creatorWalletTransactions("brand", "b-1", { limit: 10 })
        assert.deepStrictEqual(page, { items: [], nextCursor: null, total: 0 })
        const bad = yield* Wallets.creatorWalletTransactions("brand", "b-1", { limit: 10, before: "abc" }).pipe(Effect.flip)
        assert.strictEqual(bad._tag, "LedgerCursorInvalid")
      }))
  })
})
