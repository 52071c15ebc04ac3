/** Handlers of Notifications / Journeys and Notifications / Steps (admin, notifications.manage). */
import { type HttpApiGroup } from "@effect/platform"
import { NotFound } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { type NotificationHandlerServices, publicChannel } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

type Services = NotificationHandlerServices | IdentityHandlerServices
const stepView = (s: Notifications.JourneyStep) => ({
  ...s,
  mappings: s.mappings.map((m) => ({ ...m, channel: publicChannel(m.channel) }))
})
const summaryView = (s: Notifications.StepSummary) => ({
  ...s,
  mappingsByChannel: { email: s.mappingsByChannel.EMAIL, sms: s.mappingsByChannel.SMS, push: s.mappingsByChannel.PUSH, chatapp: s.mappingsByChannel.CHAT }
})
const roleOf = (role: string) =>
  (Notifications.MappingRoles as ReadonlyArray<string>).includes(role)
    ? Effect.succeed(role as Notifications.MappingRole)
    : Effect.fail(new NotFound({ message: `No journey for role ${role} (one of user, organizer, admin)` }))

export const NotificationJourneysHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationJourneys">, never, Services> =
  apiGroup(NotificationsApi, "notificationJourneys", (handlers) =>
    handlers
      .handle("journeySummary", () =>
        Effect.gen(function*() {
          const steps = yield* (yield* Notifications.JourneyStepRepo).list({})
          return Notifications.MappingRoles.map((role) => ({ role, ...summaryView(Notifications.summarizeSteps(steps.filter((s) => s.role === role))) }))
        }))
      .handle("getJourney", ({ path }) =>
        Effect.gen(function*() {
          const role = yield* roleOf(path.role)
          return { role, steps: (yield* (yield* Notifications.JourneyStepRepo).list({ role })).map(stepView) }
        }))
      .handle("updateJourneyStep", ({ path, payload }) =>
        Effect.gen(function*() {
          const role = yield* roleOf(path.role)
          const updated = yield* (yield* Notifications.JourneyStepRepo).update(role, path.stepId, payload)
          return yield* Option.match(updated, {
            onNone: () => Effect.fail(new Notifications.JourneyStepNotFound({ step: path.stepId, role })),
            onSome: (s) => Effect.succeed(stepView(s))
          })
        })))

export const NotificationStepsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationSteps">, never, Services> =
  apiGroup(NotificationsApi, "notificationSteps", (handlers) =>
    handlers
      .handle("stepSummary", () =>
        Effect.gen(function*() {
          return summaryView(Notifications.summarizeSteps(yield* (yield* Notifications.JourneyStepRepo).list({})))
        }))
      .handle("listSteps", ({ urlParams }) =>
        Effect.gen(function*() {
          const steps = yield* (yield* Notifications.JourneyStepRepo).list({
            ...(urlParams.role === undefined ? {} : { role: urlParams.role }),
            ...(urlParams.search === undefined ? {} : { search: urlParams.search })
          })
          return steps.map(stepView)
        }))
      .handle("getStep", ({ path }) =>
        Effect.gen(function*() {
          const steps = yield* (yield* Notifications.JourneyStepRepo).list({ step: path.stepId })
          if (steps.length === 0) {
            return yield* new Notifications.JourneyStepNotFound({ step: path.stepId, role: null })
          }
          return steps.map(stepView)
        })))
