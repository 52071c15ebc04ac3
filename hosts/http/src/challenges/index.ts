/** The challenges context's HTTP handlers (challenges, participations, templates, management, badge requests): the layers the host's area list provides. */
import { AdminChallengeBadgeRequestsHandlers, ChallengeBadgeRequestsHandlers } from "./badge-requests.handlers.js"
import { BadgesHandlers, MyBadgesHandlers, PublicBadgesHandlers } from "./badges.handlers.js"
import { BibTemplatesHandlers } from "./bib-templates.handlers.js"
import { ChallengeAudiencesHandlers, ChallengeEventsHandlers } from "./challenge-events.handlers.js"
import {
  AdminChallengeManagementHandlers,
  ChallengeParticipationsHandlers,
  ChallengesHandlers,
  ChallengeTemplatesHandlers,
  ClubChallengesHandlers,
  ClubPublicChallengesHandlers
} from "./challenges.handlers.js"
import { AdminFulfillmentTasksHandlers } from "./fulfillment.handlers.js"
import { AdminBrandChallengeApprovalsHandlers, ClubBrandChallengesHandlers } from "./brand-challenges.handlers.js"
import { AdminCharitiesHandlers } from "./charities.handlers.js"
import { ChallengePromoStoriesHandlers, MyPromoStoriesHandlers, PromoStoryEngagementHandlers } from "./promo-stories.handlers.js"
import { AdminChallengeActivitiesHandlers, ChallengeLeaderboardsHandlers } from "./progress.handlers.js"
import { ChallengeVideoUploadsHandlers } from "./video-uploads.handlers.js"
import { ChallengePrizesHandlers, ChallengeRewardsHandlers, OrganizerChallengeGoodiesHandlers, ShippingProviderWebhookHandlers } from "./rewards.handlers.js"

export const handlers = [
  AdminChallengeBadgeRequestsHandlers,
  ChallengeBadgeRequestsHandlers,
  ChallengesHandlers,
  ClubChallengesHandlers,
  ClubPublicChallengesHandlers,
  ChallengeParticipationsHandlers,
  ChallengeTemplatesHandlers,
  AdminChallengeManagementHandlers,
  ChallengeLeaderboardsHandlers,
  AdminChallengeActivitiesHandlers,
  BadgesHandlers,
  PublicBadgesHandlers,
  MyBadgesHandlers,
  AdminFulfillmentTasksHandlers,
  BibTemplatesHandlers,
  ChallengeEventsHandlers,
  ChallengeAudiencesHandlers,
  ChallengeVideoUploadsHandlers,
  ChallengePromoStoriesHandlers,
  MyPromoStoriesHandlers,
  PromoStoryEngagementHandlers,
  AdminCharitiesHandlers,
  ChallengePrizesHandlers,
  ChallengeRewardsHandlers,
  OrganizerChallengeGoodiesHandlers,
  ShippingProviderWebhookHandlers,
  AdminBrandChallengeApprovalsHandlers,
  ClubBrandChallengesHandlers
] as const
