/** Wallet use cases: the top-up webhook (inbox first, idempotent by event id) and admin adjust. */
import { DomainError } from "@podium/kernel"
import { Effect, Schema } from "effect"
import { CounterAccounts } from "./wallet.model.js"
import { NotificationWalletRepo, WebhookInboxRepo } from "./wallet.port.js"

export const WalletTopUpSource = "wallet-topup"

/** The gateway's event does not match a top-up we started. */
export class WalletTopUpRejected extends DomainError<WalletTopUpRejected>()("WalletTopUpRejected", { kind: "conflict", code: "TOP_UP_REJECTED", message: (e) => e.reason }, {
  reason: Schema.String
}) {}

export interface WalletTopUpEvent {
  readonly eventId: string
  readonly topUpId: string
  readonly status: "succeeded" | "failed"
  readonly amount: number | null
}

/**
 * Applies one gateway event: stored in the webhook inbox first; an event already PROCESSED or
 * REJECTED is a replay and changes nothing; otherwise the PENDING top-up is completed (credited
 * once) or failed.
 */
export const applyWalletTopUpEvent = Effect.fn("notifications.applyWalletTopUpEvent")(function*(event: WalletTopUpEvent, raw: unknown) {
  const inbox = yield* WebhookInboxRepo
  const wallets = yield* NotificationWalletRepo
  const stored = yield* inbox.record(WalletTopUpSource, event.eventId, raw)
  if (!stored.fresh && stored.status !== "RECEIVED") {
    const topUp = yield* wallets.getTopUp(event.topUpId).pipe(Effect.option)
    return { duplicate: true, topUp: topUp._tag === "Some" ? topUp.value : null }
  }
  const reject = (reason: string) =>
    Effect.zipRight(inbox.mark(WalletTopUpSource, event.eventId, "REJECTED", reason), Effect.fail(new WalletTopUpRejected({ reason })))
  const found = yield* wallets.getTopUp(event.topUpId).pipe(Effect.option)
  if (found._tag === "None") return yield* reject(`unknown top-up ${event.topUpId}`)
  if (event.amount !== null && event.amount !== found.value.amount) {
    return yield* reject(`amount ${event.amount} does not match the top-up's ${found.value.amount}`)
  }
  const topUp = yield* wallets.settleTopUp(event.topUpId, event.status === "succeeded" ? "COMPLETED" : "FAILED", event.eventId).pipe(
    Effect.orDie
  )
  yield* inbox.mark(WalletTopUpSource, event.eventId, "PROCESSED", null)
  return { duplicate: false, topUp }
})

/** Admin credit (positive) or debit (negative) of an organizer's wallet. */
export const adjustWallet = Effect.fn("notifications.adjustWallet")(function*(input: {
  readonly organizerId: string
  readonly amount: number
  readonly reason: string
  readonly idempotencyKey: string | null
}) {
  return yield* (yield* NotificationWalletRepo).post({
    organizerId: input.organizerId,
    amount: input.amount,
    reason: `adjustment: ${input.reason}`,
    counterAccount: CounterAccounts.adjustment,
    idempotencyKey: input.idempotencyKey
  })
})
