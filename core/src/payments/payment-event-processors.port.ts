/**
 * The registry of payment event processors: other contexts add a processor for the webhook event
 * types (and `notes.purpose`) they own — e.g. the clubs tier checkout registers one for
 * `payment.captured` with purpose `club_tier` — and the webhook inbox dispatches each stored event
 * to every matching processor. The registry is process configuration, not state, so it is the same
 * in-memory structure in every host (`PaymentEventProcessorsLive`).
 *
 * Processors MUST be idempotent (a replay, or a gateway retry of an event whose first dispatch
 * failed halfway, runs them again) and touch only the database: the dispatcher runs all matching
 * processors in one `Transactor.atomically` unit, so they commit together or not at all.
 *
 *   export const ClubTierPaymentProcessor = Payments.registerPaymentEventProcessor({
 *     name: "clubs.tier-checkout", eventTypes: ["payment.captured"], purpose: "club_tier",
 *     process: (event) => activateMembership(event.notes["ownerRef"]!, event.payment!.id)
 *   })  // a Layer needing PaymentEventProcessors and the processor's own services
 */
import { Context, Effect, Layer, Schema } from "effect"
import type { PaymentEvent } from "./webhook-event.model.js"

/** A processor could not handle the event; the row becomes FAILED with `message`. */
export class PaymentEventProcessingFailed extends Schema.TaggedError<PaymentEventProcessingFailed>()("PaymentEventProcessingFailed", {
  processor: Schema.String,
  message: Schema.String
}) {}

/**
 * Why a captured payment does not pay what it was for (`the <what>'s` amount and currency), or null
 * when it does: a processor fails the event with this message rather than credit a wrong amount.
 */
export const paymentMismatch = (
  payment: { readonly id: string; readonly amount: number; readonly currency: string },
  expected: { readonly amount: number; readonly currency: string },
  what: string
): string | null =>
  payment.amount === expected.amount && payment.currency === expected.currency
    ? null
    : `payment ${payment.id} amount ${payment.amount} ${payment.currency} differs from the ${what}'s ${expected.amount} ${expected.currency}`

export interface PaymentEventProcessor {
  /** Shown in `processedBy` of the inbox row: `payments.orders`, `clubs.tier-checkout`. */
  readonly name: string
  readonly eventTypes: ReadonlyArray<string>
  /** Only events whose notes carry this purpose; absent: every event of the types. */
  readonly purpose?: string
  readonly process: (event: PaymentEvent) => Effect.Effect<void, PaymentEventProcessingFailed>
}

export class PaymentEventProcessors extends Context.Tag("@podium/core/payments/PaymentEventProcessors")<PaymentEventProcessors, {
  /** Adds a processor (a second one with the same name replaces the first). */
  readonly register: (processor: PaymentEventProcessor) => Effect.Effect<void>
  /** The processors for an event type and purpose, in registration order. */
  readonly matching: (eventType: string, purpose: string | null) => Effect.Effect<ReadonlyArray<PaymentEventProcessor>>
}>() {}

/** A fresh registry. */
export const makePaymentEventProcessors = (): PaymentEventProcessors["Type"] => {
  const processors: Array<PaymentEventProcessor> = []
  return {
    register: (processor) =>
      Effect.sync(() => {
        const at = processors.findIndex((p) => p.name === processor.name)
        if (at >= 0) processors[at] = processor
        else processors.push(processor)
      }),
    matching: (eventType, purpose) =>
      Effect.sync(() =>
        processors.filter((p) => p.eventTypes.includes(eventType) && (p.purpose === undefined || p.purpose === purpose))
      )
  }
}

export const PaymentEventProcessorsLive: Layer.Layer<PaymentEventProcessors> = Layer.sync(PaymentEventProcessors, makePaymentEventProcessors)

/**
 * A layer that registers a processor whose `process` needs services `R`: they are captured when
 * the layer is built, so the registry holds a requirement-free processor.
 */
export const registerPaymentEventProcessor = <R>(processor: {
  readonly name: string
  readonly eventTypes: ReadonlyArray<string>
  readonly purpose?: string
  readonly process: (event: PaymentEvent) => Effect.Effect<void, PaymentEventProcessingFailed, R>
}): Layer.Layer<never, never, PaymentEventProcessors | R> =>
  Layer.effectDiscard(Effect.gen(function*() {
    const context = yield* Effect.context<R>()
    const registry = yield* PaymentEventProcessors
    yield* registry.register({
      name: processor.name,
      eventTypes: processor.eventTypes,
      ...(processor.purpose === undefined ? {} : { purpose: processor.purpose }),
      process: (event) => Effect.provide(processor.process(event), context)
    })
  }))
