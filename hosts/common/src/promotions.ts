/** The promotions context as the hosts see it: mobile experiences, creatives and engagement on Postgres or on memory twins. */
import type { Promotions } from "@podium/core"
import { PromotionsReposMemory } from "@podium/core/testing"
import { PromotionsReposPg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

/** What the promotions block adds to a host. */
export type PromotionsInfrastructure = Promotions.MobileExperienceRepo | Promotions.ExperienceCreativeRepo | Promotions.PromotionEngagementRepo

export const promotionsContext = hostContext<PromotionsInfrastructure>({
  name: "promotions",
  live: () => PromotionsReposPg,
  memory: () => PromotionsReposMemory
})
