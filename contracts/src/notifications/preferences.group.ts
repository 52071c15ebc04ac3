/**
 * Per-user notification preferences and push device tokens (C "Athlete / Notifications"). The
 * sender honours them: a disabled channel or category is not sent and its log row says why
 * (transactional messages, without a category, are always sent). `/users/{userId}/…` routes act on
 * the caller's own id (an admin may act for anyone). Device tokens: `enable` deactivates the prior
 * tokens and registers the new one (one active per user); `disable` marks a token inactive.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, DeviceToken, OneOf, Optional, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op } from "../common/index.js"

const channelSwitches = Schema.Struct({
  email: Optional(Bool),
  sms: Optional(Bool),
  push: Optional(Bool),
  chatapp: Optional(Bool)
})
const categorySwitches = Schema.Struct({
  challenges: Optional(Bool),
  events: Optional(Bool),
  activity: Optional(Bool),
  marketing: Optional(Bool)
})

export const PreferencesView = Schema.Struct({
  channels: Schema.Struct({ email: Schema.Boolean, sms: Schema.Boolean, push: Schema.Boolean, chatapp: Schema.Boolean }),
  categories: Schema.Struct({ challenges: Schema.Boolean, events: Schema.Boolean, activity: Schema.Boolean, marketing: Schema.Boolean })
}).annotations({ identifier: "NotificationPreferences" })

export const PatchPreferencesBody = Body({ channels: Optional(channelSwitches), categories: Optional(categorySwitches) })

export const CategoryPreferencesView = Schema.Struct({
  userId: Schema.String,
  challenges: Schema.Boolean,
  events: Schema.Boolean,
  activity: Schema.Boolean
}).annotations({ identifier: "CategoryPreferences" })

export const PatchCategoryPreferencesBody = Body({ challenges: Optional(Bool), events: Optional(Bool), activity: Optional(Bool) })

export const DeviceTokenView = DeviceToken.annotations({ identifier: "DeviceToken" })

export const EnableDeviceBody = Body({ token: StrLength(8, 4096), platform: Optional(OneOf("ios", "android", "web")) })
export const DisableDeviceBody = Body({ token: Optional(StrLength(8, 4096)) })

const UserPath = Schema.Struct({ userId: UuidStr })


export class NotificationPreferencesGroup extends HttpApiGroup.make("notificationPreferences")
  .add(op.get("getPreferences", "/v2/notifications/preferences", { ok: PreferencesView, summary: "The caller's channel and category switches (missing means enabled)" }))
  .add(op.patch("patchPreferences", "/v2/notifications/preferences", { body: PatchPreferencesBody, ok: PreferencesView, summary: "Change some of the caller's channel and category switches" }))
  .add(op.get("getCategoryPreferences", "/v2/notifications/users/:userId/category-preferences", { path: UserPath, ok: CategoryPreferencesView, summary: "A user's challenges / events / activity switches" }))
  .add(op.patch("patchCategoryPreferences", "/v2/notifications/users/:userId/category-preferences", { path: UserPath, body: PatchCategoryPreferencesBody, ok: CategoryPreferencesView, summary: "Enable or disable challenges, events, activity notifications for a user" }))
  .add(op.post("enableDevice", "/v2/notifications/users/:userId/enable", { path: UserPath, body: EnableDeviceBody, ok: DeviceTokenView, status: 201, summary: "Register a push device token: deactivates the user's prior tokens" }))
  .add(op.post("disableDevice", "/v2/notifications/users/:userId/disable", { path: UserPath, body: DisableDeviceBody, ok: Schema.Struct({ disabled: Schema.Int }), status: 201, summary: "Mark a device token inactive (every active token when none is given)" }))
  .middleware(Authenticated)
  .annotate(OpenApi.Title, "Athlete / Notification preferences")
  .annotate(OpenApi.Description, "Preferences honoured by the sender, and push device tokens")
{}
