/** The hybrid-race context's HTTP handlers: the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Accounts, Events, HybridRace, Identity, Media, Organizers, Platform, Training } from "@podium/core"
import { AdminHybridRaceHandlers, HybridRaceHandlers, HybridRacePublicHandlers } from "./hybrid-race.handlers.js"

export const handlers = [HybridRaceHandlers, HybridRacePublicHandlers, AdminHybridRaceHandlers] as const
