/** Handlers of the caller's notification preference types (subscribe / opt out). */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { NotificationHandlerServices } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const caller = Effect.map(CurrentPrincipal, (me) => me.accountId)

export const NotificationPreferenceTypesHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "notificationPreferenceTypes">,
  never,
  NotificationHandlerServices
> = apiGroup(NotificationsApi, "notificationPreferenceTypes", (handlers) =>
  handlers
    .handle("listPreferenceTypes", () => Effect.flatMap(caller, Notifications.preferenceTypes))
    .handle("subscribePreferenceType", ({ payload }) =>
      Effect.flatMap(caller, (userId) => Notifications.setPreferenceType(userId, payload.type, true)))
    .handle("unsubscribePreferenceType", ({ urlParams }) =>
      Effect.flatMap(caller, (userId) => Notifications.setPreferenceType(userId, urlParams.type, false)))
)
