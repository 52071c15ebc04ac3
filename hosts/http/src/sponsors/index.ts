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

export const handlers = [
  AdminSponsorAccountsHandlers,
  BrandSponsorshipDealsHandlers,
  AdminSponsorshipDealsHandlers,
  AdminSponsorContractsHandlers,
  AdminGoodiesAutoAwardHandlers,
  OrganizerEventSponsorsHandlers,
  ClubSponsorshipHandlers
] as const
