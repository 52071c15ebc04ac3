/**
 * The results context as the hosts see it: timing records, computed results, leaderboards, the
 * publication of an event's results and certificates, proofs of virtual efforts, claimable rewards
 * and series passes, on Postgres or on the memory twins (events and registrations are listed
 * before; certificates render through organizers' PDF renderer; event prizes pay through the
 * wallets ledger, listed before).
 */
import { Results } from "@podium/core"
import { CertificateRepoMemory, ClaimableRewardRepoMemory, PrizeRepoMemory, ProofRepoMemory, ResultsRepoMemory, SeriesPassRepoMemory } from "@podium/core/testing"
import { CertificateRepoPg, ClaimableRewardRepoPg, PrizeRepoPg, ProofRepoPg, ResultsRepoPg, SeriesPassRepoPg } from "@podium/postgres"
import { Layer } from "effect"
import { hostContext } from "./host-context.js"

export const resultsContext = hostContext<
  Results.ResultsRepo | Results.CertificateRepo | Results.PrizeRepo | Results.ProofRepo | Results.ClaimableRewardRepo | Results.SeriesPassRepo
>({
  name: "results",
  live: () => Layer.mergeAll(ResultsRepoPg, CertificateRepoPg, PrizeRepoPg, ProofRepoPg, ClaimableRewardRepoPg, SeriesPassRepoPg),
  memory: () => Layer.mergeAll(ResultsRepoMemory, CertificateRepoMemory, PrizeRepoMemory, ProofRepoMemory, ClaimableRewardRepoMemory, SeriesPassRepoMemory)
})
