/** Handlers of club gamification: points, leaderboards (club visibility) and member of the month. */
import { type HttpApiGroup } from "@effect/platform"
import { ClubAccess, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { ClubsApi } from "@podium/contracts/clubs"
import { Clubs } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { apiGroup } from "../serving/served-groups.js"

const caller = Effect.map(Effect.serviceOption(CurrentPrincipal), Option.getOrUndefined)

const board = (clubId: string, input: Clubs.LeaderboardInput) =>
  Effect.flatMap(caller, (principal) => Clubs.clubLeaderboard(principal, clubId, input))

export const ClubGamificationHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubGamification">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubGamification",
  (handlers) =>
    handlers
      .handle("clubLeaderboard", ({ path, urlParams }) => board(path.clubId, { kind: "all-time", sportId: urlParams.sportId, ...pageOf(urlParams) }))
      .handle("clubMonthlyLeaderboard", ({ path, urlParams }) => board(path.clubId, { kind: "monthly", key: urlParams.monthKey, ...pageOf(urlParams) }))
      .handle("clubWeeklyLeaderboard", ({ path, urlParams }) => board(path.clubId, { kind: "weekly", key: urlParams.weekKey, ...pageOf(urlParams) }))
      .handle("detectClubMemberOfTheMonth", ({ payload }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.detectMemberOfTheMonth(access.principal, access.clubId, payload.monthKey)))
      .handle("clubPointsGrants", ({ urlParams }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.listPointsEntries(access.clubId, { userId: urlParams.userId, ...pageOf(urlParams) })))
      .handle("grantClubPoints", ({ payload }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.grantPoints(access.principal, access.clubId, payload)).pipe(
          Effect.map((r) => r.entry)
        ))
      .handle("reverseClubPoints", ({ path, payload }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.reversePoints(access.principal, access.clubId, path.entryId, payload.reason)))
)
