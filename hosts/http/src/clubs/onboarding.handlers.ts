/** Handlers of the club onboarding groups: the owner's submit/resubmit and the admin review (`clubs.review`). */
import { HttpApiBuilder, type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { ClubsApi } from "@podium/contracts/clubs"
import { Clubs } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { clubView, pageView } from "./club.view.js"

export const ClubOnboardingHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubOnboarding">, never, ClubsHandlerServices> = HttpApiBuilder.group(
  ClubsApi,
  "clubOnboarding",
  (handlers) =>
    handlers
      .handle("myClubOnboarding", () => Effect.flatMap(CurrentPrincipal, Clubs.myOnboarding).pipe(Effect.map((clubs) => clubs.map(clubView))))
      .handle("submitClub", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (p) => Clubs.submitClub(p, path.clubId)).pipe(Effect.map(clubView)))
      .handle("resubmitClub", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (p) => Clubs.resubmitClub(p, path.clubId)).pipe(Effect.map(clubView)))
)

export const AdminClubOnboardingHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminClubOnboarding">, never, ClubsHandlerServices> = HttpApiBuilder.group(
  ClubsApi,
  "adminClubOnboarding",
  (handlers) =>
    handlers
      .handle("clubOnboardingQueue", ({ urlParams }) =>
        Clubs.onboardingQueue({ ...pageOf(urlParams), ...(urlParams.status === undefined ? {} : { status: urlParams.status }) }).pipe(Effect.map((found) => pageView(found, clubView))))
      .handle("approveClub", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.approveClub(admin, path.clubId)).pipe(Effect.map(clubView)))
      .handle("rejectClub", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.rejectClub(admin, path.clubId, payload.reason)).pipe(Effect.map(clubView)))
)
