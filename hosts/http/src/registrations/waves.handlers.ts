/** Handlers of Events / Waves and sales (tenancy-guarded). */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { organizerActor, type RegistrationHandlerServices } from "./registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"

const who = Effect.map(OrganizerAccess, organizerActor)

export const WavesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "waves">, never, RegistrationHandlerServices | OrganizerManagers | OrganizerReaders> = apiGroup(RegistrationsApi, "waves", (handlers) =>
  handlers
    .handle("eventWaves", ({ path }) => Effect.flatMap(who, (w) => Registrations.eventWaves(w, path.eventId)))
    .handle("waveCapacity", ({ path }) => Effect.flatMap(who, (w) => Registrations.waveCapacity(w, path.eventId)))
    .handle("closeWave", ({ path }) => Effect.flatMap(who, (w) => Registrations.moveWave(w, path.eventId, path.slotId, "close")))
    .handle("openWave", ({ path }) => Effect.flatMap(who, (w) => Registrations.moveWave(w, path.eventId, path.slotId, "open")))
    .handle("startWave", ({ path }) => Effect.flatMap(who, (w) => Registrations.moveWave(w, path.eventId, path.slotId, "start")))
    .handle("waveRoster", ({ path, urlParams }) => Effect.flatMap(who, (w) => Registrations.waveRoster(w, path.eventId, urlParams.slotId)))
    .handle("seedWaves", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.seedWaves(w, path.eventId, payload.dryRun ?? false)))
    .handle("eventAntiCheat", ({ path }) => Effect.flatMap(who, (w) => Registrations.eventAntiCheat(w, path.eventId)))
    .handle("participationWave", ({ path }) => Effect.flatMap(who, (w) => Registrations.participationWave(w, path.eventId, path.participationId)))
    .handle("ticketSalesTicketWise", ({ path }) => Effect.flatMap(who, (w) => Registrations.ticketSalesByTicket(w, path.eventId)))
    .handle("ticketSalesSlotWise", ({ path }) => Effect.flatMap(who, (w) => Registrations.ticketSalesBySlot(w, path.eventId))))
