/** How a port contract suite runs against one backend. */
import type { Duration, Effect, Scope } from "effect"
import { randomBytes } from "node:crypto"

export interface PortHarness<R> {
  /** "memory" or "redis". */
  readonly backend: string
  /** Declares one test whose body runs with the ports provided. */
  readonly test: (name: string, body: () => Effect.Effect<void, unknown, R | Scope.Scope>, timeout?: number) => void
  /** Lets `duration` pass: TestClock.adjust on the memory twins, a real sleep on Redis. */
  readonly passTime: (duration: Duration.DurationInput) => Effect.Effect<void>
}

/** A key no other test uses, so tests can share one backend. */
export const uniqueKey = (name: string): string => `${name}:${randomBytes(5).toString("hex")}`
