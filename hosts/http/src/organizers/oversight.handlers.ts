/** Handlers of the Organizer oversight group (admin detail, suspend, unsuspend). */
import { type HttpApiGroup } from "@effect/platform"
import { EventsApi } from "@podium/contracts/events"
import { Organizers } from "@podium/core"
import { Effect, type Layer } from "effect"
import { organizerView } from "./organizer.view.js"
import type { OrganizersHandlerServices } from "./organizers.services.js"
import { CurrentPrincipal } from "@podium/contracts/common"
import { apiGroup } from "../serving/served-groups.js"

export const OrganizerOversightHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerOversight">, never, OrganizersHandlerServices> =
  apiGroup(EventsApi, "organizerOversight", (handlers) =>
    handlers
      .handle("adminGetOrganizer", ({ path }) =>
        Effect.gen(function*() {
          const { organizer, teamSize, kyc } = yield* Organizers.organizerOversight(path.organizerId)
          return {
            ...(yield* organizerView(organizer)),
            teamSize,
            kyc: kyc === null ? null : { id: kyc.id, status: kyc.status, reviewReason: kyc.reviewReason }
          }
        }))
      .handle("suspendOrganizer", ({ path, payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          const { organizer, sessionsRevoked } = yield* Organizers.suspendOrganizer(me, path.organizerId, payload.reason)
          return { ...(yield* organizerView(organizer)), sessionsRevoked }
        }))
      .handle("unsuspendOrganizer", ({ path }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          return yield* organizerView(yield* Organizers.unsuspendOrganizer(me, path.organizerId))
        }))
  )
