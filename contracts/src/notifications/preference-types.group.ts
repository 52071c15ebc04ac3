/**
 * Preference types (C "Athlete / Notifications" GET, POST, DELETE /v2/notifications/preferences-types):
 * the kinds of notification the caller may subscribe to or opt out of — challenges, events,
 * activity, marketing and the admin categories for users — with the caller's state. POST
 * `{type}` subscribes; DELETE `?type=` opts out (400 PREFERENCE_TYPE_LOCKED for a transactional
 * category, 404 for an unknown type). Both answer every type with its new state. The sender honours
 * the switches.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op } from "../common/index.js"

export const PreferenceTypeView = Schema.Struct({
  key: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  userControllable: Schema.Boolean.annotations({ description: "False: transactional, cannot be switched off" }),
  subscribed: Schema.Boolean
}).annotations({ identifier: "NotificationPreferenceType" })

export const PreferenceTypeBody = Body({ type: StrLength(1, 100) })
export const PreferenceTypeQuery = Query({ type: StrLength(1, 100) })

export class NotificationPreferenceTypesGroup extends HttpApiGroup.make("notificationPreferenceTypes")
  .add(op.get("listPreferenceTypes", "/v2/notifications/preferences-types", { ok: Schema.Array(PreferenceTypeView), summary: "Every notification type with the caller's subscription" }))
  .add(op.post("subscribePreferenceType", "/v2/notifications/preferences-types", { body: PreferenceTypeBody, ok: Schema.Array(PreferenceTypeView), status: 201, summary: "Subscribe to a notification type (idempotent)" }))
  .add(op.del("unsubscribePreferenceType", "/v2/notifications/preferences-types", { query: PreferenceTypeQuery, ok: Schema.Array(PreferenceTypeView), summary: "Opt out of a notification type (?type=); transactional types cannot be switched off (400)" }))
  .middleware(Authenticated)
  .annotate(OpenApi.Title, "Athlete / Notification preference types")
  .annotate(OpenApi.Description, "Subscribe to or opt out of notification types")
{}
