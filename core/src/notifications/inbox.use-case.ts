/** Admin "send to all": inbox records plus PUSH outbox rows, in one transaction. */
import { Effect } from "effect"
import type { BroadcastInput } from "./inbox.port.js"
import { InboxRepo } from "./inbox.port.js"
import { OutboxRepo, RetryPolicyRepo } from "./outbox.port.js"

export const broadcastNotification = Effect.fn("notifications.broadcastNotification")(function*(input: BroadcastInput) {
  const outbox = yield* OutboxRepo
  const policy = yield* (yield* RetryPolicyRepo).get("PUSH")
  return yield* (yield* InboxRepo).broadcast(input, (messages) =>
    outbox.enqueueMany(messages.map((m) => ({ ...m, maxAttempts: policy.maxAttempts }))))
})
