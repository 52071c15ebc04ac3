/** Handlers of the athlete inbox (`/v2/notifications`): list, admin send-to-all, mark seen. */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { DateTime, Effect, type Layer } from "effect"
import type { NotificationHandlerServices } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const inboxView = (n: Notifications.InboxNotification) => ({
  id: n.id,
  userId: n.userId,
  title: n.title,
  body: n.body,
  category: n.category,
  seen: n.seenAt !== null,
  seenAt: n.seenAt === null ? null : DateTime.toDate(n.seenAt),
  createdAt: DateTime.toDate(n.createdAt)
})

export const NotificationInboxHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationInbox">, never, NotificationHandlerServices> =
  apiGroup(NotificationsApi, "notificationInbox", (handlers) =>
    handlers
      .handle("listInbox", ({ urlParams }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          const repo = yield* Notifications.InboxRepo
          const page = urlParams.page ?? 1
          const limit = urlParams.limit ?? 20
          const userId = me.role === "admin" ? urlParams.userId : me.accountId
          const seen = urlParams.seen === undefined ? undefined : urlParams.seen === "true"
          const result = yield* repo.list({
            ...(userId === undefined ? {} : { userId }),
            ...(seen === undefined ? {} : { seen }),
            limit,
            offset: (page - 1) * limit
          })
          const unseen = yield* repo.list({ ...(userId === undefined ? {} : { userId }), seen: false, limit: 1, offset: 0 })
          return {
            items: result.items.map(inboxView),
            total: result.total,
            unseen: unseen.total,
            page,
            limit,
            hasMore: page * limit < result.total
          }
        }))
      .handle("broadcastNotification", ({ payload }) =>
        Effect.gen(function*() {
          return yield* Notifications.broadcastNotification({ title: payload.title, body: payload.body, category: payload.category ?? null })
        }))
      .handle("markNotificationSeen", ({ path }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          const n = yield* (yield* Notifications.InboxRepo).markSeen(path.id, me.accountId)
          return inboxView(n)
        }))
  )
