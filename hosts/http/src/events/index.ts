/** The events context's HTTP handlers (event categories): the layers the host's area list provides. */
// biome-ignore lint/correctness/noUnusedImports: the declaration emitter names the list's port types through these namespaces
import type { Events } from "@podium/core"
import { EventCategoriesHandlers } from "./event-categories.handlers.js"
import { EventConfigHandlers } from "./event-config.handlers.js"

export const handlers = [EventCategoriesHandlers, ...EventConfigHandlers] as const
