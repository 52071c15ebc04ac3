/** The sponsor workspace as the hosts see it: inventory, reward grants, RC grant requests, cohorts and campaigns on Postgres or on memory twins. */
import type { Sponsors } from "@podium/core"
import { SponsorWorkspaceReposMemory } from "@podium/core/testing"
import { SponsorWorkspaceReposPg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

export type SponsorWorkspaceInfrastructure =
  | Sponsors.SponsorInventoryRepo
  | Sponsors.SponsorRewardGrantRepo
  | Sponsors.SponsorRcGrantRepo
  | Sponsors.SponsorCohortRepo
  | Sponsors.SponsorCampaignRepo

export const sponsorWorkspaceContext = hostContext<SponsorWorkspaceInfrastructure>({
  name: "sponsor workspace",
  live: () => SponsorWorkspaceReposPg,
  memory: () => SponsorWorkspaceReposMemory
})
