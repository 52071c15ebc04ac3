/**
 * In-memory twins of the organizer notification wallet, settlements and webhook inbox. The wallet
 * lives on a ledger memory twin (`makeLedgerMemory`, private to this twin unless one is passed), the
 * same way the Postgres adapter lives on the ledger tables: movements go through
 * `postWalletMovement`, balances are the ledger account's.
 */
import { Context, DateTime, Effect, Layer } from "effect"
import {
  CounterAccounts,
  type NotificationSettlement,
  organizerNotificationAccount,
  SettlementAlreadyProcessed,
  SettlementNotFound,
  type WalletEntry,
  type WalletMovement,
  type WalletSummary,
  type WalletTopUp,
  WalletTopUpNotFound
} from "../notifications/wallet.model.js"
import { postWalletMovement } from "../notifications/wallet-ledger.js"
import { NotificationSettlementRepo, NotificationWalletRepo, WebhookInboxRepo } from "../notifications/wallet.port.js"
import type { LedgerEntry } from "../wallets/ledger.model.js"
import type { Ledger } from "../wallets/ledger.port.js"
import { makeLedgerMemory } from "./ledger.memory.js"
import { nextMemoryId } from "./sequential-id.js"

export const makeWalletMemory = (ledger: Ledger["Type"] = makeLedgerMemory()) => {
  /** Organizers with at least one movement, in first-movement order (the ledger cannot list accounts). */
  const organizers = new Set<string>()
  /** Ledger entry ids already linked to a settlement. */
  const settled = new Set<string>()
  const topUps = new Map<string, WalletTopUp>()
  const settlements = new Map<string, NotificationSettlement>()
  const inbox = new Map<string, string>()
  let sequence = 0
  const nextId = (p: string) => `${p}-${++sequence}`
  const now = () => DateTime.unsafeNow()
  /** Every ledger entry of the organizer's wallet, newest first. */
  const ledgerEntriesOf = (organizerId: string) =>
    Effect.map(ledger.entries(organizerNotificationAccount(organizerId), { limit: Number.MAX_SAFE_INTEGER }), (page) => page.items)
  const toWalletEntry = (organizerId: string, e: LedgerEntry): WalletEntry => ({
    id: e.id,
    transactionId: e.transferId,
    organizerId,
    amount: e.amount,
    reason: e.reason,
    counterAccount: String(e.metadata.counterAccount ?? ""),
    idempotencyKey: typeof e.metadata.idempotencyKey === "string" ? e.metadata.idempotencyKey : null,
    createdAt: DateTime.unsafeFromDate(e.createdAt)
  })
  const summaryOf = (organizerId: string) =>
    Effect.gen(function*() {
      const s = yield* ledger.summary(organizerNotificationAccount(organizerId))
      const newest = s.entryCount === 0 ? [] : (yield* ledger.entries(organizerNotificationAccount(organizerId), { limit: 1 })).items
      const summary: WalletSummary = {
        organizerId,
        balance: s.balance,
        credited: s.credited,
        debited: s.debited,
        entries: s.entryCount,
        lastMovementAt: newest[0] === undefined ? null : DateTime.unsafeFromDate(newest[0].createdAt)
      }
      return summary
    })
  const post = (m: WalletMovement) =>
    postWalletMovement(ledger, m, nextMemoryId()).pipe(
      Effect.tap(() => Effect.sync(() => void organizers.add(m.organizerId))),
      Effect.flatMap(({ entry, replayed }) => Effect.map(ledger.balance(organizerNotificationAccount(m.organizerId)), (balance) => ({ entry, replayed, balance })))
    )
  const getTopUp = (id: string) =>
    Effect.suspend(() => {
      const t = topUps.get(id)
      return t === undefined ? Effect.fail(new WalletTopUpNotFound({ id })) : Effect.succeed(t)
    })
  const wallet = NotificationWalletRepo.of({
    summary: summaryOf,
    listSummaries: (page) =>
      Effect.gen(function*() {
        const all = [...(yield* Effect.forEach([...organizers], summaryOf))]
          .filter((s) => s.entries > 0)
          .sort((a, b) => b.balance - a.balance || (a.organizerId < b.organizerId ? -1 : 1))
        return { items: all.slice(page.offset, page.offset + page.limit), total: all.length }
      }),
    entries: (organizerId, page) =>
      Effect.map(ledgerEntriesOf(organizerId), (own) => ({
        items: own.slice(page.offset, page.offset + page.limit).map((e) => toWalletEntry(organizerId, e)),
        total: own.length
      })),
    post,
    createTopUp: (organizerId, amount) =>
      Effect.sync(() => {
        const t: WalletTopUp = { id: nextId("topup"), organizerId, amount, status: "PENDING", createdAt: now(), completedAt: null }
        topUps.set(t.id, t)
        return t
      }),
    getTopUp,
    listTopUps: (organizerId) => Effect.sync(() => [...topUps.values()].filter((t) => t.organizerId === organizerId).reverse()),
    settleTopUp: (id, outcome) =>
      Effect.gen(function*() {
        const t = yield* getTopUp(id)
        if (t.status !== "PENDING") return t
        const next: WalletTopUp = { ...t, status: outcome, completedAt: now() }
        topUps.set(id, next)
        if (outcome === "COMPLETED") {
          yield* post({ organizerId: t.organizerId, amount: t.amount, reason: "top-up", counterAccount: CounterAccounts.topUp, idempotencyKey: `top-up:${id}` }).pipe(
            Effect.orDie
          )
        }
        return next
      })
  })
  const settlementRepo = NotificationSettlementRepo.of({
    calculate: (from, to) =>
      Effect.gen(function*() {
        const created: Array<NotificationSettlement> = []
        for (const organizerId of organizers) {
          const own = (yield* ledgerEntriesOf(organizerId)).filter((e) => {
            const at = DateTime.unsafeFromDate(e.createdAt)
            return e.metadata.counterAccount === CounterAccounts.revenue && e.amount < 0 && !settled.has(e.id) &&
              DateTime.greaterThanOrEqualTo(at, from) && DateTime.lessThan(at, to)
          })
          if (own.length === 0) continue
          const s: NotificationSettlement = {
            id: nextId("settlement"),
            organizerId,
            periodStart: from,
            periodEnd: to,
            amount: -own.reduce((sum, e) => sum + e.amount, 0),
            entries: own.length,
            status: "CALCULATED",
            createdAt: now(),
            processedAt: null
          }
          for (const e of own) settled.add(e.id)
          settlements.set(s.id, s)
          created.push(s)
        }
        return created
      }),
    list: (f) =>
      Effect.sync(() => {
        const all = [...settlements.values()]
          .filter((s) => (f.organizerId === undefined || s.organizerId === f.organizerId) && (f.status === undefined || s.status === f.status))
          .reverse()
        return { items: all.slice(f.offset, f.offset + f.limit), total: all.length }
      }),
    process: (id) =>
      Effect.suspend((): Effect.Effect<NotificationSettlement, SettlementNotFound | SettlementAlreadyProcessed> => {
        const s = settlements.get(id)
        if (s === undefined) return Effect.fail(new SettlementNotFound({ id }))
        if (s.status !== "CALCULATED") return Effect.fail(new SettlementAlreadyProcessed({ id }))
        const next: NotificationSettlement = { ...s, status: "PROCESSED", processedAt: now() }
        settlements.set(id, next)
        return Effect.succeed(next)
      })
  })
  const webhookInbox = WebhookInboxRepo.of({
    record: (source, eventId) =>
      Effect.sync(() => {
        const key = `${source}:${eventId}`
        const prior = inbox.get(key)
        if (prior !== undefined) return { fresh: false, status: prior }
        inbox.set(key, "RECEIVED")
        return { fresh: true, status: "RECEIVED" }
      }),
    mark: (source, eventId, status) => Effect.sync(() => void inbox.set(`${source}:${eventId}`, status))
  })
  return { wallet, settlements: settlementRepo, webhookInbox }
}

export const WalletMemory: Layer.Layer<NotificationWalletRepo | NotificationSettlementRepo | WebhookInboxRepo> = Layer.effectContext(
  Effect.sync(() => {
    const m = makeWalletMemory()
    return Context.make(NotificationWalletRepo, m.wallet).pipe(
      Context.add(NotificationSettlementRepo, m.settlements),
      Context.add(WebhookInboxRepo, m.webhookInbox)
    )
  })
)
