/** Handlers of notification preferences and push device tokens (`/v2/notifications/...`). */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, Forbidden } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { Effect, type Layer } from "effect"
import { coreChannel, type NotificationHandlerServices } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const Categories = ["challenges", "events", "activity", "marketing"] as const

const preferencesView = (p: Notifications.UserPreferences) => ({
  channels: {
    email: p.channels.EMAIL !== false,
    sms: p.channels.SMS !== false,
    push: p.channels.PUSH !== false,
    chatapp: p.channels.CHAT !== false
  },
  categories: {
    challenges: p.categories.challenges !== false,
    events: p.categories.events !== false,
    activity: p.categories.activity !== false,
    marketing: p.categories.marketing !== false
  }
})

const categoryView = (userId: string, p: Notifications.UserPreferences) => ({
  userId,
  challenges: p.categories.challenges !== false,
  events: p.categories.events !== false,
  activity: p.categories.activity !== false
})

/** The caller acting on `userId`: their own id, or any id for an admin. */
const actingOn = (userId: string) =>
  Effect.gen(function*() {
    const me = yield* CurrentPrincipal
    if (me.role !== "admin" && me.accountId !== userId) {
      return yield* new Forbidden({ message: "You can only manage your own notification settings" })
    }
    return me
  })

const onlyDefined = <K extends string>(o: Partial<Record<K, boolean | undefined>>): Partial<Record<K, boolean>> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<Record<K, boolean>>

export const NotificationPreferencesHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "notificationPreferences">,
  never,
  NotificationHandlerServices
> = apiGroup(NotificationsApi, "notificationPreferences", (handlers) =>
  handlers
    .handle("getPreferences", () =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return preferencesView(yield* (yield* Notifications.PreferenceRepo).get(me.accountId))
      }))
    .handle("patchPreferences", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        const channels: Partial<Record<Notifications.Channel, boolean>> = {}
        for (const [name, on] of Object.entries(payload.channels ?? {})) {
          if (on !== undefined) channels[coreChannel(name as "email")] = on
        }
        const categories = onlyDefined<(typeof Categories)[number]>(payload.categories ?? {})
        return preferencesView(yield* (yield* Notifications.PreferenceRepo).update(me.accountId, { channels, categories }))
      }))
    .handle("getCategoryPreferences", ({ path }) =>
      Effect.gen(function*() {
        yield* actingOn(path.userId)
        return categoryView(path.userId, yield* (yield* Notifications.PreferenceRepo).get(path.userId))
      }))
    .handle("patchCategoryPreferences", ({ path, payload }) =>
      Effect.gen(function*() {
        yield* actingOn(path.userId)
        const categories = onlyDefined<"challenges" | "events" | "activity">(payload)
        return categoryView(path.userId, yield* (yield* Notifications.PreferenceRepo).update(path.userId, { categories }))
      }))
    .handle("enableDevice", ({ path, payload }) =>
      Effect.gen(function*() {
        yield* actingOn(path.userId)
        return yield* (yield* Notifications.DeviceTokenRepo).enable(path.userId, payload.token, payload.platform ?? null)
      }))
    .handle("disableDevice", ({ path, payload }) =>
      Effect.gen(function*() {
        yield* actingOn(path.userId)
        return { disabled: yield* (yield* Notifications.DeviceTokenRepo).disable(path.userId, payload.token ?? null) }
      }))
)
