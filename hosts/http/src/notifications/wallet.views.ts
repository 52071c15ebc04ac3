/** Reads of the organizer notification wallet shared by the admin and organizer handlers (the records are their answers). */
import { Notifications } from "@podium/core"
import { Effect } from "effect"

/** Balance, the latest 50 entries and top-ups of one organizer. */
export const walletDetail = (organizerId: string) =>
  Effect.gen(function*() {
    const repo = yield* Notifications.NotificationWalletRepo
    const wallet = yield* repo.summary(organizerId)
    const entries = yield* repo.entries(organizerId, { limit: 50, offset: 0 })
    const topUps = yield* repo.listTopUps(organizerId)
    return { wallet, entries: entries.items, topUps }
  })

export const settlementPage = (filter: { readonly organizerId?: string; readonly status?: string }, page: number, limit: number) =>
  Effect.gen(function*() {
    const result = yield* (yield* Notifications.NotificationSettlementRepo).list({ ...filter, limit, offset: (page - 1) * limit })
    return { items: result.items, total: result.total, page, limit, hasMore: page * limit < result.total }
  })
