/** Handlers of Events / Bibs (tenancy-guarded). */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { organizerActor, type RegistrationHandlerServices } from "./registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"

const who = Effect.map(OrganizerAccess, organizerActor)

export const BibsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "bibs">, never, RegistrationHandlerServices | OrganizerManagers | OrganizerReaders> = apiGroup(RegistrationsApi, "bibs", (handlers) =>
  handlers
    .handle("bibConfig", ({ path }) => Effect.flatMap(who, (w) => Registrations.bibConfig(w, path.eventId)))
    .handle("updateBibConfig", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.updateBibConfig(w, path.eventId, payload)))
    .handle("assignBib", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.assignBib(w, path.eventId, payload.participantId, payload.number)))
    .handle("autoAssignBibs", ({ path }) => Effect.flatMap(who, (w) => Registrations.autoAssignBibs(w, path.eventId)))
    .handle("updateParticipantBib", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.assignBib(w, path.eventId, path.participantId, payload.number)))
    .handle("scanBib", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.scanBib(w, path.eventId, payload))))
