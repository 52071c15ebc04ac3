/**
 * Retry policies, one per channel: how many attempts a message gets and how long the worker waits
 * between them (base × factor^(attempt−1), capped). Operators edit them later through
 * `/v2/admin/notifications/retry-policies`; until then the defaults below apply.
 */
import { Duration, Schema } from "effect"
import { type Channel, Channels } from "./channels.port.js"

export const RetryPolicy = Schema.Struct({
  channel: Schema.Literal(...Channels),
  maxAttempts: Schema.Int.pipe(Schema.between(1, 50)),
  baseDelayMs: Schema.Int.pipe(Schema.between(0, 86_400_000)),
  factor: Schema.Number.pipe(Schema.between(1, 10)),
  maxDelayMs: Schema.Int.pipe(Schema.between(0, 7 * 86_400_000))
})
export type RetryPolicy = typeof RetryPolicy.Type

/** Defaults: OTP-style SMS retries quickly, push gives up early (tokens go stale), email and chat are patient. */
export const DefaultRetryPolicies: Readonly<Record<Channel, RetryPolicy>> = {
  EMAIL: { channel: "EMAIL", maxAttempts: 5, baseDelayMs: 30_000, factor: 2, maxDelayMs: 3_600_000 },
  SMS: { channel: "SMS", maxAttempts: 5, baseDelayMs: 15_000, factor: 2, maxDelayMs: 1_800_000 },
  PUSH: { channel: "PUSH", maxAttempts: 3, baseDelayMs: 30_000, factor: 2, maxDelayMs: 600_000 },
  CHAT: { channel: "CHAT", maxAttempts: 5, baseDelayMs: 30_000, factor: 2, maxDelayMs: 3_600_000 }
}

/**
 * Delay before the next attempt after `attempts` failed ones (1-based). Deterministic (no jitter)
 * so tests can assert exact times; SKIP LOCKED and leases already keep workers from stampeding.
 */
export const retryDelay = (policy: RetryPolicy, attempts: number): Duration.Duration =>
  Duration.millis(Math.min(policy.maxDelayMs, policy.baseDelayMs * Math.pow(policy.factor, Math.max(0, attempts - 1))))

/** After a failed attempt: retry later, or DEAD when the attempts are used up or retrying cannot help. */
export const afterFailedAttempt = (
  policy: RetryPolicy,
  row: { readonly attempts: number; readonly maxAttempts: number },
  retryable: boolean
): { readonly _tag: "Retry"; readonly delay: Duration.Duration } | { readonly _tag: "Bury" } =>
  !retryable || row.attempts >= row.maxAttempts ? { _tag: "Bury" } : { _tag: "Retry", delay: retryDelay(policy, row.attempts) }
