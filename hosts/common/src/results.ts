/**
 * The results context as the hosts see it: timing records, computed results, leaderboards, the
 * publication of an event's results and certificates, on Postgres or on the memory twins (events
 * and registrations are listed before; certificates render through organizers' PDF renderer).
 */
import { Results } from "@podium/core"
import { CertificateRepoMemory, ResultsRepoMemory } from "@podium/core/testing"
import { CertificateRepoPg, ResultsRepoPg } from "@podium/postgres"
import { Layer } from "effect"
import { hostContext } from "./host-context.js"

export const resultsContext = hostContext<Results.ResultsRepo | Results.CertificateRepo>({
  name: "results",
  live: () => Layer.mergeAll(ResultsRepoPg, CertificateRepoPg),
  memory: () => Layer.mergeAll(ResultsRepoMemory, CertificateRepoMemory)
})
