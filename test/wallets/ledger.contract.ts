/**
 * Behaviour every `Wallets.Ledger` adapter must share (the memory twin and Postgres): balanced
 * legs only, idempotent replays (and conflicts on a reused key), no owner wallet below zero (also
 * under concurrent debits), the cached balance and totals agreeing with the entries, and the
 * newest-first keyset pages.
 */
import { assert, describe, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { Wallets } from "@podium/core"
import { LedgerPg } from "@podium/postgres"
import { Effect, Either, Layer } from "effect"

type Ref = Wallets.LedgerAccountRef

let n = 0
/** A fresh owner id per call, so tests never share accounts. */
export const freshId = (label = "o") => `${label}-${Date.now().toString(36)}-${(n++).toString(36)}`

export const grants = (currency: Wallets.Currency = "RC"): Ref => ({ ownerType: "platform", ownerId: "platform", purpose: "rc-grants", currency })
export const clubWallet = (id = freshId("club"), currency: Wallets.Currency = "RC") => Wallets.creatorWallet("club", id, currency)

const key = () => freshId("key")

/** Every entry of an account, following the cursor to the end. */
export const allEntries = (account: Ref, pageSize = 7) =>
  Effect.gen(function*() {
    const ledger = yield* Wallets.Ledger
    const out: Array<Wallets.LedgerEntry> = []
    let before: string | undefined
    for (;;) {
      const page = yield* ledger.entries(account, before === undefined ? { limit: pageSize } : { limit: pageSize, before })
      out.push(...page.items)
      if (page.nextCursor === null) return out
      before = page.nextCursor
    }
  })

const move = (from: Ref, to: Ref, amount: number, idempotencyKey = key()) =>
  Effect.flatMap(Wallets.Ledger, (l) =>
    l.post({ idempotencyKey, reason: "test movement", legs: [{ account: from, amount: -amount }, { account: to, amount }] }))

export const ledgerContract = <E, R>(name: string, shared: Layer.Layer<R, E>, fresh: Layer.Layer<Wallets.Ledger, never, R>) =>
  describe(name, () => {
    layer(shared, { timeout: "60 seconds", excludeTestServices: true })((it) => {
      const test = (title: string, body: Effect.Effect<void, unknown, Wallets.Ledger>) =>
        it.effect(title, () => Effect.provide(body, fresh))

      test("a balanced transfer posts one entry per leg and moves both balances", Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const wallet = clubWallet()
        const posted = yield* ledger.post({
          idempotencyKey: key(),
          reason: "RC grant approved",
          legs: [{ account: grants(), amount: -150 }, { account: wallet, amount: 150 }],
          metadata: { grantId: "g-1", approvedBy: "admin-1" }
        })
        assert.isFalse(posted.replayed)
        assert.strictEqual(posted.reason, "RC grant approved")
        assert.strictEqual(posted.entries.length, 2)
        assert.deepStrictEqual(posted.entries.map((e) => e.amount), [-150, 150])
        assert.isTrue(posted.entries.every((e) => e.transferId === posted.id && e.idempotencyKey === posted.idempotencyKey))
        assert.strictEqual(yield* ledger.balance(wallet), 150)
        assert.deepStrictEqual(yield* ledger.summary(wallet), { balance: 150, credited: 150, debited: 0, entryCount: 1 })
        const [entry] = yield* allEntries(wallet)
        assert.strictEqual(entry!.amount, 150)
        assert.strictEqual(entry!.reason, "RC grant approved")
        assert.deepStrictEqual(entry!.metadata, { grantId: "g-1", approvedBy: "admin-1" })
        assert.deepStrictEqual(entry!.account, wallet)
      }))

      test("a wallet never posted to reads balance 0, zero totals and no entries", Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const wallet = clubWallet()
        assert.strictEqual(yield* ledger.balance(wallet), 0)
        assert.deepStrictEqual(yield* ledger.summary(wallet), Wallets.emptySummary)
        assert.deepStrictEqual(yield* ledger.entries(wallet, { limit: 10 }), { items: [], nextCursor: null })
      }))

      test("unbalanced, single-leg, zero, fractional and empty-reason transfers are refused and post nothing", Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const wallet = clubWallet()
        const post = (legs: ReadonlyArray<Wallets.LedgerLeg>, reason = "bad") =>
          ledger.post({ idempotencyKey: key(), reason, legs }).pipe(Effect.flip)
        const refusals = [
          yield* post([{ account: grants(), amount: -10 }, { account: wallet, amount: 9 }]),
          yield* post([{ account: wallet, amount: 10 }]),
          yield* post([{ account: grants(), amount: 0 }, { account: wallet, amount: 0 }]),
          yield* post([{ account: grants(), amount: -1.5 }, { account: wallet, amount: 1.5 }]),
          // balanced in total but not per currency
          yield* post([{ account: grants("INR"), amount: -10 }, { account: wallet, amount: 10 }]),
          yield* post([{ account: grants(), amount: -10 }, { account: wallet, amount: 10 }], "  ")
        ]
        assert.deepStrictEqual(refusals.map((e) => e._tag), Array(6).fill("UnbalancedTransfer"))
        assert.deepStrictEqual(yield* ledger.summary(wallet), Wallets.emptySummary)
      }))

      test("replaying a key with the same legs answers the original transfer; different legs conflict", Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const wallet = clubWallet()
        const k = key()
        const first = yield* move(grants(), wallet, 40, k)
        // same legs in another order: still the same transfer
        const again = yield* ledger.post({ idempotencyKey: k, reason: "retried", legs: [{ account: wallet, amount: 40 }, { account: grants(), amount: -40 }] })
        assert.isTrue(again.replayed)
        assert.strictEqual(again.id, first.id)
        assert.strictEqual(again.reason, "test movement")
        assert.deepStrictEqual(again.entries.map((e) => e.id).sort(), first.entries.map((e) => e.id).sort())
        assert.strictEqual(yield* ledger.balance(wallet), 40)
        const conflict = yield* move(grants(), wallet, 41, k).pipe(Effect.flip)
        assert.strictEqual(conflict._tag, "LedgerIdempotencyConflict")
        assert.strictEqual((conflict as Wallets.LedgerIdempotencyConflict).idempotencyKey, k)
        assert.strictEqual(yield* ledger.balance(wallet), 40)
      }))

      test("an owner wallet cannot go below zero; platform and external accounts can; a refused key can be retried", Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const wallet = clubWallet()
        const payable: Ref = { ownerType: "platform", ownerId: "platform", purpose: "payable", currency: "RC" }
        yield* move(grants(), wallet, 30)
        const k = key()
        const refused = yield* move(wallet, payable, 31, k).pipe(Effect.flip)
        assert.strictEqual(refused._tag, "InsufficientFunds")
        const funds = refused as Wallets.InsufficientFunds
        assert.strictEqual(funds.balance, 30)
        assert.strictEqual(funds.required, 31)
        assert.deepStrictEqual(funds.account, wallet)
        assert.deepStrictEqual(yield* ledger.summary(wallet), { balance: 30, credited: 30, debited: 0, entryCount: 1 })
        yield* move(grants(), wallet, 1)
        const retried = yield* move(wallet, payable, 31, k)
        assert.isFalse(retried.replayed)
        assert.strictEqual(yield* ledger.balance(wallet), 0)
        const external: Ref = { ownerType: "external", ownerId: "bank", purpose: "top-up", currency: "INR" }
        const userInr: Ref = { ownerType: "user", ownerId: freshId("user"), purpose: "cash", currency: "INR" }
        yield* move(external, userInr, 500_00)
        assert.strictEqual(yield* ledger.balance(external), -500_00)
        assert.strictEqual(yield* ledger.balance(userInr), 500_00)
        assert.isTrue(Wallets.allowsNegative(external) && !Wallets.allowsNegative(userInr) && !Wallets.allowsNegative(wallet))
      }))

      test("a transfer may touch one account twice and several currencies; the check uses the account's net change", Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const wallet = clubWallet()
        const inr = Wallets.creatorWallet("club", wallet.ownerId, "INR")
        const posted = yield* ledger.post({
          idempotencyKey: key(),
          reason: "split",
          legs: [
            { account: wallet, amount: 10 },
            { account: wallet, amount: -4 },
            { account: grants(), amount: -6 },
            { account: inr, amount: 250 },
            { account: grants("INR"), amount: -250 }
          ]
        })
        assert.strictEqual(posted.entries.length, 5)
        assert.deepStrictEqual(yield* ledger.summary(wallet), { balance: 6, credited: 10, debited: 4, entryCount: 2 })
        assert.strictEqual(yield* ledger.balance(inr), 250)
      }))

      test("entries come newest first in keyset pages that cover every entry once", Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const wallet = clubWallet()
        for (let i = 1; i <= 12; i++) yield* move(grants(), wallet, i)
        const first = yield* ledger.entries(wallet, { limit: 5 })
        assert.deepStrictEqual(first.items.map((e) => e.amount), [12, 11, 10, 9, 8])
        assert.isNotNull(first.nextCursor)
        assert.isTrue(Wallets.isLedgerCursor(first.nextCursor!))
        const second = yield* ledger.entries(wallet, { limit: 5, before: first.nextCursor! })
        assert.deepStrictEqual(second.items.map((e) => e.amount), [7, 6, 5, 4, 3])
        const third = yield* ledger.entries(wallet, { limit: 5, before: second.nextCursor! })
        assert.deepStrictEqual(third.items.map((e) => e.amount), [2, 1])
        assert.isNull(third.nextCursor)
        const exact = yield* ledger.entries(wallet, { limit: 12 })
        assert.strictEqual(exact.items.length, 12)
        assert.isNull(exact.nextCursor)
        assert.deepStrictEqual(yield* ledger.entries(wallet, { limit: 5, before: "not-a-cursor" }), { items: [], nextCursor: null })
      }))

      test("concurrent debits of one wallet: only as many pass as the balance covers", Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const wallet = clubWallet()
        const payable: Ref = { ownerType: "platform", ownerId: "platform", purpose: "payable", currency: "RC" }
        yield* move(grants(), wallet, 10)
        const results = yield* Effect.all(
          Array.from({ length: 6 }, () => Effect.either(move(wallet, payable, 4))),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(results.filter(Either.isRight).length, 2)
        assert.isTrue(results.filter(Either.isLeft).every((r) => r.left._tag === "InsufficientFunds"))
        assert.strictEqual(yield* ledger.balance(wallet), 2)
        assert.strictEqual((yield* allEntries(wallet)).reduce((s, e) => s + e.amount, 0), 2)
      }))

      test("concurrent posts of one key create one transfer; the others are replays", Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const wallet = clubWallet()
        const k = key()
        const results = yield* Effect.all(Array.from({ length: 5 }, () => move(grants(), wallet, 25, k)), { concurrency: "unbounded" })
        assert.strictEqual(results.filter((r) => !r.replayed).length, 1)
        assert.strictEqual(new Set(results.map((r) => r.id)).size, 1)
        assert.strictEqual(yield* ledger.balance(wallet), 25)
      }))

      test("concurrent transfers between two wallets in opposite directions neither deadlock nor lose money", Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const a = clubWallet()
        const b = Wallets.creatorWallet("organizer", freshId("org"))
        yield* move(grants(), a, 100)
        yield* move(grants(), b, 100)
        const moves = Array.from({ length: 20 }, (_, i) => i % 2 === 0 ? move(a, b, 3) : move(b, a, 5))
        yield* Effect.all(moves, { concurrency: "unbounded" })
        assert.strictEqual((yield* ledger.balance(a)) + (yield* ledger.balance(b)), 200)
        assert.strictEqual(yield* ledger.balance(a), 100 - 30 + 50)
      }))
    })
  })

/** The Postgres ledger on emptied tables. */
export const FreshLedgerPg: Layer.Layer<Wallets.Ledger, never, SqlClient.SqlClient> = Layer.unwrapEffect(Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* Effect.orDie(sql`truncate wallets.entries, wallets.transfers, wallets.accounts`)
  return LedgerPg
}))
