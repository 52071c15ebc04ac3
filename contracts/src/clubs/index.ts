/** Area API "clubs": clubs, tiers, onboarding, club KYC, points, RC grants, settlements. Groups are added as their capabilities are built. */
import { AreaApi } from "../common/index.js"
import { AdminClubOnboardingGroup, ClubOnboardingGroup } from "./club-onboarding.group.js"
import { AdminClubRcGrantsGroup, ClubRcGrantsGroup } from "./club-rc-grants.group.js"
import { AdminPayoutRequestsGroup, ClubSettlementsGroup } from "./club-settlements.group.js"
import { ClubsGroup } from "./clubs.group.js"
import { ClubCommissionGroup, ClubTierPromosGroup, ClubTiersGroup } from "./club-tiers.group.js"
import { ClubMembershipGroup } from "./club-membership.group.js"
import { ClubInvitesGroup, ClubOrganizerAccountsGroup } from "./club-invites.group.js"
import { AdminClubsGroup, AdminClubVerificationGroup } from "./admin-clubs.group.js"
import { AdminClubKycGroup, ClubKycGroup } from "./club-kyc.group.js"
import { AdminClubRunsGroup, ClubRunsGroup } from "./club-runs.group.js"
import { AdminClubAnnouncementsGroup, ClubContentGroup } from "./club-content.group.js"
import { ClubGamificationGroup } from "./club-gamification.group.js"
import { ClubAdminGroup } from "./club-admin.group.js"
import { AdminClubChatGroup, ClubChatGroup } from "./club-chat.group.js"
import { AdminClubModerationReportsGroup, ClubEventAttachmentsGroup, ClubReportsGroup, OrganizerClubAttachmentsGroup } from "./club-event-attachments.group.js"

export * from "./club.dto.js"
export * from "./club-onboarding.group.js"
export * from "./club-rc-grants.group.js"
export * from "./club-settlements.group.js"
export * from "./clubs.group.js"
export * from "./club-tiers.group.js"
export * from "./club-community.dto.js"
export * from "./club-membership.group.js"
export * from "./club-invites.group.js"
export * from "./admin-clubs.group.js"
export * from "./club-kyc.group.js"
export * from "./club-runs.group.js"
export * from "./club-content.group.js"
export * from "./club-gamification.group.js"
export * from "./club-admin.group.js"
export * from "./club-chat.group.js"
export * from "./club-event-attachments.group.js"

export class ClubsApi extends AreaApi
  .add(ClubsGroup)
  .add(ClubOnboardingGroup)
  .add(ClubTiersGroup)
  .add(ClubTierPromosGroup)
  .add(ClubCommissionGroup)
  .add(AdminClubOnboardingGroup)
  .add(ClubRcGrantsGroup)
  .add(AdminClubRcGrantsGroup)
  .add(ClubSettlementsGroup)
  .add(AdminPayoutRequestsGroup)
  .add(ClubMembershipGroup)
  .add(ClubInvitesGroup)
  .add(ClubOrganizerAccountsGroup)
  .add(AdminClubsGroup)
  .add(AdminClubVerificationGroup)
  .add(ClubKycGroup)
  .add(AdminClubKycGroup)
  .add(ClubRunsGroup)
  .add(AdminClubRunsGroup)
  .add(ClubContentGroup)
  .add(AdminClubAnnouncementsGroup)
  .add(ClubGamificationGroup)
  .add(ClubAdminGroup)
  .add(ClubChatGroup)
  .add(AdminClubChatGroup)
  .add(ClubChatGroup)
  .add(AdminClubChatGroup)
  .add(ClubEventAttachmentsGroup)
  .add(OrganizerClubAttachmentsGroup)
  .add(ClubReportsGroup)
  .add(AdminClubModerationReportsGroup) {}
