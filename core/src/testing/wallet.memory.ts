/** In-memory twins of the organizer notification wallet, settlements and webhook inbox. */
import { Context, DateTime, Effect, Layer } from "effect"
import {
  CounterAccounts,
  InsufficientWalletBalance,
  type NotificationSettlement,
  SettlementAlreadyProcessed,
  SettlementNotFound,
  type WalletEntry,
  WalletIdempotencyConflict,
  type WalletMovement,
  type WalletSummary,
  type WalletTopUp,
  WalletTopUpNotFound
} from "../notifications/wallet.model.js"
import { NotificationSettlementRepo, NotificationWalletRepo, WebhookInboxRepo } from "../notifications/wallet.port.js"

export const makeWalletMemory = () => {
  const entries: Array<WalletEntry & { settlementId: string | null }> = []
  const topUps = new Map<string, WalletTopUp>()
  const settlements = new Map<string, NotificationSettlement>()
  const inbox = new Map<string, string>()
  let sequence = 0
  const nextId = (p: string) => `${p}-${++sequence}`
  const now = () => DateTime.unsafeNow()
  const summaryOf = (organizerId: string): WalletSummary => {
    const own = entries.filter((e) => e.organizerId === organizerId)
    return {
      organizerId,
      balance: own.reduce((s, e) => s + e.amount, 0),
      credited: own.filter((e) => e.amount > 0).reduce((s, e) => s + e.amount, 0),
      debited: -own.filter((e) => e.amount < 0).reduce((s, e) => s + e.amount, 0),
      entries: own.length,
      lastMovementAt: own.at(-1)?.createdAt ?? null
    }
  }
  const post = (m: WalletMovement) =>
    Effect.suspend((): Effect.Effect<
      { readonly entry: WalletEntry; readonly replayed: boolean; readonly balance: number },
      InsufficientWalletBalance | WalletIdempotencyConflict
    > => {
      const prior = m.idempotencyKey === null ? undefined : entries.find((e) => e.organizerId === m.organizerId && e.idempotencyKey === m.idempotencyKey)
      if (prior !== undefined) {
        return prior.amount === m.amount
          ? Effect.succeed({ entry: prior as WalletEntry, replayed: true, balance: summaryOf(m.organizerId).balance })
          : Effect.fail(new WalletIdempotencyConflict({ idempotencyKey: m.idempotencyKey! }))
      }
      const balance = summaryOf(m.organizerId).balance
      if (m.amount < 0 && balance + m.amount < 0) {
        return Effect.fail(new InsufficientWalletBalance({ organizerId: m.organizerId, balance, required: -m.amount }))
      }
      const entry = { id: nextId("entry"), transactionId: nextId("tx"), createdAt: now(), settlementId: null, ...m }
      entries.push(entry)
      return Effect.succeed({ entry: entry as WalletEntry, replayed: false, balance: balance + m.amount })
    })
  const getTopUp = (id: string) =>
    Effect.suspend(() => {
      const t = topUps.get(id)
      return t === undefined ? Effect.fail(new WalletTopUpNotFound({ id })) : Effect.succeed(t)
    })
  const wallet = NotificationWalletRepo.of({
    summary: (organizerId) => Effect.sync(() => summaryOf(organizerId)),
    listSummaries: (page) =>
      Effect.sync(() => {
        const all = [...new Set(entries.map((e) => e.organizerId))].map(summaryOf).sort((a, b) => b.balance - a.balance)
        return { items: all.slice(page.offset, page.offset + page.limit), total: all.length }
      }),
    entries: (organizerId, page) =>
      Effect.sync(() => {
        const own = entries.filter((e) => e.organizerId === organizerId).reverse()
        return { items: own.slice(page.offset, page.offset + page.limit), total: own.length }
      }),
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
      Effect.sync(() => {
        const due = entries.filter((e) =>
          e.counterAccount === CounterAccounts.revenue && e.amount < 0 && e.settlementId === null &&
          DateTime.greaterThanOrEqualTo(e.createdAt, from) && DateTime.lessThan(e.createdAt, to)
        )
        const created: Array<NotificationSettlement> = []
        for (const organizerId of new Set(due.map((e) => e.organizerId))) {
          const own = due.filter((e) => e.organizerId === organizerId)
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
          for (const e of own) e.settlementId = s.id
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
