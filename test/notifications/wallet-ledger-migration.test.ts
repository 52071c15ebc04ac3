/**
 * Migration 0032 moves the organizer notification wallet (notifications.wallet_entries) onto the
 * platform ledger: every old movement becomes one balanced ledger transfer with the same ids,
 * reasons, times and idempotency keys, balances stay identical, settlement links follow the
 * entries, a rerun over the same old rows adds nothing, and a ledger that disagrees with the old
 * rows stops the migration with nothing changed.
 */
import { assert, describe, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { Notifications } from "@podium/core"
import { migrations, NotificationWalletsPg } from "@podium/postgres"
import { DateTime, Effect } from "effect"
import { EmptyTestDatabase } from "../support/database.js"

const orgA = "0a0a0a0a-0000-4000-8000-00000000000a"
const orgB = "0b0b0b0b-0000-4000-8000-00000000000b"
const settlementId = "5e5e5e5e-0000-4000-8000-000000000001"
const tx = (n: number) => `7a000000-0000-4000-8000-00000000000${n}`
const row = (n: number, side: "o" | "c") => `e${side === "o" ? "0" : "c"}000000-0000-4000-8000-00000000000${n}`

/** The old movements: [tx, organizer, amount, reason, counter, key, settled, with counter row]. */
const legacy: ReadonlyArray<readonly [number, string, number, string, string, string | null, boolean, boolean]> = [
  [1, orgA, 5000, "top-up", "external:top-up", "top-up:t1", false, true],
  [2, orgA, -1200, "send: batch b1", "platform:notification-revenue", "batch:b1", true, true],
  [3, orgA, -300, "send: batch b2", "platform:notification-revenue", null, false, true],
  [4, orgB, 700, "adjustment: goodwill", "platform:adjustments", "adj-1", false, true],
  // stored without its counter row (as a hand-seeded row would be): the migration adds the missing leg
  [5, orgB, 100, "top-up", "platform:topups", null, false, false]
]

const migrationKey = "0032_notification_wallet_ledger"

/** The old table (0016's shape; recreated when a previous run dropped it) holding `rows`. */
const seedLegacy = (rows: typeof legacy) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      create table if not exists notifications.wallet_entries (
        id uuid primary key default gen_random_uuid(),
        transaction_id uuid not null,
        account text not null,
        counter_account text not null,
        organizer_id uuid,
        amount bigint not null,
        reason text not null,
        idempotency_key text,
        settlement_id uuid,
        created_at timestamptz not null default now()
      )`
    yield* sql`create unique index if not exists wallet_entries_idem_idx on notifications.wallet_entries (account, idempotency_key)`
    for (const [n, org, amount, reason, counter, key, settled, withCounter] of rows) {
      const at = new Date(Date.UTC(2026, 0, n, 10))
      yield* sql`
        insert into notifications.wallet_entries (id, transaction_id, account, counter_account, organizer_id, amount, reason, idempotency_key, settlement_id, created_at)
        values (${row(n, "o")}, ${tx(n)}, ${`organizer:${org}`}, ${counter}, ${org}, ${amount}, ${reason}, ${key}, ${settled ? settlementId : null}, ${at})`
      if (withCounter) {
        yield* sql`
          insert into notifications.wallet_entries (id, transaction_id, account, counter_account, organizer_id, amount, reason, created_at)
          values (${row(n, "c")}, ${tx(n)}, ${counter}, ${`organizer:${org}`}, ${org}, ${-amount}, ${reason}, ${at})`
      }
    }
  })

const runMigration0032 = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql.withTransaction(migrations[migrationKey]!)
})

const ledgerCounts = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const [c] = yield* sql<{ readonly transfers: number; readonly entries: number; readonly links: number }>`
    select (select count(*)::int from wallets.transfers) as transfers,
           (select count(*)::int from wallets.entries) as entries,
           (select count(*)::int from notifications.settlement_entries) as links`
  return c!
})

const oldTablePresent = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const [r] = yield* sql<{ readonly present: boolean }>`select to_regclass('notifications.wallet_entries') is not null as present`
  return r!.present
})

const wallet = <A, E>(f: (repo: Notifications.NotificationWalletRepo["Type"]) => Effect.Effect<A, E>) =>
  Effect.flatMap(Notifications.NotificationWalletRepo, f).pipe(Effect.provide(NotificationWalletsPg))

describe("migration 0032: the notification wallet moves onto the ledger", () => {
  layer(EmptyTestDatabase, { timeout: "120 seconds", excludeTestServices: true })((it) => {
    it.effect("moves every old movement into balanced ledger transfers with identical balances", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        for (const [key, migration] of Object.entries(migrations)) {
          if (Number(/^(\d+)_/.exec(key)![1]) < 32) yield* sql.withTransaction(migration)
        }
        yield* sql`
          insert into notifications.settlements (id, organizer_id, period_start, period_end, amount, entries)
          values (${settlementId}, ${orgA}, '2026-01-01', '2026-01-03', 1200, 1)`
        yield* seedLegacy(legacy)
        yield* runMigration0032

        assert.isFalse(yield* oldTablePresent)
        const a = yield* wallet((r) => r.summary(orgA))
        assert.deepStrictEqual(
          { balance: a.balance, credited: a.credited, debited: a.debited, entries: a.entries },
          { balance: 3500, credited: 5000, debited: 1500, entries: 3 }
        )
        assert.strictEqual(DateTime.toDate(a.lastMovementAt!).toISOString(), "2026-01-03T10:00:00.000Z")
        assert.strictEqual((yield* wallet((r) => r.summary(orgB))).balance, 800)

        const entries = (yield* wallet((r) => r.entries(orgA, { limit: 10, offset: 0 }))).items
        assert.deepStrictEqual(
          entries.map((e) => [e.id, e.transactionId, e.amount, e.reason, e.counterAccount, e.idempotencyKey]),
          [
            [row(3, "o"), tx(3), -300, "send: batch b2", "platform:notification-revenue", null],
            [row(2, "o"), tx(2), -1200, "send: batch b1", "platform:notification-revenue", "batch:b1"],
            [row(1, "o"), tx(1), 5000, "top-up", "external:top-up", "top-up:t1"]
          ]
        )
        const b = (yield* wallet((r) => r.entries(orgB, { limit: 10, offset: 0 }))).items
        assert.deepStrictEqual(b.map((e) => [e.amount, e.counterAccount, e.idempotencyKey]), [[100, "platform:topups", null], [700, "platform:adjustments", "adj-1"]])

        // the ledger balances: every transfer sums to zero, every cached balance is its entries' sum
        const unbalanced = yield* sql`select transfer_id from wallets.entries group by transfer_id having sum(amount) <> 0 or count(*) <> 2`
        assert.deepStrictEqual(unbalanced, [])
        const drift = yield* sql`
          select a.id from wallets.accounts a left join wallets.entries e on e.account_id = a.id
          group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`
        assert.deepStrictEqual(drift, [])
        const counter = yield* sql<{ readonly balance: number }>`
          select balance::float8 as balance from wallets.accounts
          where owner_type = 'external' and owner_id = 'top-up' and purpose = 'notifications' and currency = 'INR'`
        assert.deepStrictEqual(counter.map((r) => Number(r.balance)), [-5000])
      }))

    it.effect("old idempotency keys and settlement links keep working on the ledger", () =>
      Effect.gen(function*() {
        const replay = yield* wallet((r) =>
          r.post({ organizerId: orgA, amount: 5000, reason: "top-up", counterAccount: Notifications.CounterAccounts.topUp, idempotencyKey: "top-up:t1" })
        )
        assert.deepStrictEqual([replay.replayed, replay.entry.id, replay.balance], [true, row(1, "o"), 3500])
        const conflict = yield* wallet((r) =>
          r.post({ organizerId: orgB, amount: 5, reason: "other", counterAccount: Notifications.CounterAccounts.adjustment, idempotencyKey: "adj-1" })
        ).pipe(Effect.flip)
        assert.strictEqual(conflict._tag, "WalletIdempotencyConflict")
        const overdraw = yield* wallet((r) =>
          r.post({ organizerId: orgB, amount: -801, reason: "send", counterAccount: Notifications.CounterAccounts.revenue, idempotencyKey: null })
        ).pipe(Effect.flip)
        assert.strictEqual(overdraw._tag, "InsufficientWalletBalance")
        assert.deepStrictEqual(
          overdraw._tag === "InsufficientWalletBalance" ? [overdraw.organizerId, overdraw.balance, overdraw.required] : [],
          [orgB, 800, 801]
        )

        // the debit already settled before the move is not settled again; the unsettled one is
        const settled = yield* Effect.flatMap(Notifications.NotificationSettlementRepo, (r) =>
          r.calculate(DateTime.unsafeMake("2026-01-01T00:00:00Z"), DateTime.unsafeMake("2026-02-01T00:00:00Z"))).pipe(
            Effect.provide(NotificationWalletsPg)
          )
        assert.deepStrictEqual(settled.map((s) => [s.organizerId, s.amount, s.entries]), [[orgA, 300, 1]])
      }))

    it.effect("a rerun over the same old rows adds nothing; a ledger that disagrees stops it with nothing changed", () =>
      Effect.gen(function*() {
        const before = yield* ledgerCounts
        yield* seedLegacy(legacy)
        yield* runMigration0032
        assert.isFalse(yield* oldTablePresent)
        assert.deepStrictEqual(yield* ledgerCounts, before)
        assert.strictEqual((yield* wallet((r) => r.summary(orgA))).balance, 3500)
        assert.strictEqual((yield* wallet((r) => r.summary(orgB))).balance, 800)

        // the old rows say the top-up was 6000, the ledger already holds it as 5000
        yield* seedLegacy(legacy.map((m) => (m[0] === 1 ? [m[0], m[1], 6000, m[3], m[4], m[5], m[6], m[7]] as const : m)))
        const failed = yield* Effect.exit(runMigration0032)
        assert.isTrue(failed._tag === "Failure")
        assert.isTrue(yield* oldTablePresent)
        assert.deepStrictEqual(yield* ledgerCounts, before)
        assert.strictEqual((yield* wallet((r) => r.summary(orgA))).balance, 3500)
      }))
  })
})
