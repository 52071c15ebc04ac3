/** The activities context as the hosts see it: its repositories on Postgres or on memory twins. */
import type { Activities } from "@podium/core"
import { ActivitiesMemory } from "@podium/core/testing"
import { ActivityRepoPg, AntiCheatRepoPg, GearRepoPg, GearTypeRepoPg, LiveShareRepoPg, TrackingPreferencesRepoPg } from "@podium/postgres"
import { Layer } from "effect"
import { hostContext } from "./host-context.js"

/** What the activities block adds to a host. */
export type ActivitiesInfrastructure =
  | Activities.ActivityRepo
  | Activities.AntiCheatRepo
  | Activities.TrackingPreferencesRepo
  | Activities.LiveShareRepo
  | Activities.GearRepo
  | Activities.GearTypeRepo

export const activitiesContext = hostContext<ActivitiesInfrastructure>({
  name: "activities",
  live: () => Layer.mergeAll(ActivityRepoPg, AntiCheatRepoPg, TrackingPreferencesRepoPg, LiveShareRepoPg, GearRepoPg, GearTypeRepoPg),
  memory: () => ActivitiesMemory
})
