/**
 * The unit of work: runs an effect so that every repository call inside it commits or rolls back
 * together. Use it in a use case that must change several ports atomically (a review move plus a
 * ledger credit, a payout request plus its settlement mark):
 *
 *   const tx = yield* Transactor
 *   yield* tx.atomically(Effect.gen(function*() { ...repo calls... }))
 *
 * The Postgres adapter opens one database transaction (nested calls join it); the memory twin runs
 * the effect under one process-wide lock, which is what makes the memory repositories' conditional
 * updates behave like row locks in tests. Keep the body short: no provider calls inside.
 */
import { Context, type Effect } from "effect"

export class Transactor extends Context.Tag("@podium/core/platform/Transactor")<Transactor, {
  readonly atomically: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}>() {}
