/** The clubs context's HTTP handlers (clubs and every club capability): the layers the host's area list provides. */
import { ClubsHandlers } from "./clubs.handlers.js"
import { AdminClubRcGrantsHandlers, ClubRcGrantsHandlers } from "./rc-grants.handlers.js"
import { AdminPayoutRequestsHandlers, ClubSettlementsHandlers } from "./settlements.handlers.js"
import { AdminClubOnboardingHandlers, ClubOnboardingHandlers } from "./onboarding.handlers.js"
import { ClubCommissionHandlers, ClubTierPromosHandlers, ClubTiersHandlers } from "./club-tiers.handlers.js"
import { AdminClubVerificationHandlers, AdminClubsHandlers, ClubInvitesHandlers, ClubMembershipHandlers, ClubOrganizerAccountsHandlers } from "./community.handlers.js"
import { AdminClubKycHandlers, ClubKycHandlers } from "./club-kyc.handlers.js"
import { AdminClubRunsHandlers, ClubRunsHandlers } from "./runs.handlers.js"
import { AdminClubAnnouncementsHandlers, ClubContentHandlers } from "./content.handlers.js"
import { ClubGamificationHandlers } from "./gamification.handlers.js"
import { ClubAdminHandlers } from "./club-admin.handlers.js"
import { AdminClubChatHandlers, ClubChatHandlers } from "./chat.handlers.js"
import { AdminClubModerationReportsHandlers, ClubEventAttachmentsHandlers, ClubReportsHandlers, OrganizerClubAttachmentsHandlers } from "./event-attachments.handlers.js"

export const handlers = [
  ClubsHandlers,
  AdminClubRcGrantsHandlers,
  ClubRcGrantsHandlers,
  AdminPayoutRequestsHandlers,
  ClubSettlementsHandlers,
  AdminClubOnboardingHandlers,
  ClubOnboardingHandlers,
  ClubCommissionHandlers,
  ClubTierPromosHandlers,
  ClubTiersHandlers,
  AdminClubsHandlers,
  AdminClubVerificationHandlers,
  ClubInvitesHandlers,
  ClubMembershipHandlers,
  ClubOrganizerAccountsHandlers,
  AdminClubKycHandlers,
  ClubKycHandlers,
  AdminClubRunsHandlers,
  ClubRunsHandlers,
  AdminClubAnnouncementsHandlers,
  ClubContentHandlers,
  ClubGamificationHandlers,
  ClubAdminHandlers,
  AdminClubChatHandlers,
  ClubChatHandlers,
  ClubEventAttachmentsHandlers,
  OrganizerClubAttachmentsHandlers,
  ClubReportsHandlers,
  AdminClubModerationReportsHandlers
] as const

/** The tenancy guards this context's groups declare. */
export { ClubTenancyLive as guards } from "./tenancy.middleware.js"
