/** Ports of the athlete inbox and of push device tokens. */
import { Context, type Effect } from "effect"
import type { DeviceToken, InboxFilter, InboxNotification, InboxNotificationNotFound, InboxPage } from "./inbox.model.js"
import type { NewOutboxMessage } from "./outbox.port.js"

export interface BroadcastInput {
  readonly title: string
  readonly body: string
  readonly category: string | null
}

export class InboxRepo extends Context.Tag("@podium/core/notifications/InboxRepo")<InboxRepo, {
  /** Newest first. */
  readonly list: (filter: InboxFilter) => Effect.Effect<InboxPage>
  /** Sets seenAt (once) on the owner's record; another user's record is "not found". */
  readonly markSeen: (id: string, userId: string) => Effect.Effect<InboxNotification, InboxNotificationNotFound>
  /**
   * In ONE transaction: writes an inbox record for every athlete whose preferences do not disable
   * `category`, then calls `enqueue` with one PUSH message per active device token of every athlete
   * (the delivery path checks preferences again and logs why a row is skipped). `enqueue` runs on
   * the same transaction. Answers how many inbox records and push messages were written.
   */
  readonly broadcast: (
    input: BroadcastInput,
    enqueue: (messages: ReadonlyArray<Omit<NewOutboxMessage, "maxAttempts">>) => Effect.Effect<unknown>
  ) => Effect.Effect<{ readonly recipients: number; readonly pushMessages: number }>
}>() {}

export class DeviceTokenRepo extends Context.Tag("@podium/core/notifications/DeviceTokenRepo")<DeviceTokenRepo, {
  /** Deactivates the user's prior tokens and registers (or re-activates) `token`, atomically. */
  readonly enable: (userId: string, token: string, platform: string | null) => Effect.Effect<DeviceToken>
  /** Marks `token` (or, when null, every active token of the user) inactive; answers how many changed. */
  readonly disable: (userId: string, token: string | null) => Effect.Effect<number>
  readonly listForUser: (userId: string) => Effect.Effect<ReadonlyArray<DeviceToken>>
}>() {}
