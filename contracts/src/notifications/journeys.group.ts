/**
 * Journeys and steps (B "Notifications / Journeys", "Notifications / Steps"). A step exists once a
 * mapping names it; `{stepId}` is the step key (`welcome.day1`), `{role}` one of user, organizer,
 * admin. A journey is a role's steps in order (position, then key); PATCH sets a step's name,
 * position, enabled and delay.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, IntBetween, MappingRoles, OneOf, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"
import { PublicChannels } from "./notifications.dto.js"

export const JourneyStepView = Schema.Struct({
  role: Schema.Literal(...MappingRoles),
  step: Schema.String,
  name: Schema.String,
  position: Schema.NullOr(Schema.Int),
  enabled: Schema.Boolean,
  delayMinutes: Schema.Int,
  mappings: Schema.Array(Schema.Struct({
    channel: Schema.Literal(...PublicChannels),
    templateKey: Schema.String,
    enabled: Schema.Boolean
  }))
}).annotations({ identifier: "NotificationJourneyStep" })

export const StepSummaryView = Schema.Struct({
  steps: Schema.Int,
  enabled: Schema.Int,
  disabled: Schema.Int,
  unmapped: Schema.Int,
  mappingsByChannel: Schema.Struct({ email: Schema.Int, sms: Schema.Int, push: Schema.Int, chatapp: Schema.Int })
}).annotations({ identifier: "NotificationStepSummary" })

export const JourneyView = Schema.Struct({
  role: Schema.Literal(...MappingRoles),
  steps: Schema.Array(JourneyStepView)
}).annotations({ identifier: "NotificationJourney" })

export const JourneySummaryView = Schema.Array(Schema.Struct({
  role: Schema.Literal(...MappingRoles),
  ...StepSummaryView.fields
})).annotations({ identifier: "NotificationJourneySummary" })

export const PatchJourneyStepBody = Body({
  name: Optional(StrLength(1, 200)),
  position: Optional(Schema.NullOr(IntBetween(0, 10_000))),
  enabled: Optional(Bool),
  delayMinutes: Optional(IntBetween(0, 525_600))
})

export const StepListParams = Query({
  role: Optional(OneOf(...MappingRoles)),
  search: Optional(StrLength(1, 200))
})

export class NotificationJourneysGroup extends HttpApiGroup.make("notificationJourneys")
  .add(op.get("journeySummary", "/v2/admin/notification-journeys/summary", { ok: JourneySummaryView, summary: "Per role: steps, enabled, disabled, unmapped, mappings per channel" }))
  .add(op.get("getJourney", "/v2/admin/notification-journeys/:role", { path: Schema.Struct({ role: Schema.String }), ok: JourneyView, summary: "A role's journey: its steps in order with their mappings (role: user, organizer, admin)" }))
  .add(op.patch("updateJourneyStep", "/v2/admin/notification-journeys/:role/steps/:stepId", { path: Schema.Struct({ role: Schema.String, stepId: Schema.String }), body: PatchJourneyStepBody, ok: JourneyStepView, summary: "Set a step's name, position (null: unordered), enabled, delayMinutes" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Journeys")
  .annotate(OpenApi.Description, "Journeys per role (admin, notifications.manage)")
{}

export class NotificationStepsGroup extends HttpApiGroup.make("notificationSteps")
  .add(op.get("stepSummary", "/v2/admin/notification-steps/summary", { ok: StepSummaryView, summary: "Counts over every role's steps" }))
  .add(op.get("listSteps", "/v2/admin/notification-steps", { query: StepListParams, ok: Schema.Array(JourneyStepView), summary: "Every step (filters role, search on key or name)" }))
  .add(op.get("getStep", "/v2/admin/notification-steps/:stepId", { path: Schema.Struct({ stepId: Schema.String }), ok: Schema.Array(JourneyStepView), summary: "A step key in every role that has it (404 when none)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Steps")
  .annotate(OpenApi.Description, "Notification steps across roles (admin, notifications.manage)")
{}
