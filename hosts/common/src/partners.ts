/** The partners context as the hosts see it: official partnerships, partner logos and the exclusive tab on Postgres or on memory twins. */
import type { Partners } from "@podium/core"
import { PartnersReposMemory } from "@podium/core/testing"
import { PartnersReposPg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

/** What the partners block adds to a host. */
export type PartnersInfrastructure = Partners.OfficialPartnerRepo | Partners.PartnerLogoRepo | Partners.ExclusiveTabRepo

export const partnersContext = hostContext<PartnersInfrastructure>({
  name: "partners",
  live: () => PartnersReposPg,
  memory: () => PartnersReposMemory
})
