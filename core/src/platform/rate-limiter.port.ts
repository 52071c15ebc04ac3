import { Context, Duration, type Effect } from "effect"

/** A limit of `limit` hits per sliding `window` (e.g. 1 per 60 s, 10 per day). */
export interface RateLimitRule {
  readonly limit: number
  readonly window: Duration.DurationInput
}

/** The outcome of one hit against a limit. */
export interface RateLimitDecision {
  /** The hit was counted and may proceed. Denied hits are not counted. */
  readonly allowed: boolean
  readonly limit: number
  /** Hits left in the current window after this one. */
  readonly remaining: number
  /** Epoch milliseconds at which the oldest counted hit leaves the window (one more hit fits then). */
  readonly resetAt: number
  /** 0 when allowed; otherwise milliseconds until a hit would be allowed (for `Retry-After`). */
  readonly retryAfterMs: number
}

/**
 * Atomic sliding-window rate limits keyed by caller-chosen strings (`otp:phone:+9198…`), shared by
 * every process that uses the same backend.
 *
 * Semantics (identical in every adapter): a hit at time `t` counts while `now < t + window`; a hit
 * is allowed when fewer than `limit` hits are counted; denied hits are not recorded, so a caller
 * hammering a closed limit does not extend its own lock-out.
 */
export class RateLimiter extends Context.Tag("@podium/core/platform/RateLimiter")<RateLimiter, {
  /** Records one hit if the limit allows it; atomic across concurrent callers. */
  readonly hit: (key: string, rule: RateLimitRule) => Effect.Effect<RateLimitDecision>
  /** Forgets every hit of `key` (e.g. after a successful sign-in); it is no longer listed as blocked. */
  readonly reset: (key: string) => Effect.Effect<void>
  /** Keys whose last hit was denied and whose lock-out has not yet passed, soonest unblocked first (admin view). */
  readonly listBlocked: (limit: number) => Effect.Effect<ReadonlyArray<BlockedKey>>
}>() {}

/** A key that is currently refused: its limit and until when (epoch ms). */
export interface BlockedKey {
  readonly key: string
  readonly limit: number
  readonly blockedUntil: number
}

/**
 * Converts a TTL or window to whole milliseconds (rounded up, at least 1) for the backends;
 * infinite or non-positive durations are programming errors and become defects.
 */
export const positiveMillis = (input: Duration.DurationInput): number => {
  const duration = Duration.decode(input)
  if (!Duration.isFinite(duration)) throw new RangeError("Expected a finite duration")
  const ms = Duration.toMillis(duration)
  if (!(ms > 0)) throw new RangeError(`Expected a positive duration, got ${ms} ms`)
  return Math.max(1, Math.ceil(ms))
}
