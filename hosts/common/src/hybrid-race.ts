/** The hybrid-race context as the hosts see it: its repository on Postgres or on its memory twin. */
import type { HybridRace } from "@podium/core"
import { HybridRaceMemory } from "@podium/core/testing"
import { HybridRaceRepoPg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

/** What the hybrid-race block adds to a host. */
export type HybridRaceInfrastructure = HybridRace.HybridRaceRepo

export const hybridRaceContext = hostContext<HybridRaceInfrastructure>({
  name: "hybrid-race",
  live: () => HybridRaceRepoPg,
  memory: () => HybridRaceMemory
})
