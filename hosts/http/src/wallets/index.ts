/** The wallets context's HTTP handlers (creator wallets): the layers the host's area list provides. */
import { CreatorWalletsHandlers } from "./creator-wallets.handlers.js"

export const handlers = [
  CreatorWalletsHandlers
] as const
