/** The sponsors context's HTTP handlers (admin sponsor accounts, sponsorship): served in the athletes area next to brand challenges. */
import { AdminSponsorAccountsHandlers } from "./sponsors.handlers.js"
import {
  AdminGoodiesAutoAwardHandlers,
  AdminSponsorContractsHandlers,
  AdminSponsorshipDealsHandlers,
  BrandSponsorshipDealsHandlers,
  ClubSponsorshipHandlers,
  OrganizerEventSponsorsHandlers
} from "./sponsorship.handlers.js"
import { AdminSponsorCampaignsHandlers, AdminSponsorRcGrantsHandlers, SponsorCampaignsHandlers, SponsorInventoryHandlers, SponsorRcGrantRequestsHandlers, SponsorRewardGrantsHandlers } from "./workspace.handlers.js"

export const handlers = [
  AdminSponsorAccountsHandlers,
  BrandSponsorshipDealsHandlers,
  AdminSponsorshipDealsHandlers,
  AdminSponsorContractsHandlers,
  AdminGoodiesAutoAwardHandlers,
  OrganizerEventSponsorsHandlers,
  ClubSponsorshipHandlers,
  SponsorInventoryHandlers,
  SponsorRewardGrantsHandlers,
  SponsorRcGrantRequestsHandlers,
  AdminSponsorRcGrantsHandlers,
  SponsorCampaignsHandlers,
  AdminSponsorCampaignsHandlers
] as const

/** The brand tenancy guard the workspace groups declare. */
export { BrandTenancyLive as guards } from "./tenancy.middleware.js"
