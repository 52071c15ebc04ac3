/** Organizer analytics and audience as the hosts see them: a read model over events, registrations and clubs. */
import type { Organizers } from "@podium/core"
import { OrganizerAnalyticsSourceMemory } from "@podium/core/testing"
import { OrganizerAnalyticsSourcePg } from "@podium/postgres"
import { hostContext } from "./host-context.js"

export const organizerAnalyticsContext = hostContext<Organizers.OrganizerAnalyticsSource>({
  name: "organizer-analytics",
  live: () => OrganizerAnalyticsSourcePg,
  memory: () => OrganizerAnalyticsSourceMemory
})
