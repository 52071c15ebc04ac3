/** Handlers of brand challenge approvals (admins) and clubs' brand challenge entries (club OWNER/ADMIN): one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { ClubAccess, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { Challenges } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ChallengeHandlerServices } from "./challenges.handlers.js"



export const AdminBrandChallengeApprovalsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminBrandChallengeApprovals">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "adminBrandChallengeApprovals",
  (handlers) =>
    handlers
      .handle("pendingBrandChallenges", ({ urlParams: q }) => Effect.map(Challenges.pendingBrandChallenges(pageOf(q)), (r) => ({ ...pageOf(q), items: r.items, total: r.total })))
      .handle("approveBrandChallenge", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.approveBrandChallenge(me, path.challengeId)))
      .handle("rejectBrandChallenge", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.rejectBrandChallenge(me, path.challengeId, payload.reason)))
)

export const ClubBrandChallengesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubBrandChallenges">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "clubBrandChallenges",
  (handlers) =>
    handlers
      .handle("joinClubBrandChallenge", ({ path }) =>
        Effect.flatMap(ClubAccess, (access) => Challenges.joinBrandChallenge(access.principal, access.clubId, path.challengeId)))
      .handle("withdrawClubBrandChallenge", ({ path }) =>
        Effect.flatMap(ClubAccess, (access) => Challenges.withdrawBrandChallenge(access.principal, access.clubId, path.challengeId)))
      .handle("clubBrandChallengeParticipations", ({ path, urlParams: q }) =>
        Effect.flatMap(ClubAccess, (access) =>
          Effect.map(Challenges.clubBrandChallengeParticipations(access.clubId, path.challengeId, pageOf(q)), (r) => ({ ...r, ...pageOf(q) }))))
)
