import { Context, Duration, Effect, Option, Schedule, Schema } from "effect"

/** The lock was held by someone else (after waiting, when a wait was asked for). */
export class LockNotAcquired extends Schema.TaggedError<LockNotAcquired>()("LockNotAcquired", {
  key: Schema.String
}) {}

/**
 * Mutual exclusion across processes with a lease: `acquire` returns a token when free, the lock
 * expires by itself after `ttl` if its holder dies, and only the token's holder can release or
 * extend it (compare-and-delete). Good for "only one runs this at a time", not for correctness
 * that must survive a paused holder outliving its lease — pair it with conditional writes there.
 */
export class DistributedLock extends Context.Tag("@podium/core/platform/DistributedLock")<DistributedLock, {
  /** Takes the lock if free; the token proves ownership. */
  readonly acquire: (key: string, ttl: Duration.DurationInput) => Effect.Effect<Option.Option<string>>
  /** Releases only if `token` still owns the lock; true when it did. */
  readonly release: (key: string, token: string) => Effect.Effect<boolean>
  /** Resets the lease to `ttl` only if `token` still owns the lock; true when it did. */
  readonly extend: (key: string, token: string, ttl: Duration.DurationInput) => Effect.Effect<boolean>
}>() {}

/** Options of `withLock`. */
export interface WithLockOptions {
  /** Lease length; the lock frees itself after this if the holder dies. */
  readonly ttl: Duration.DurationInput
  /** How long to keep trying while the lock is held (default: fail at once). */
  readonly wait?: Duration.DurationInput
  /** Pause between tries while waiting (default 50 ms). */
  readonly retryEvery?: Duration.DurationInput
}

/**
 * Runs `self` while holding the lock `key` and releases it afterwards (also on failure or
 * interruption); fails with `LockNotAcquired` when the lock stays busy.
 */
export const withLock: {
  (key: string, options: WithLockOptions): <A, E, R>(
    self: Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E | LockNotAcquired, R | DistributedLock>
  <A, E, R>(
    self: Effect.Effect<A, E, R>,
    key: string,
    options: WithLockOptions
  ): Effect.Effect<A, E | LockNotAcquired, R | DistributedLock>
} = function() {
  if (Effect.isEffect(arguments[0])) {
    return withLockImpl(arguments[0], arguments[1], arguments[2])
  }
  const key = arguments[0] as string
  const options = arguments[1] as WithLockOptions
  return (self: Effect.Effect<unknown, unknown, unknown>) => withLockImpl(self, key, options)
} as never

const withLockImpl = <A, E, R>(
  self: Effect.Effect<A, E, R>,
  key: string,
  options: WithLockOptions
): Effect.Effect<A, E | LockNotAcquired, R | DistributedLock> =>
  Effect.flatMap(DistributedLock, (lock) => {
    const once = Effect.flatMap(
      lock.acquire(key, options.ttl),
      Option.match({
        onNone: () => Effect.fail(new LockNotAcquired({ key })),
        onSome: Effect.succeed
      })
    )
    const acquire = options.wait === undefined ? once : once.pipe(
      Effect.retry(
        Schedule.spaced(options.retryEvery ?? Duration.millis(50)).pipe(Schedule.upTo(options.wait))
      )
    )
    return Effect.acquireUseRelease(acquire, () => self, (token) => lock.release(key, token))
  })
