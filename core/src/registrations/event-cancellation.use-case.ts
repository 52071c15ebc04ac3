/**
 * The refund cascade of a cancelled event (C "Event cancel refunds paid bookings, cancels free
 * ones"): the events context leaves a durable cancellation intent; this work takes every pending
 * intent, and for each live booking of the event requests the refund of a paid, confirmed one
 * (payments.refunds, once per booking) and cancels the booking (seats released once) in one unit
 * of work, then marks the intent processed. Everything is idempotent: the refund is unique per
 * booking, the cancel is a conditional move, the intent mark is conditional — two runs at once,
 * or a run after a crash, refund and cancel each booking once. A PENDING (unpaid) booking is just
 * cancelled: a payment that still arrives for it is refunded by `confirmBookingPayment`.
 */
import type { Participation } from "@podium/kernel"
import { Effect, Option } from "effect"
import { EventRepo } from "../events/event.port.js"
import { PaymentGateway } from "../payments/payment-gateway.port.js"
import { capturedPaymentOf, requestRefund } from "../payments/refund.use-case.js"
import { Transactor } from "../platform/transactor.port.js"
import { ParticipationRepo } from "./participation.port.js"

const PageSize = 500

/** Ids of the event's bookings in `status` (collected before acting: cancelling moves them out of the filter). */
const bookingsOf = (eventId: string, status: "PENDING" | "CONFIRMED") =>
  Effect.gen(function*() {
    const repo = yield* ParticipationRepo
    const found: Array<Participation> = []
    for (let page = 1; ; page++) {
      const { items, total } = yield* repo.list({ eventId, status, page, limit: PageSize })
      found.push(...items.map((b) => b.participation))
      if (items.length === 0 || page * PageSize >= total) return found
    }
  })

/**
 * Requests the refund of a paid booking: its captured gateway payment, once per booking. A booking
 * whose payment the platform never recorded still gets a refund row (FAILED by the job with the
 * reason, for an admin to settle by hand) so no money owed goes unnoticed.
 */
export const requestBookingRefund = Effect.fn("registrations.requestBookingRefund")(function*(p: Participation, reason: string, requestedBy: string) {
  const gateway = yield* PaymentGateway
  const payment = p.gatewayOrderId === null ? Option.none() : yield* capturedPaymentOf(p.gatewayOrderId)
  return yield* requestRefund({
    sourceKind: "booking",
    sourceId: p.id,
    userId: p.userId,
    eventId: p.eventId,
    challengeId: null,
    provider: gateway.provider,
    gatewayPaymentId: Option.match(payment, { onNone: () => null, onSome: (x) => x.gatewayPaymentId }),
    amount: p.amount,
    currency: p.currency,
    reason,
    requestedBy
  })
})

export interface CancellationRun {
  readonly intents: number
  readonly cancelled: number
  readonly refundsRequested: number
}

/** One run over the pending cancellation intents (the `registrations.cancellations.process` job's body). */
export const processEventCancellations = Effect.fn("registrations.processEventCancellations")(function*(limit = 20) {
  const events = yield* EventRepo
  const repo = yield* ParticipationRepo
  const tx = yield* Transactor
  let cancelled = 0
  let refundsRequested = 0
  const intents = yield* events.dueCancellations(limit)
  for (const intent of intents) {
    const reason = `event cancelled${intent.reason === null ? "" : `: ${intent.reason}`}`
    const live = [...yield* bookingsOf(intent.eventId, "CONFIRMED"), ...yield* bookingsOf(intent.eventId, "PENDING")]
    for (const p of live) {
      const outcome = yield* tx.atomically(Effect.gen(function*() {
        const refund = p.status === "CONFIRMED" && p.amount > 0 ? yield* requestBookingRefund(p, reason, intent.requestedBy) : null
        const moved = yield* repo.move(p.id, "cancel", {
          at: new Date(),
          reason,
          timeline: { action: "cancelled", actor: "system:event_cancellation", reason, ...(refund === null ? {} : { data: { refundId: refund.refund.id } }) }
        }).pipe(
          Effect.as(true),
          // Cancelled meanwhile (another run, the organizer, the athlete): nothing left to do here.
          Effect.catchTags({ MoveRefused: () => Effect.succeed(false), ParticipationNotFound: () => Effect.succeed(false) })
        )
        return { moved, refundCreated: refund?.created === true }
      }))
      if (outcome.moved) cancelled += 1
      if (outcome.refundCreated) refundsRequested += 1
    }
    yield* events.markCancellationProcessed(intent.id)
  }
  return { intents: intents.length, cancelled, refundsRequested } satisfies CancellationRun
})
