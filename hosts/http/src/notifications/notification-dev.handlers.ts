/**
 * DEVELOPMENT ONLY: the local recording provider's deliveries. The host routes this API only when
 * APP_ENV is not production (see server.ts); admin only even then.
 */
import { type HttpApiGroup } from "@effect/platform"
import { NotificationsDevApi } from "@podium/contracts/notifications"
import { RecordedDeliveries } from "@podium/core/testing"
import { Effect, type Layer } from "effect"
import { coreChannel, type NotificationHandlerServices, publicChannel } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const str = (v: unknown) => (typeof v === "string" ? v : null)

export const NotificationDevHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationDev">, never, NotificationHandlerServices> =
  apiGroup(NotificationsDevApi, "notificationDev", (handlers) =>
    handlers.handle("listRecordedDeliveries", ({ urlParams }) =>
      Effect.gen(function*() {
        const recorded = yield* RecordedDeliveries
        const channel = urlParams.channel === undefined ? undefined : coreChannel(urlParams.channel)
        return recorded.all()
          .filter((d) => (channel === undefined || d.channel === channel) && (urlParams.to === undefined || d.to === urlParams.to))
          .reverse()
          .slice(0, urlParams.limit ?? 100)
          .map((d) => {
            const m = d.message as Record<string, unknown>
            return {
              channel: publicChannel(d.channel),
              providerMessageId: d.providerMessageId,
              to: d.to,
              subject: str(m.subject) ?? str(m.title),
              body: str(m.text) ?? str(m.body) ?? "",
              template: str(m.template),
              at: d.at
            }
          })
      })))
