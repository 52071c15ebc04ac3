/** Handlers of the Organizer staff tasks group (portal routes act for the organizer the tenancy guard granted). */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Organizers } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { OrganizersHandlerServices } from "./organizers.services.js"
import { apiGroup } from "../serving/served-groups.js"

export const OrganizerStaffTasksHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerStaffTasks">, never, OrganizersHandlerServices> =
  apiGroup(EventsApi, "organizerStaffTasks", (handlers) =>
    handlers
      .handle("listStaffTasks", () =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          return yield* Organizers.listStaffTasks(access)
        }))
      .handle("createStaffTask", ({ payload }) =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          return yield* Organizers.createStaffTask(access.principal, access, {
            title: payload.title,
            description: payload.description ?? null,
            assigneeMemberId: payload.assigneeMemberId ?? null,
            dueAt: payload.dueAt === undefined ? null : new Date(payload.dueAt)
          })
        }))
      .handle("changeStaffTaskStatus", ({ path, payload }) =>
        Effect.gen(function*() {
          const access = yield* OrganizerAccess
          return yield* Organizers.changeStaffTaskStatus(access.principal, access, path.taskId, payload.status)
        })))
