/** Handlers of Athlete / Leaderboards: public reads from Redis boards, the caller's place, admin ingest. */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { ResultsApi } from "@podium/contracts/results"
import { Results } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import { pageOf, type ResultsHandlerServices } from "./results.views.js"

export const LeaderboardsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "leaderboards">, never, ResultsHandlerServices | Authenticated> = apiGroup(ResultsApi, "leaderboards", (handlers) =>
  handlers
    .handle("listLeaderboards", ({ urlParams }) => Results.listLeaderboards({ eventId: urlParams.eventId, ...pageOf(urlParams) }))
    .handle("leaderboardEntries", ({ path, urlParams }) => {
      const { page, limit } = pageOf(urlParams)
      return Results.leaderboardEntries(path.id, page, limit)
    })
    .handle("leaderboardFilteredEntries", ({ path, urlParams }) =>
      Results.filteredEntries(path.id, { gender: urlParams.gender, ageGroup: urlParams.ageGroup, ...pageOf(urlParams) }))
    .handle("leaderboardEntriesForMe", ({ path, urlParams }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Results.entriesForMe(path.id, me.accountId, urlParams.around ?? 2)))
    .handle("leaderboardUserEntry", ({ path }) => Results.userEntry(path.id, path.userId))
    .handle("ingestLeaderboardResults", ({ payload }) =>
      Effect.flatMap(CurrentPrincipal, (me) =>
        Results.ingestResults(me.accountId, {
          eventId: payload.eventId,
          name: payload.name,
          records: payload.records.map((r) => ({ ...r, ageGroup: r.ageGroup ?? null }))
        }))))
