/** The hybrid-race context's HTTP handlers: the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Events, HybridRace } from "@podium/core"
import { HybridRaceHandlers } from "./hybrid-race.handlers.js"

export const handlers = [HybridRaceHandlers] as const
