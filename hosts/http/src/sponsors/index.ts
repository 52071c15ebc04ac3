/** The sponsors context's HTTP handlers (admin sponsor accounts): served in the athletes area next to brand challenges. */
import { AdminSponsorAccountsHandlers } from "./sponsors.handlers.js"

export const handlers = [AdminSponsorAccountsHandlers] as const
