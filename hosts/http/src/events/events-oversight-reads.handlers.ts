/** Handlers of the admin reads of an event's bookings, participants and revenue. */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, OrganizerAccess } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { organizerActor } from "../registrations/registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"
import type { EventHandlerServices } from "./events.handlers.js"

export const AdminEventBookingsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminEventBookings">, never, EventHandlerServices | Registrations.ParticipationRepo> =
  apiGroup(EventsApi, "adminEventBookings", (handlers) =>
    handlers
      .handle("adminEventBookings", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const page = urlParams.page ?? 1
          const limit = urlParams.limit ?? 20
          const me = yield* CurrentPrincipal
          const result = yield* Registrations.adminEventBookings(me, path.id, {
            status: urlParams.status, ticketId: urlParams.ticketId, slotId: urlParams.slotId, q: urlParams.q, page, limit
          })
          return {
            items: result.items.map((b) => ({ ...b.participation, participants: b.participants.map(({ ticketCode: _code, ...p }) => p) })),
            total: result.total,
            page,
            limit
          }
        }))
      .handle("adminEventParticipants", ({ path, urlParams }) =>
        Registrations.adminEventParticipants(path.id, { status: urlParams.status, page: urlParams.page ?? 1, limit: urlParams.limit ?? 20 }))
      .handle("adminEventRevenue", ({ path }) => Registrations.adminEventRevenue(path.id)))

/** The organizer's roster CSV, for the organizer the tenancy guard granted. */
export const EventRosterHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "eventRoster">, never, EventHandlerServices | Registrations.ParticipationRepo> =
  apiGroup(EventsApi, "eventRoster", (handlers) =>
    handlers.handle("eventRosterCsv", ({ path }) =>
      Effect.flatMap(OrganizerAccess, (g) =>
        Registrations.eventRosterCsv(organizerActor(g), path.eventId))))
