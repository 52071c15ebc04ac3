/** Handlers of the Notifications / Retry policies group (admin only); `{id}` is the channel name. */
import { type HttpApiGroup } from "@effect/platform"
import { BadRequest, NotFound } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { Effect, type Layer } from "effect"
import { channelOfPath, coreChannel, type NotificationHandlerServices, retryPolicyView } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const channelOf = (id: string) => {
  const channel = channelOfPath(id)
  return channel === undefined
    ? Effect.fail(new NotFound({ message: `No retry policy ${id} (one of email, sms, push, chatapp)` }))
    : Effect.succeed(channel)
}

export const RetryPoliciesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationRetryPolicies">, never, NotificationHandlerServices> =
  apiGroup(NotificationsApi, "notificationRetryPolicies", (handlers) =>
    handlers
      .handle("listRetryPolicies", () =>
        Effect.gen(function*() {
          return (yield* (yield* Notifications.RetryPolicyRepo).list).map(retryPolicyView)
        }))
      .handle("saveRetryPolicy", ({ payload }) =>
        Effect.gen(function*() {
          const { channel, ...rest } = payload
          return retryPolicyView(yield* (yield* Notifications.RetryPolicyRepo).save({ channel: coreChannel(channel), ...rest }))
        }))
      .handle("getRetryPolicy", ({ path }) =>
        Effect.gen(function*() {
          return retryPolicyView(yield* (yield* Notifications.RetryPolicyRepo).get(yield* channelOf(path.id)))
        }))
      .handle("updateRetryPolicy", ({ path, payload }) =>
        Effect.gen(function*() {
          const repo = yield* Notifications.RetryPolicyRepo
          const current = yield* repo.get(yield* channelOf(path.id))
          const next: Notifications.RetryPolicy = { ...current, ...payload }
          if (next.maxDelayMs < next.baseDelayMs) {
            return yield* new BadRequest({ message: `maxDelayMs must not be less than baseDelayMs (${next.baseDelayMs})` })
          }
          return retryPolicyView(yield* repo.save(next))
        }))
  )
