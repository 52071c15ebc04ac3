/**
 * The results context as the hosts see it: timing records, computed results, leaderboards, the
 * publication of an event's results and certificates, on Postgres or on the memory twins (events
 * and registrations are listed before; certificates render through organizers' PDF renderer; event
 * prizes pay through the wallets ledger, listed before).
 */
import { Results } from "@podium/core"
import { CertificateRepoMemory, PrizeRepoMemory, ResultsRepoMemory } from "@podium/core/testing"
import { CertificateRepoPg, PrizeRepoPg, ResultsRepoPg } from "@podium/postgres"
import { Layer } from "effect"
import { hostContext } from "./host-context.js"

export const resultsContext = hostContext<Results.ResultsRepo | Results.CertificateRepo | Results.PrizeRepo>({
  name: "results",
  live: () => Layer.mergeAll(ResultsRepoPg, CertificateRepoPg, PrizeRepoPg),
  memory: () => Layer.mergeAll(ResultsRepoMemory, CertificateRepoMemory, PrizeRepoMemory)
})
