/** Handlers of Events / Results (tenancy-guarded): publish, unpublish and the state of an event's results. */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { ResultsApi } from "@podium/contracts/results"
import { Registrations, Results } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ResultsHandlerServices } from "./results.views.js"

/** The organizer and the actor (`organizer:<memberId>` or `admin:<accountId>`) of a guarded request. */
const who = Effect.map(OrganizerAccess, (access): Registrations.OrganizerActor => ({
  organizerId: access.organizerId,
  actor: access.memberId !== null ? `organizer:${access.memberId}` : `admin:${access.principal.accountId}`
}))

export const EventResultsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "eventResults">, never, ResultsHandlerServices | OrganizerManagers | OrganizerReaders> = apiGroup(ResultsApi, "eventResults", (handlers) =>
  handlers
    .handle("publishEventResults", ({ path }) => Effect.flatMap(who, (w) => Results.publishEventResults(w, path.id)))
    .handle("unpublishEventResults", ({ path }) => Effect.flatMap(who, (w) => Results.unpublishEventResults(w, path.id)))
    .handle("eventResultsState", ({ path }) => Effect.flatMap(who, (w) => Results.eventResultsState(w, path.id))))
