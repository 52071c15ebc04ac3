/** The media context's HTTP handlers (media delivery): the layers the host's area list provides. */
import { MediaHandlers } from "./media.handlers.js"

export const handlers = [
  MediaHandlers
] as const
