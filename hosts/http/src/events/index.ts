/** The events context's HTTP handlers (event categories): the layers the host's area list provides. */
import { EventCategoriesHandlers } from "./event-categories.handlers.js"

export const handlers = [EventCategoriesHandlers] as const
