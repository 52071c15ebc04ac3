/** The hybrid-race context as the hosts see it: its repository on Postgres or on its memory twin. */
import type { HybridRace } from "@podium/core"
import { HybridPhotoCheckMemory, HybridRaceMemory } from "@podium/core/testing"
import { HybridPhotoCheckRepoPg, HybridRaceRepoPg } from "@podium/postgres"
import { Layer } from "effect"
import { hostContext } from "./host-context.js"

/** What the hybrid-race block adds to a host. */
export type HybridRaceInfrastructure = HybridRace.HybridRaceRepo | HybridRace.HybridPhotoCheckRepo

export const hybridRaceContext = hostContext<HybridRaceInfrastructure>({
  name: "hybrid-race",
  live: () => Layer.merge(HybridRaceRepoPg, HybridPhotoCheckRepoPg),
  memory: () => Layer.merge(HybridRaceMemory, HybridPhotoCheckMemory)
})
