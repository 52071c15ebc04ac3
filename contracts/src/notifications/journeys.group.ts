/**
 * Journeys and steps (B "Notifications / Journeys", "Notifications / Steps"). A step exists once a
 * mapping names it; `{stepId}` is the step key (`welcome.day1`), `{role}` one of user, organizer,
 * admin. A journey is a role's steps in order (position, then key); PATCH sets a step's name,
 * position, enabled and delay.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, IntBetween, OneOf, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, Ok, Requires } from "../common/index.js"
import { MappingRoleValues } from "./mappings.group.js"
import { PublicChannels } from "./notifications.dto.js"

export const JourneyStepView = Schema.Struct({
  role: Schema.Literal(...MappingRoleValues),
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
  role: Schema.Literal(...MappingRoleValues),
  steps: Schema.Array(JourneyStepView)
}).annotations({ identifier: "NotificationJourney" })

export const JourneySummaryView = Schema.Array(Schema.Struct({
  role: Schema.Literal(...MappingRoleValues),
  ...StepSummaryView.fields
})).annotations({ identifier: "NotificationJourneySummary" })

export const PatchJourneyStepBody = Body({
  name: Optional(StrLength(1, 200)),
  position: Optional(Schema.NullOr(IntBetween(0, 10_000))),
  enabled: Optional(Bool),
  delayMinutes: Optional(IntBetween(0, 525_600))
})

export const StepListParams = Query({
  role: Optional(OneOf(...MappingRoleValues)),
  search: Optional(StrLength(1, 200))
})

export class NotificationJourneysGroup extends HttpApiGroup.make("notificationJourneys")
  .add(
    HttpApiEndpoint.get("journeySummary", "/v2/admin/notification-journeys/summary")
      .addSuccess(Ok(JourneySummaryView))
      .annotate(OpenApi.Summary, "Per role: steps, enabled, disabled, unmapped, mappings per channel")
  )
  .add(
    HttpApiEndpoint.get("getJourney", "/v2/admin/notification-journeys/:role")
      .setPath(Schema.Struct({ role: Schema.String }))
      .addSuccess(Ok(JourneyView))
      .annotate(OpenApi.Summary, "A role's journey: its steps in order with their mappings (role: user, organizer, admin)")
  )
  .add(
    HttpApiEndpoint.patch("updateJourneyStep", "/v2/admin/notification-journeys/:role/steps/:stepId")
      .setPath(Schema.Struct({ role: Schema.String, stepId: Schema.String }))
      .setPayload(PatchJourneyStepBody)
      .addSuccess(Ok(JourneyStepView))
      .annotate(OpenApi.Summary, "Set a step's name, position (null: unordered), enabled, delayMinutes")
  )
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Journeys")
  .annotate(OpenApi.Description, "Journeys per role (admin, notifications.manage)")
{}

export class NotificationStepsGroup extends HttpApiGroup.make("notificationSteps")
  .add(
    HttpApiEndpoint.get("stepSummary", "/v2/admin/notification-steps/summary")
      .addSuccess(Ok(StepSummaryView))
      .annotate(OpenApi.Summary, "Counts over every role's steps")
  )
  .add(
    HttpApiEndpoint.get("listSteps", "/v2/admin/notification-steps")
      .setUrlParams(StepListParams)
      .addSuccess(Ok(Schema.Array(JourneyStepView)))
      .annotate(OpenApi.Summary, "Every step (filters role, search on key or name)")
  )
  .add(
    HttpApiEndpoint.get("getStep", "/v2/admin/notification-steps/:stepId")
      .setPath(Schema.Struct({ stepId: Schema.String }))
      .addSuccess(Ok(Schema.Array(JourneyStepView)))
      .annotate(OpenApi.Summary, "A step key in every role that has it (404 when none)")
  )
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Steps")
  .annotate(OpenApi.Description, "Notification steps across roles (admin, notifications.manage)")
{}
