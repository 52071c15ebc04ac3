/** The sponsors context as the hosts see it: brands, brand accounts and sponsorship (deals, contracts, attachments) on Postgres or on memory twins. */
import type { Sponsors } from "@podium/core"
import { SponsorsReposMemory } from "@podium/core/testing"
import { SponsorsReposPg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

/** What the sponsors block adds to a host. */
export type SponsorsInfrastructure = Sponsors.SponsorBrandRepo | Sponsors.SponsorAccountRepo | Sponsors.SponsorshipRepo

export const sponsorsContext = hostContext<SponsorsInfrastructure>({
  name: "sponsors",
  live: () => SponsorsReposPg,
  memory: () => SponsorsReposMemory
})
