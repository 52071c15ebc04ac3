/** Public shapes of the organizer notification wallet, shared by the admin, organizer and webhook handlers. */
import { Notifications } from "@podium/core"
import { DateTime, Effect } from "effect"

const date = (d: DateTime.Utc) => DateTime.toDate(d)
const dateOrNull = (d: DateTime.Utc | null) => (d === null ? null : DateTime.toDate(d))

export const walletEntryView = (e: Notifications.WalletEntry) => ({
  id: e.id,
  transactionId: e.transactionId,
  amount: e.amount,
  reason: e.reason,
  counterAccount: e.counterAccount,
  idempotencyKey: e.idempotencyKey,
  createdAt: date(e.createdAt)
})
export const walletSummaryView = (s: Notifications.WalletSummary) => ({ ...s, lastMovementAt: dateOrNull(s.lastMovementAt) })
export const topUpView = (t: Notifications.WalletTopUp) => ({ ...t, createdAt: date(t.createdAt), completedAt: dateOrNull(t.completedAt) })
export const settlementView = (s: Notifications.NotificationSettlement) => ({
  ...s,
  periodStart: date(s.periodStart),
  periodEnd: date(s.periodEnd),
  createdAt: date(s.createdAt),
  processedAt: dateOrNull(s.processedAt)
})

/** Balance, the latest 50 entries and top-ups of one organizer. */
export const walletDetail = (organizerId: string) =>
  Effect.gen(function*() {
    const repo = yield* Notifications.NotificationWalletRepo
    const wallet = yield* repo.summary(organizerId)
    const entries = yield* repo.entries(organizerId, { limit: 50, offset: 0 })
    const topUps = yield* repo.listTopUps(organizerId)
    return { wallet: walletSummaryView(wallet), entries: entries.items.map(walletEntryView), topUps: topUps.map(topUpView) }
  })

export const settlementPage = (filter: { readonly organizerId?: string; readonly status?: string }, page: number, limit: number) =>
  Effect.gen(function*() {
    const result = yield* (yield* Notifications.NotificationSettlementRepo).list({ ...filter, limit, offset: (page - 1) * limit })
    return { items: result.items.map(settlementView), total: result.total, page, limit, hasMore: page * limit < result.total }
  })
