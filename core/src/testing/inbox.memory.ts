/**
 * In-memory twins of the inbox and device-token repositories. The memory broadcast reaches the users
 * given by `users` (default: every user with a device token or an inbox record).
 */
import { Context, DateTime, Effect, Layer } from "effect"
import { type DeviceToken, type InboxNotification, InboxNotificationNotFound } from "../notifications/inbox.model.js"
import { DeviceTokenRepo, InboxRepo } from "../notifications/inbox.port.js"

export const makeInboxMemory = (options: { readonly users?: () => ReadonlyArray<string> } = {}) => {
  const inbox: Array<InboxNotification> = []
  const tokens: Array<DeviceToken> = []
  let sequence = 0
  const now = () => DateTime.unsafeNow()
  const knownUsers = () => options.users?.() ?? [...new Set([...tokens.map((t) => t.userId), ...inbox.map((n) => n.userId)])]
  const inboxRepo = InboxRepo.of({
    list: (f) =>
      Effect.sync(() => {
        const all = inbox
          .filter((n) => (f.userId === undefined || n.userId === f.userId) && (f.seen === undefined || (n.seenAt !== null) === f.seen))
          .reverse()
        return { items: all.slice(f.offset, f.offset + f.limit), total: all.length }
      }),
    markSeen: (id, userId) =>
      Effect.suspend(() => {
        const i = inbox.findIndex((n) => n.id === id && n.userId === userId)
        if (i < 0) return Effect.fail(new InboxNotificationNotFound({ id }))
        const next = { ...inbox[i]!, seenAt: inbox[i]!.seenAt ?? now() }
        inbox[i] = next
        return Effect.succeed(next)
      }),
    broadcast: (input, enqueue) =>
      Effect.gen(function*() {
        const users = knownUsers()
        for (const userId of users) {
          inbox.push({ id: `inbox-${++sequence}`, userId, title: input.title, body: input.body, category: input.category, seenAt: null, createdAt: now() })
        }
        const active = tokens.filter((t) => t.active)
        if (active.length > 0) {
          yield* enqueue(active.map((t) => ({
            channel: "PUSH" as const,
            recipient: t.token,
            userId: t.userId,
            subject: input.title,
            body: input.body,
            category: input.category,
            producer: "notifications.broadcast"
          })))
        }
        return { recipients: users.length, pushMessages: active.length }
      })
  })
  const deviceTokens = DeviceTokenRepo.of({
    enable: (userId, token, platform) =>
      Effect.sync(() => {
        for (const [i, t] of tokens.entries()) {
          if (t.userId === userId && t.active && t.token !== token) tokens[i] = { ...t, active: false, deactivatedAt: now() }
        }
        const i = tokens.findIndex((t) => t.userId === userId && t.token === token)
        const next: DeviceToken = {
          userId,
          token,
          platform: platform ?? (i >= 0 ? tokens[i]!.platform : null),
          active: true,
          createdAt: i >= 0 ? tokens[i]!.createdAt : now(),
          deactivatedAt: null
        }
        if (i >= 0) tokens[i] = next
        else tokens.push(next)
        return next
      }),
    disable: (userId, token) =>
      Effect.sync(() => {
        let n = 0
        for (const [i, t] of tokens.entries()) {
          if (t.userId === userId && t.active && (token === null || t.token === token)) {
            tokens[i] = { ...t, active: false, deactivatedAt: now() }
            n++
          }
        }
        return n
      }),
    listForUser: (userId) => Effect.sync(() => tokens.filter((t) => t.userId === userId).reverse())
  })
  return { inbox: inboxRepo, deviceTokens }
}

/** Fresh memory inbox and device-token repositories. */
export const InboxMemory: Layer.Layer<InboxRepo | DeviceTokenRepo> = Layer.effectContext(
  Effect.sync(() => {
    const m = makeInboxMemory()
    return Context.make(InboxRepo, m.inbox).pipe(Context.add(DeviceTokenRepo, m.deviceTokens))
  })
)
