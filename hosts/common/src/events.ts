/** The events context as the hosts see it: its repositories on Postgres or on memory twins. */
import type { Events } from "@podium/core"
import { BibClaimTermsRepoMemory, BrandRepoMemory, EventBookmarkRepoMemory, EventCategoryRepoMemory, EventInventoryRepoMemory, EventRepoMemory } from "@podium/core/testing"
import { BibClaimTermsRepoPg, BrandRepoPg, EventBookmarkRepoPg, EventCategoryRepoPg, EventInventoryRepoPg, EventRepoPg } from "@podium/postgres"
import { Layer } from "effect"
import { EventConfigLive, EventConfigMemory, type EventConfigRepos } from "./event-config.js"
import { hostContext } from "./host-context.js"

export const eventsContext = hostContext<Events.EventCategoryRepo | Events.EventRepo | Events.EventInventoryRepo | Events.EventBookmarkRepo | Events.BrandRepo | Events.BibClaimTermsRepo | EventConfigRepos>({
  name: "events",
  live: () => Layer.mergeAll(EventCategoryRepoPg, EventRepoPg, EventInventoryRepoPg, EventBookmarkRepoPg, BrandRepoPg, BibClaimTermsRepoPg, EventConfigLive),
  memory: () => Layer.mergeAll(EventCategoryRepoMemory, EventRepoMemory, EventInventoryRepoMemory, EventBookmarkRepoMemory, BrandRepoMemory, BibClaimTermsRepoMemory, EventConfigMemory)
})
