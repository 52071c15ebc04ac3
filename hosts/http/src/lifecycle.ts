/**
 * The host's lifecycle as the probes see it: `draining` flips at the first SIGTERM so readiness
 * answers 503 at once, and the in-flight counter lets shutdown wait for running requests.
 */
import { Context, Effect, Layer } from "effect"

export interface LifecycleShape {
  readonly isDraining: () => boolean
  readonly beginDrain: () => void
  readonly inFlight: () => number
  readonly enter: () => void
  readonly leave: () => void
  /** Resolves once no request is in flight (or at once if none is). */
  readonly idle: () => Promise<void>
}

export class Lifecycle extends Context.Tag("@podium/http/Lifecycle")<Lifecycle, LifecycleShape>() {}

/** A fresh lifecycle; plain mutable state because it is read on every request. */
export const makeLifecycle = (): LifecycleShape => {
  let draining = false
  let count = 0
  let waiters: Array<() => void> = []
  return {
    isDraining: () => draining,
    beginDrain: () => {
      draining = true
    },
    inFlight: () => count,
    enter: () => {
      count++
    },
    leave: () => {
      count--
      if (count === 0 && waiters.length > 0) {
        const ws = waiters
        waiters = []
        for (const w of ws) w()
      }
    },
    idle: () => count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))
  }
}

export const LifecycleLive = (lifecycle: LifecycleShape) => Layer.succeed(Lifecycle, lifecycle)

/** Waits for in-flight requests to finish, at most `graceMs`. */
export const awaitIdle = (lifecycle: LifecycleShape, graceMs: number) =>
  Effect.promise(() =>
    Promise.race([lifecycle.idle(), new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref())])
  )
