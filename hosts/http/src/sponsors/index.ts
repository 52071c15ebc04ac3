/** The sponsors context's HTTP handlers (admin sponsor accounts): served in the athletes area next to brand challenges. */
import { AdminSponsorAccountsHandlers } from "./sponsors.handlers.js"
import { AdminSponsorRcGrantsHandlers, SponsorInventoryHandlers, SponsorRcGrantRequestsHandlers, SponsorRewardGrantsHandlers } from "./workspace.handlers.js"

export const handlers = [AdminSponsorAccountsHandlers, SponsorInventoryHandlers, SponsorRewardGrantsHandlers, SponsorRcGrantRequestsHandlers, AdminSponsorRcGrantsHandlers] as const

/** The brand tenancy guard the workspace groups declare. */
export { BrandTenancyLive as guards } from "./tenancy.middleware.js"
