/** Handlers of the admin log reports (stats, organizer batches with delivery counts); notifications.manage. */
import { type HttpApiGroup } from "@effect/platform"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { DateTime, Effect, type Layer } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { batchView } from "./organizer-notification-sending.handlers.js"
import { coreChannel, type NotificationHandlerServices, publicChannel } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const withDelivery = (batches: ReadonlyArray<Notifications.NotificationBatch>) =>
  Effect.gen(function*() {
    const producers = batches.map((b) => Notifications.batchProducer(b.organizerId, b.id))
    const deliveries = yield* (yield* Notifications.NotificationReportRepo).deliveriesOf(producers)
    return batches.map((b, i) => ({ batch: batchView(b), delivery: deliveries.get(producers[i]!)! }))
  })

export const NotificationReportsHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "notificationReports">,
  never,
  NotificationHandlerServices | IdentityHandlerServices
> = apiGroup(NotificationsApi, "notificationReports", (handlers) =>
  handlers
    .handle("notificationLogStats", ({ urlParams }) =>
      Effect.gen(function*() {
        const stats = yield* (yield* Notifications.NotificationReportRepo).logStats({
          ...(urlParams.channel === undefined ? {} : { channel: coreChannel(urlParams.channel) }),
          ...(urlParams.from === undefined ? {} : { from: DateTime.unsafeFromDate(urlParams.from) }),
          ...(urlParams.to === undefined ? {} : { to: DateTime.unsafeFromDate(urlParams.to) })
        })
        return {
          total: stats.total,
          byStatus: stats.byStatus,
          byChannel: { email: stats.byChannel.EMAIL, sms: stats.byChannel.SMS, push: stats.byChannel.PUSH, chatapp: stats.byChannel.CHAT },
          byDeliveryStatus: stats.byDeliveryStatus,
          providers: stats.providers.map((p) => ({ ...p, channel: publicChannel(p.channel) }))
        }
      }))
    .handle("listNotificationBatches", ({ urlParams }) =>
      Effect.gen(function*() {
        const page = urlParams.page ?? 1
        const limit = urlParams.limit ?? 20
        const result = yield* (yield* Notifications.OrganizerNotificationRepo).listBatches(urlParams.organizerId ?? null, {
          limit,
          offset: (page - 1) * limit
        })
        return { items: yield* withDelivery(result.items), total: result.total, page, limit, hasMore: page * limit < result.total }
      }))
    .handle("getNotificationBatch", ({ path }) =>
      Effect.gen(function*() {
        const batch = yield* (yield* Notifications.OrganizerNotificationRepo).getBatch(null, path.id)
        return (yield* withDelivery([batch]))[0]!
      }))
)
