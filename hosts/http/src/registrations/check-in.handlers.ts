/** Handlers of Events / Check-in (tenancy-guarded): scans answer verdicts, never errors. */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { organizerActor, type RegistrationHandlerServices } from "./registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"

const who = Effect.map(OrganizerAccess, organizerActor)

export const CheckInHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "checkIn">, never, RegistrationHandlerServices | OrganizerManagers | OrganizerReaders> = apiGroup(RegistrationsApi, "checkIn", (handlers) =>
  handlers
    .handle("scanTicket", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.scanCode(w, path.eventId, payload)))
    .handle("syncCheckInBatch", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.syncBatch(w, path.eventId, payload.scans)))
    .handle("undoCheckIn", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.undoCheckIn(w, path.eventId, path.checkinId, payload.reason ?? null)))
    .handle("checkInStatus", ({ path, urlParams }) => Effect.flatMap(who, (w) => Registrations.checkInStatus(w, path.eventId, urlParams.participantId)))
    .handle("checkInSearch", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const page = urlParams.page ?? 1
        const limit = urlParams.limit ?? 20
        const result = yield* Registrations.checkInSearch(yield* who, path.eventId, urlParams.q, page, limit)
        return { ...result, page, limit }
      }))
    .handle("checkInSummary", ({ path }) => Effect.flatMap(who, (w) => Registrations.checkInSummary(w, path.eventId)))
    .handle("checkInByBooking", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.checkInByBooking(w, path.eventId, payload)))
    .handle("checkInParticipant", ({ path }) => Effect.flatMap(who, (w) => Registrations.checkInParticipant(w, path.participantId))))
