/** The events context as the hosts see it: its repositories on Postgres or on memory twins. */
import type { Events } from "@podium/core"
import { EventCategoryRepoMemory } from "@podium/core/testing"
import { EventCategoryRepoPg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

export const eventsContext = hostContext<Events.EventCategoryRepo>({
  name: "events",
  live: () => EventCategoryRepoPg,
  memory: () => EventCategoryRepoMemory
})
