/** Handlers of the club onboarding groups: the owner's submit/resubmit and the admin review (`clubs.review`). */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { ClubsApi } from "@podium/contracts/clubs"
import { Clubs } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { apiGroup } from "../serving/served-groups.js"

export const ClubOnboardingHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubOnboarding">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubOnboarding",
  (handlers) =>
    handlers
      .handle("myClubOnboarding", () => Effect.flatMap(CurrentPrincipal, Clubs.myOnboarding))
      .handle("submitClub", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (p) => Clubs.submitClub(p, path.clubId)))
      .handle("resubmitClub", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (p) => Clubs.resubmitClub(p, path.clubId)))
)

export const AdminClubOnboardingHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminClubOnboarding">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "adminClubOnboarding",
  (handlers) =>
    handlers
      .handle("clubOnboardingQueue", ({ urlParams }) =>
        Clubs.onboardingQueue({ ...pageOf(urlParams), ...(urlParams.status === undefined ? {} : { status: urlParams.status }) }))
      .handle("approveClub", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.approveClub(admin, path.clubId)))
      .handle("rejectClub", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.rejectClub(admin, path.clubId, payload.reason)))
)
