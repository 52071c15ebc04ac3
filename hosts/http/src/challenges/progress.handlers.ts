/** Handlers of challenge leaderboards, progress, analytics, and the admin activity and participation reads: one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { Challenges } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ChallengeHandlerServices } from "./challenges.handlers.js"

export const ChallengeLeaderboardsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "challengeLeaderboards">, never, ChallengeHandlerServices> =
  apiGroup(AthletesApi, "challengeLeaderboards", (handlers) =>
    handlers
      .handle("challengeLeaderboard", ({ path, urlParams: q }) => Challenges.challengeLeaderboard(path.id, q.limit ?? 50))
      .handle("challengeLeaderboardPaged", ({ path, urlParams: q }) =>
        Effect.flatMap(Effect.serviceOption(CurrentPrincipal), (viewer) =>
          Challenges.pagedLeaderboard(Option.match(viewer, { onNone: () => null, onSome: (p) => p.accountId }), path.id, pageOf(q))))
      .handle("challengeAnalytics", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.challengeAnalytics(me, path.id)))
      .handle("myMultiSportProgress", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.myChallengeProgress(me, path.challengeId))))

export const AdminChallengeActivitiesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminChallengeActivities">, never, ChallengeHandlerServices> =
  apiGroup(AthletesApi, "adminChallengeActivities", (handlers) =>
    handlers
      .handle("adminChallengeActivities", ({ urlParams: q }) =>
        Effect.map(Challenges.adminChallengeActivities(q, pageOf(q)), (r) => ({ ...pageOf(q), items: r.items, total: r.total })))
      .handle("adminChallengeActivity", ({ path }) => Challenges.adminChallengeActivity(path.activityId))
      .handle("adminSetActivityValidation", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.setActivityValidation(me, path.activityId, payload)))
      .handle("adminParticipationDetail", ({ path }) => Challenges.adminParticipationDetail(path.participationId)))
