/** Handlers of Events / Results (tenancy-guarded): publish, unpublish and the state of an event's results. */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { ResultsApi } from "@podium/contracts/results"
import { Results } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import { organizerActor, type ResultsHandlerServices } from "./results.views.js"

const who = Effect.map(OrganizerAccess, organizerActor)

export const EventResultsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "eventResults">, never, ResultsHandlerServices | OrganizerManagers | OrganizerReaders> = apiGroup(ResultsApi, "eventResults", (handlers) =>
  handlers
    .handle("publishEventResults", ({ path }) => Effect.flatMap(who, (w) => Results.publishEventResults(w, path.id)))
    .handle("unpublishEventResults", ({ path }) => Effect.flatMap(who, (w) => Results.unpublishEventResults(w, path.id)))
    .handle("eventResultsState", ({ path }) => Effect.flatMap(who, (w) => Results.eventResultsState(w, path.id))))
