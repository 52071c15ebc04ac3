/** The results context's HTTP handlers: the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Events, Platform, Results } from "@podium/core"
import { EventResultsHandlers } from "./event-results.handlers.js"
import { LeaderboardsHandlers } from "./leaderboards.handlers.js"

export const handlers = [LeaderboardsHandlers, EventResultsHandlers] as const
