/** Area API "athletes": athletes, activities, challenges, badges, training. Groups are added as their capabilities are built. */
import { AreaApi } from "../common/index.js"
import { BadgesGroup, MyBadgesGroup, PublicBadgesGroup } from "./badges.group.js"
import { BibTemplatesGroup } from "./bib-templates.group.js"
import { AdminChallengeBadgeRequestsGroup, ChallengeBadgeRequestsGroup } from "./challenge-badge-requests.group.js"
import { ChallengeAudiencesGroup, ChallengeEventsGroup } from "./challenge-events.group.js"
import { ChallengePromoStoriesGroup, MyPromoStoriesGroup, PromoStoryEngagementGroup } from "./challenge-promo-stories.group.js"
import { AdminChallengeActivitiesGroup, ChallengeLeaderboardsGroup } from "./challenge-progress.group.js"
import { ChallengeVideoUploadsGroup } from "./challenge-video-uploads.group.js"
import { ChallengePrizesGroup, ChallengeRewardsGroup, OrganizerChallengeGoodiesGroup, ShippingProviderWebhookGroup } from "./challenge-rewards.group.js"
import { AdminCharitiesGroup } from "./charities.group.js"
import { AdminBrandChallengeApprovalsGroup, ClubBrandChallengesGroup } from "./brand-challenges.group.js"
import { AdminSponsorAccountsGroup } from "./sponsors.group.js"
import { AdminGoodiesAutoAwardGroup, AdminSponsorContractsGroup, AdminSponsorshipDealsGroup, BrandSponsorshipDealsGroup, ClubSponsorshipGroup, OrganizerEventSponsorsGroup } from "./sponsorship.group.js"
import { AdminSponsorCampaignsGroup, SponsorCampaignsGroup } from "./sponsor-campaigns.group.js"
import { AdminSponsorRcGrantsGroup, SponsorInventoryGroup, SponsorRcGrantRequestsGroup, SponsorRewardGrantsGroup } from "./sponsor-workspace.group.js"
import { AdminFulfillmentTasksGroup } from "./fulfillment.group.js"

import {
  AdminChallengeManagementGroup,
  ChallengeParticipationsGroup,
  ChallengesGroup,
  ChallengeTemplatesGroup,
  ClubChallengesGroup,
  ClubPublicChallengesGroup
} from "./challenges.group.js"

export * from "./badges.group.js"
export * from "./bib-templates.group.js"
export * from "./challenge-badge-requests.group.js"
export * from "./challenge-events.group.js"
export * from "./challenge-promo-stories.group.js"
export * from "./challenge-progress.group.js"
export * from "./challenge-rewards.group.js"
export * from "./challenge-video-uploads.group.js"
export * from "./challenges.group.js"
export * from "./fulfillment.group.js"
export * from "./brand-challenges.group.js"
export * from "./sponsors.group.js"
export * from "./sponsorship.group.js"
export * from "./sponsor-workspace.group.js"
export * from "./sponsor-campaigns.group.js"

export class AthletesApi extends AreaApi
  .add(ChallengeBadgeRequestsGroup)
  .add(AdminChallengeBadgeRequestsGroup)
  .add(ChallengesGroup)
  .add(ClubChallengesGroup)
  .add(ClubPublicChallengesGroup)
  .add(ChallengeParticipationsGroup)
  .add(ChallengeTemplatesGroup)
  .add(AdminChallengeManagementGroup)
  .add(ChallengeLeaderboardsGroup)
  .add(AdminChallengeActivitiesGroup)
  .add(BadgesGroup)
  .add(PublicBadgesGroup)
  .add(MyBadgesGroup)
  .add(AdminFulfillmentTasksGroup)
  .add(BibTemplatesGroup)
  .add(ChallengeEventsGroup)
  .add(ChallengeAudiencesGroup)
  .add(ChallengeVideoUploadsGroup)
  .add(ChallengePromoStoriesGroup)
  .add(MyPromoStoriesGroup)
  .add(PromoStoryEngagementGroup)
  .add(AdminCharitiesGroup)
  .add(ChallengePrizesGroup)
  .add(ChallengeRewardsGroup)
  .add(OrganizerChallengeGoodiesGroup)
  .add(ShippingProviderWebhookGroup)
  .add(AdminSponsorAccountsGroup)
  .add(SponsorInventoryGroup)
  .add(SponsorRewardGrantsGroup)
  .add(SponsorRcGrantRequestsGroup)
  .add(AdminSponsorRcGrantsGroup)
  .add(SponsorCampaignsGroup)
  .add(AdminSponsorCampaignsGroup)
  .add(AdminBrandChallengeApprovalsGroup)
  .add(ClubBrandChallengesGroup)
  .add(BrandSponsorshipDealsGroup)
  .add(AdminSponsorshipDealsGroup)
  .add(AdminSponsorContractsGroup)
  .add(AdminGoodiesAutoAwardGroup)
  .add(OrganizerEventSponsorsGroup)
  .add(ClubSponsorshipGroup) {}
