import { type DateTime, Effect } from "effect"
import type { Channel } from "./channels.port.js"
import type { OutboxMessage, Variables } from "./outbox.model.js"
import { OutboxRepo, RetryPolicyRepo } from "./outbox.port.js"

export interface EnqueueNotificationInput {
  readonly channel: Channel
  readonly recipient: string
  readonly userId?: string | null
  /** Template to render at delivery; or give a literal `body` (and `subject`). */
  readonly templateKey?: string | null
  readonly variables?: Variables
  readonly subject?: string | null
  readonly body?: string | null
  readonly category?: string | null
  readonly step?: string | null
  /** Who produced it, e.g. `identity.otp:<challengeId>`. */
  readonly producer?: string | null
  readonly notBefore?: DateTime.Utc
}

/**
 * Queues one notification as an outbox row, with the channel's retry policy. Call it inside the
 * producer's transaction (`sql.withTransaction(...)` around both the state change and this) so the
 * message exists exactly when the change committed.
 */
export const enqueueNotification = Effect.fn("notifications.enqueueNotification")(function*(input: EnqueueNotificationInput) {
  const outbox = yield* OutboxRepo
  const policy = yield* (yield* RetryPolicyRepo).get(input.channel)
  if ((input.templateKey ?? null) === null && (input.body ?? null) === null) {
    return yield* Effect.dieMessage("enqueueNotification needs a templateKey or a body")
  }
  const message: OutboxMessage = yield* outbox.enqueue({ ...input, maxAttempts: policy.maxAttempts })
  return message
})
