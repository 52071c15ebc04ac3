/** Handlers of badges (admin), public badges and the athlete's badges: one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { Challenges } from "@podium/core"
import { Effect, type Layer } from "effect"
import { jobRunView } from "../platform/scheduler.handlers.js"
import { apiGroup } from "../serving/served-groups.js"
import type { ChallengeHandlerServices } from "./challenges.handlers.js"

export const BadgesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "badges">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "badges",
  (handlers) =>
    handlers
      .handle("listBadges", ({ urlParams: q }) =>
        Effect.map(
          Challenges.listBadges({ q: q.q, isActive: q.isActive === undefined ? undefined : q.isActive === "true" }, pageOf(q)),
          (r) => ({ ...pageOf(q), items: r.items, total: r.total })
        ))
      .handle("createBadge", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.createBadge(me, payload)))
      .handle("getBadge", ({ path }) => Challenges.getBadge(path.id))
      .handle("updateBadge", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.updateBadge(me, path.id, payload)))
      .handle("deleteBadge", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.deleteBadge(me, path.id)))
      .handle("duplicateBadge", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.duplicateBadge(me, path.id, payload)))
      .handle("previewBadge", ({ path, payload }) => Challenges.previewBadge(path.id, payload))
      .handle("retroactiveAwardBadge", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (me) =>
          Effect.map(Challenges.queueRetroactiveAward(me, path.id), (r) => ({ badgeId: r.badgeId, job: jobRunView(r.job) }))))
      .handle("mapBadgeChallenge", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.mapBadgeToChallenge(me, path.id, payload.challengeId)))
      .handle("unmapBadgeChallenge", ({ path, urlParams }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.unmapBadgeFromChallenge(me, path.id, urlParams.challengeId)))
      .handle("badgeStats", ({ path }) => Challenges.badgeStats(path.id))
)

export const PublicBadgesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "publicBadges">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "publicBadges",
  (handlers) =>
    handlers
      .handle("publicBadge", ({ path }) => Challenges.publicBadge(path.code))
      .handle("challengeBadges", ({ path }) => Challenges.challengeBadges(path.id))
)

export const MyBadgesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "myBadges">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "myBadges",
  (handlers) => handlers.handle("myChallengeBadges", () => Effect.flatMap(CurrentPrincipal, (me) => Challenges.myBadges(me)))
)
