/** The memory unit of work: one process-wide re-entrant lock, so atomic blocks never interleave. */
import { Effect, FiberRef, Layer } from "effect"
import { Transactor } from "../platform/transactor.port.js"

const inside = FiberRef.unsafeMake(false)

export const TransactorMemory = Layer.sync(Transactor, () => {
  const lock = Effect.unsafeMakeSemaphore(1)
  return {
    atomically: (effect) =>
      Effect.flatMap(FiberRef.get(inside), (nested) =>
        nested ? effect : lock.withPermits(1)(Effect.locally(effect, inside, true)))
  }
})
