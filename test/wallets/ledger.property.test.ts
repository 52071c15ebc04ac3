/**
 * Property: random batches of transfers, each batch posted concurrently with random start delays
 * (so posts interleave differently every run), keep the ledger balanced — the balances of every
 * currency sum to zero, each account's balance equals the sum of its entries and equals the sum of
 * the legs of the transfers that succeeded — and never take an owner wallet below zero. Refusals
 * are only ever InsufficientFunds. Runs on the memory twin and on Postgres (fewer runs there).
 */
import { describe, layer } from "@effect/vitest"
import { Wallets } from "@podium/core"
import { LedgerMemory } from "@podium/core/testing"
import { LedgerPg } from "@podium/postgres"
import { Duration, Effect, Either, Layer, Runtime } from "effect"
import fc from "fast-check"
import { expect } from "vitest"
import { TestDatabase } from "../support/database.js"
import { allEntries } from "./ledger.contract.js"

type Ref = Wallets.LedgerAccountRef

/** The accounts of one run: per currency, counter-accounts that may go negative and owner wallets that may not. */
const accountsOf = (run: string): Record<Wallets.Currency, ReadonlyArray<Ref>> => ({
  RC: [
    { ownerType: "platform", ownerId: `platform-${run}`, purpose: "rc-grants", currency: "RC" },
    Wallets.creatorWallet("club", `club-${run}`),
    Wallets.creatorWallet("organizer", `org-${run}`),
    Wallets.creatorWallet("brand", `brand-${run}`),
    { ownerType: "user", ownerId: `user-${run}`, purpose: "rewards", currency: "RC" }
  ],
  INR: [
    { ownerType: "external", ownerId: `bank-${run}`, purpose: "top-up", currency: "INR" },
    Wallets.creatorWallet("club", `club-${run}`, "INR"),
    { ownerType: "user", ownerId: `user-${run}`, purpose: "cash", currency: "INR" }
  ]
})

interface Move {
  readonly currency: Wallets.Currency
  /** Indexes into the currency's accounts: debited, credited, and an optional second credited account. */
  readonly from: number
  readonly to: number
  readonly split: number | null
  readonly amount: number
  readonly delayMs: number
}

const moveArb: fc.Arbitrary<Move> = fc.constantFrom<Wallets.Currency>("RC", "INR").chain((currency) => {
  const size = currency === "RC" ? 5 : 3
  return fc.record({
    currency: fc.constant(currency),
    from: fc.nat({ max: size - 1 }),
    to: fc.nat({ max: size - 1 }),
    split: fc.option(fc.nat({ max: size - 1 }), { nil: null }),
    amount: fc.integer({ min: 1, max: 60 }),
    delayMs: fc.integer({ min: 0, max: 3 })
  })
}).filter((m) => m.from !== m.to)

/** Batches of moves; the moves of one batch are posted concurrently. */
const batchesArb = fc.array(fc.array(moveArb, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 6 })

let runs = 0
/** Outcomes over every run, so a test can tell that both successes and refusals were exercised. */
const seen = { posted: 0, refused: 0 }

const legsOf = (accounts: Record<Wallets.Currency, ReadonlyArray<Ref>>, m: Move): ReadonlyArray<Wallets.LedgerLeg> => {
  const pool = accounts[m.currency]
  if (m.split === null || m.amount < 2) return [{ account: pool[m.from]!, amount: -m.amount }, { account: pool[m.to]!, amount: m.amount }]
  const half = Math.floor(m.amount / 2)
  return [
    { account: pool[m.from]!, amount: -m.amount },
    { account: pool[m.to]!, amount: m.amount - half },
    { account: pool[m.split]!, amount: half }
  ]
}

const checkRun = (batches: ReadonlyArray<ReadonlyArray<Move>>) =>
  Effect.gen(function*() {
    const ledger = yield* Wallets.Ledger
    const run = `${process.pid}-${Date.now().toString(36)}-${runs++}`
    const accounts = accountsOf(run)
    const expected = new Map<string, number>()
    let posted = 0
    let k = 0
    for (const batch of batches) {
      const outcomes = yield* Effect.all(
        batch.map((m) => {
          const legs = legsOf(accounts, m)
          const idempotencyKey = `${run}-${k++}`
          return Effect.sleep(Duration.millis(m.delayMs)).pipe(
            Effect.zipRight(Effect.either(ledger.post({ idempotencyKey, reason: "property", legs }))),
            Effect.map((result) => ({ legs, result }))
          )
        }),
        { concurrency: "unbounded" }
      )
      for (const { legs, result } of outcomes) {
        if (Either.isLeft(result)) {
          expect(result.left._tag).toBe("InsufficientFunds")
          seen.refused++
          continue
        }
        expect(result.right.replayed).toBe(false)
        seen.posted++
        posted += legs.length
        for (const leg of legs) {
          const key = Wallets.accountKey(leg.account)
          expected.set(key, (expected.get(key) ?? 0) + leg.amount)
        }
      }
    }
    let entryCount = 0
    for (const currency of ["RC", "INR"] as const) {
      let total = 0
      for (const account of accounts[currency]) {
        const balance = yield* ledger.balance(account)
        const summary = yield* ledger.summary(account)
        const entries = yield* allEntries(account, 5)
        entryCount += entries.length
        const sum = entries.reduce((s, e) => s + e.amount, 0)
        expect(balance).toBe(sum)
        expect(summary.balance).toBe(balance)
        expect(summary.credited - summary.debited).toBe(balance)
        expect(summary.entryCount).toBe(entries.length)
        expect(balance).toBe(expected.get(Wallets.accountKey(account)) ?? 0)
        if (!Wallets.allowsNegative(account)) expect(balance).toBeGreaterThanOrEqual(0)
        total += balance
      }
      expect(total).toBe(0)
    }
    expect(entryCount).toBe(posted)
  })

const property = (numRuns: number) =>
  Effect.gen(function*() {
    const runtime = yield* Effect.runtime<Wallets.Ledger>()
    seen.posted = 0
    seen.refused = 0
    yield* Effect.promise(() =>
      fc.assert(fc.asyncProperty(batchesArb, (batches) => Runtime.runPromise(runtime)(checkRun(batches))), { numRuns })
    )
    expect(seen.posted).toBeGreaterThan(0)
    expect(seen.refused).toBeGreaterThan(0)
  })

describe("ledger property: concurrent random transfers keep it balanced and never overdraw an owner wallet", () => {
  layer(LedgerMemory, { excludeTestServices: true })((it) => {
    it.effect("on the memory twin", () => property(150), { timeout: 120_000 })
  })
  layer(LedgerPg.pipe(Layer.provideMerge(TestDatabase)), { timeout: "60 seconds", excludeTestServices: true })((it) => {
    it.effect("on Postgres", () => property(25), { timeout: 180_000 })
  })
})
