/**
 * The organizer notification wallet repository on the ledger: the memory twin and the Postgres
 * adapter share one behaviour (movements are balanced ledger transfers, keys are per organizer,
 * no overdraft even under concurrent debits, top-ups credit once, spend is settled once).
 */
import { assert, describe, layer } from "@effect/vitest"
import { Notifications, Wallets } from "@podium/core"
import { LedgerMemory, makeWalletMemory, WalletMemory } from "@podium/core/testing"
import { LedgerPg, NotificationWalletsPg } from "@podium/postgres"
import { DateTime, Duration, Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import { TestDatabase } from "../support/database.js"

type Repos = Notifications.NotificationWalletRepo | Notifications.NotificationSettlementRepo

const walletRepoContract = <E, R>(name: string, shared: Layer.Layer<R, E>, fresh: Layer.Layer<Repos, never, R>) =>
  describe(name, () => {
    layer(shared, { timeout: "60 seconds", excludeTestServices: true })((it) => {
      const test = (title: string, body: Effect.Effect<void, unknown, Repos>) => it.effect(title, () => Effect.provide(body, fresh))
      const move = (organizerId: string, amount: number, idempotencyKey: string | null = null, counterAccount: string = Notifications.CounterAccounts.adjustment) =>
        Effect.flatMap(Notifications.NotificationWalletRepo, (r) => r.post({ organizerId, amount, reason: `move ${amount}`, counterAccount, idempotencyKey }))

      test("movements credit and debit the organizer's ledger account; entries are newest first with their counter-account", Effect.gen(function*() {
        const repo = yield* Notifications.NotificationWalletRepo
        const org = randomUUID()
        assert.deepStrictEqual(yield* repo.summary(org), { organizerId: org, balance: 0, credited: 0, debited: 0, entries: 0, lastMovementAt: null })
        const credit = yield* move(org, 1000, "k-1", Notifications.CounterAccounts.topUp)
        assert.deepStrictEqual([credit.replayed, credit.balance, credit.entry.amount, credit.entry.counterAccount, credit.entry.idempotencyKey], [false, 1000, 1000, "external:top-up", "k-1"])
        const debit = yield* move(org, -250, null, Notifications.CounterAccounts.revenue)
        assert.deepStrictEqual([debit.balance, debit.entry.idempotencyKey, debit.entry.organizerId], [750, null, org])
        const s = yield* repo.summary(org)
        assert.deepStrictEqual([s.balance, s.credited, s.debited, s.entries, s.lastMovementAt !== null], [750, 1000, 250, 2, true])
        const page = yield* repo.entries(org, { limit: 1, offset: 0 })
        assert.strictEqual(page.total, 2)
        assert.deepStrictEqual(page.items.map((e) => [e.id, e.amount, e.counterAccount]), [[debit.entry.id, -250, "platform:notification-revenue"]])
        assert.deepStrictEqual((yield* repo.entries(org, { limit: 5, offset: 1 })).items.map((e) => e.transactionId), [credit.entry.transactionId])
        const listed = yield* repo.listSummaries({ limit: 1000, offset: 0 })
        assert.deepStrictEqual(listed.items.filter((x) => x.organizerId === org).map((x) => x.balance), [750])
      }))

      test("a replayed key answers the original entry; another amount conflicts; keys are per organizer", Effect.gen(function*() {
        const org = randomUUID()
        const first = yield* move(org, 500, "same")
        const again = yield* move(org, 500, "same")
        assert.deepStrictEqual([again.replayed, again.entry.id, again.balance], [true, first.entry.id, 500])
        const other = yield* Effect.flip(move(org, 400, "same"))
        assert.strictEqual(other._tag, "WalletIdempotencyConflict")
        const elsewhere = yield* move(randomUUID(), 400, "same")
        assert.deepStrictEqual([elsewhere.replayed, elsewhere.balance], [false, 400])
      }))

      test("a debit beyond the balance fails, also when many debits race", Effect.gen(function*() {
        const org = randomUUID()
        yield* move(org, 500)
        const over = yield* Effect.flip(move(org, -501))
        assert.strictEqual(over._tag, "InsufficientWalletBalance")
        const results = yield* Effect.all(Array.from({ length: 10 }, () => Effect.either(move(org, -100))), { concurrency: "unbounded" })
        assert.strictEqual(results.filter((r) => r._tag === "Right").length, 5)
        assert.strictEqual((yield* (yield* Notifications.NotificationWalletRepo).summary(org)).balance, 0)
      }))

      test("a completed top-up credits once", Effect.gen(function*() {
        const repo = yield* Notifications.NotificationWalletRepo
        const org = randomUUID()
        const topUp = yield* repo.createTopUp(org, 900)
        assert.strictEqual((yield* repo.settleTopUp(topUp.id, "COMPLETED", "evt-1")).status, "COMPLETED")
        assert.strictEqual((yield* repo.settleTopUp(topUp.id, "COMPLETED", "evt-2")).status, "COMPLETED")
        const s = yield* repo.summary(org)
        assert.deepStrictEqual([s.balance, s.entries], [900, 1])
        assert.deepStrictEqual((yield* repo.entries(org, { limit: 5, offset: 0 })).items.map((e) => [e.reason, e.counterAccount, e.idempotencyKey]), [
          ["top-up", "external:top-up", `top-up:${topUp.id}`]
        ])
      }))

      test("notification spend (revenue debits) is settled once; refunds and other debits are not spend", Effect.gen(function*() {
        const org = randomUUID()
        yield* move(org, 1000)
        yield* move(org, -300, null, Notifications.CounterAccounts.revenue)
        yield* move(org, -200, null, Notifications.CounterAccounts.revenue)
        yield* move(org, 50, null, Notifications.CounterAccounts.revenue)
        yield* move(org, -100)
        const settlements = yield* Notifications.NotificationSettlementRepo
        const now = DateTime.unsafeNow()
        const window = [DateTime.subtractDuration(now, Duration.hours(1)), DateTime.addDuration(now, Duration.hours(1))] as const
        const mine = (yield* settlements.calculate(...window)).filter((s) => s.organizerId === org)
        assert.deepStrictEqual(mine.map((s) => [s.amount, s.entries, s.status]), [[500, 2, "CALCULATED"]])
        assert.deepStrictEqual((yield* settlements.calculate(...window)).filter((s) => s.organizerId === org), [])
      }))
    })
  })

walletRepoContract("Notification wallet in memory", Layer.empty, WalletMemory)
// Real Postgres (a clone of the run's template); PGlite only when the run fell back (never in CI).
walletRepoContract("Notification wallet on Postgres", TestDatabase, NotificationWalletsPg)

describe("the notification wallet is a ledger account", () => {
  layer(Layer.mergeAll(NotificationWalletsPg, LedgerPg).pipe(Layer.provideMerge(TestDatabase)), { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("a movement is one balanced transfer between the organizer's account and the counter-account", () =>
      Effect.gen(function*() {
        const org = randomUUID()
        const posted = yield* (yield* Notifications.NotificationWalletRepo).post({
          organizerId: org, amount: 700, reason: "adjustment: goodwill", counterAccount: Notifications.CounterAccounts.adjustment, idempotencyKey: "adj-7"
        })
        const ledger = yield* Wallets.Ledger
        const account = { ownerType: "organizer", ownerId: org, purpose: "notifications", currency: "INR" } as const
        assert.strictEqual(yield* ledger.balance(account), 700)
        const [entry] = (yield* ledger.entries(account, { limit: 5 })).items
        assert.deepStrictEqual([entry!.id, entry!.transferId, entry!.idempotencyKey], [posted.entry.id, posted.entry.transactionId, `notification-wallet:${org}:adj-7`])
        const replay = yield* ledger.post({
          idempotencyKey: `notification-wallet:${org}:adj-7`,
          reason: "adjustment: goodwill",
          legs: [{ account, amount: 700 }, { account: { ownerType: "platform", ownerId: "adjustments", purpose: "notifications", currency: "INR" }, amount: -700 }]
        })
        assert.isTrue(replay.replayed)
      }))
  })
  layer(LedgerMemory, { excludeTestServices: true })((it) => {
    it.effect("the memory twin can share a ledger twin", () =>
      Effect.gen(function*() {
        const ledger = yield* Wallets.Ledger
        const { wallet } = makeWalletMemory(ledger)
        const org = randomUUID()
        yield* wallet.post({ organizerId: org, amount: 300, reason: "seed", counterAccount: Notifications.CounterAccounts.adjustment, idempotencyKey: null })
        assert.strictEqual(yield* ledger.balance(Notifications.organizerNotificationAccount(org)), 300)
        assert.strictEqual(yield* ledger.balance(Notifications.counterAccountRef(Notifications.CounterAccounts.adjustment)), -300)
      }))
  })
})
