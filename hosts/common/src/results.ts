/**
 * The results context as the hosts see it: timing records, computed results, leaderboards and the
 * publication of an event's results, on Postgres or on the memory twin (events is listed before).
 */
import { Results } from "@podium/core"
import { ResultsRepoMemory } from "@podium/core/testing"
import { ResultsRepoPg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

export const resultsContext = hostContext<Results.ResultsRepo>({
  name: "results",
  live: () => ResultsRepoPg,
  memory: () => ResultsRepoMemory
})
