/** Handlers of Events / Dev and migration helpers: refused in production (the host's APP_ENV). */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import { AppConfig } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { bookingView, type RegistrationHandlerServices } from "./registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"

const caller = Effect.all({ production: Effect.map(AppConfig, (c) => c.appEnv === "production"), adminId: Effect.map(CurrentPrincipal, (p) => p.accountId) })

export const DevHelpersHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "registrationDevHelpers">, never, RegistrationHandlerServices | Authenticated | AppConfig> = apiGroup(RegistrationsApi, "registrationDevHelpers", (handlers) =>
  handlers
    .handle("assignBookingId", ({ path }) =>
      Effect.map(Effect.flatMap(caller, (c) => Registrations.assignBookingId(c.production, c.adminId, path.participantId)), (b) => bookingView(b)))
    .handle("assignBookingIdsAll", () => Effect.flatMap(caller, (c) => Registrations.assignBookingIdsAll(c.production, c.adminId)))
    .handle("reassignAllBookingIds", () => Effect.flatMap(caller, (c) => Registrations.reassignAllBookingIds(c.production, c.adminId)))
    .handle("reassignEventBookingIds", ({ path }) => Effect.flatMap(caller, (c) => Registrations.reassignEventBookingIds(c.production, c.adminId, path.eventId)))
    .handle("testCheckIn", ({ payload }) => Effect.flatMap(caller, (c) => Registrations.testCheckIn(c.production, c.adminId, payload.participantId))))
