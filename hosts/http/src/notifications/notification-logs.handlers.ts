/** Handlers of the Notifications / Logs group (admin only). */
import { type HttpApiGroup } from "@effect/platform"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { Effect, type Layer } from "effect"
import { coreChannel, logView, type NotificationHandlerServices } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

export const NotificationLogsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationLogs">, never, NotificationHandlerServices> =
  apiGroup(NotificationsApi, "notificationLogs", (handlers) =>
    handlers
      .handle("listNotificationLogs", ({ urlParams }) =>
        Effect.gen(function*() {
          const limit = urlParams.limit ?? 20
          const page = urlParams.page ?? 1
          // One row more than the page tells whether another page follows, without a count query.
          const rows = yield* (yield* Notifications.NotificationLogRepo).list({
            ...(urlParams.status === undefined ? {} : { status: urlParams.status }),
            ...(urlParams.channel === undefined ? {} : { channel: coreChannel(urlParams.channel) }),
            ...(urlParams.outboxId === undefined ? {} : { outboxId: urlParams.outboxId }),
            ...(urlParams.step === undefined ? {} : { step: urlParams.step }),
            limit: limit + 1,
            offset: (page - 1) * limit
          })
          return { items: rows.slice(0, limit).map(logView), page, limit, hasMore: rows.length > limit }
        }))
      .handle("getNotificationLog", ({ path }) =>
        Effect.gen(function*() {
          return logView(yield* (yield* Notifications.NotificationLogRepo).get(path.id))
        }))
      .handle("resendNotificationLog", ({ path }) =>
        Effect.gen(function*() {
          const row = yield* Notifications.resendNotificationLog(path.id)
          return { outboxId: row.id, resendOf: path.id, status: row.status }
        }))
  )
