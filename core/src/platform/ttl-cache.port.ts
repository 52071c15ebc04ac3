import { Context, type Duration, type Effect, type Option } from "effect"

/** Options of `TtlCache.incr`. */
export interface IncrOptions {
  /** Amount to add (default 1; may be negative). */
  readonly by?: number
  /** Lifetime given to the counter when this call creates it; an existing counter keeps its expiry. */
  readonly ttl: Duration.DurationInput
}

/**
 * A shared string key/value store whose entries always expire (`TtlCache`, so it does not clash
 * with effect's `Cache`): OTP challenges, session-active flags, one-time tokens, attempt counters.
 *
 * Every write takes a TTL, so nothing lives forever. Values are strings; encode structured values
 * with a Schema at the call site.
 */
export class TtlCache extends Context.Tag("@podium/core/platform/TtlCache")<TtlCache, {
  readonly get: (key: string) => Effect.Effect<Option.Option<string>>
  /**
   * Several keys in one round trip (MGET), answers in the order of `keys`. For per-request paths
   * that would otherwise read one key after another (the auth guard's session, step-up and
   * permission entries).
   */
  readonly getMany: (keys: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<Option.Option<string>>>
  /** Stores `value` for `ttl`, replacing any value and expiry. */
  readonly set: (key: string, value: string, ttl: Duration.DurationInput) => Effect.Effect<void>
  /** Stores `value` only if `key` is absent (SET NX); true when this call stored it. */
  readonly setIfAbsent: (key: string, value: string, ttl: Duration.DurationInput) => Effect.Effect<boolean>
  /** Reads and deletes in one atomic step (GETDEL): of two concurrent takers only one gets the value. */
  readonly take: (key: string) => Effect.Effect<Option.Option<string>>
  /** Deletes `key`; true when it existed. */
  readonly delete: (key: string) => Effect.Effect<boolean>
  /**
   * Adds to an integer counter atomically and returns the new value; a missing (or expired) counter
   * starts from 0 and gets `ttl`, an existing one keeps its expiry (a fixed window of attempts).
   */
  readonly incr: (key: string, options: IncrOptions) => Effect.Effect<number>
  /** Remaining lifetime of `key`, none when absent. */
  readonly ttl: (key: string) => Effect.Effect<Option.Option<Duration.Duration>>
}>() {}
