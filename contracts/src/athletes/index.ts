/** Area API "athletes": athletes, activities, challenges, badges, training. Groups are added as their capabilities are built. */
import { HttpApi } from "@effect/platform"
import { ApiId } from "../common/index.js"
import { AdminChallengeBadgeRequestsGroup, ChallengeBadgeRequestsGroup } from "./challenge-badge-requests.group.js"

export * from "./challenge-badge-requests.group.js"

export class AthletesApi extends HttpApi.make(ApiId)
  .add(ChallengeBadgeRequestsGroup)
  .add(AdminChallengeBadgeRequestsGroup) {}
