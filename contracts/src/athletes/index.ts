/** Area API "athletes": athletes, activities, challenges, badges, training. Groups are added as their capabilities are built. */
import { AreaApi } from "../common/index.js"
import { AdminChallengeBadgeRequestsGroup, ChallengeBadgeRequestsGroup } from "./challenge-badge-requests.group.js"

export * from "./challenge-badge-requests.group.js"

export class AthletesApi extends AreaApi
  .add(ChallengeBadgeRequestsGroup)
  .add(AdminChallengeBadgeRequestsGroup) {}
