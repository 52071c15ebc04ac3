/** Handlers of Events / Bibs (tenancy-guarded). */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { RegistrationsApi } from "@podium/contracts/registrations"
import { Registrations } from "@podium/core"
import { Effect, type Layer } from "effect"
import { organizerActor, type RegistrationHandlerServices } from "./registrations.views.js"
import { apiGroup } from "../serving/served-groups.js"

const who = Effect.map(OrganizerAccess, organizerActor)
const me = Effect.map(CurrentPrincipal, (p) => p.accountId)

export const BibsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "bibs">, never, RegistrationHandlerServices | Authenticated | OrganizerManagers | OrganizerReaders> = apiGroup(RegistrationsApi, "bibs", (handlers) =>
  handlers
    .handle("bibConfig", ({ path }) => Effect.flatMap(who, (w) => Registrations.bibConfig(w, path.eventId)))
    .handle("updateBibConfig", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.updateBibConfig(w, path.eventId, payload)))
    .handle("assignBib", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.assignBib(w, path.eventId, payload.participantId, payload.number)))
    .handle("autoAssignBibs", ({ path }) => Effect.flatMap(who, (w) => Registrations.autoAssignBibs(w, path.eventId)))
    .handle("updateParticipantBib", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.assignBib(w, path.eventId, path.participantId, payload.number)))
    .handle("publicBib", ({ path }) => Registrations.publicBib(path.slug))
    .handle("myBibs", ({ path }) => Effect.flatMap(me, (id) => Registrations.myBibs(id, path.eventId)))
    .handle("updateMyBib", ({ path, payload }) => Effect.flatMap(me, (id) => Registrations.updateMyBib(id, path.eventId, payload)))
    .handle("issueDigitalBibs", ({ path }) => Effect.flatMap(who, (w) => Registrations.issueDigitalBibs(w, path.eventId)))
    .handle("bibRoster", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const page = urlParams.page ?? 1
        const limit = urlParams.limit ?? 50
        const result = yield* Registrations.bibRoster(yield* who, path.eventId, page, limit)
        return { ...result, page, limit }
      }))
    .handle("reissueBib", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.moveDigitalBib(w, path.eventId, path.participantId, "reissue", payload.reason ?? null)))
    .handle("revokeBib", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.moveDigitalBib(w, path.eventId, path.participantId, "revoke", payload.reason)))
    .handle("scanBib", ({ path, payload }) => Effect.flatMap(who, (w) => Registrations.scanBib(w, path.eventId, payload))))
