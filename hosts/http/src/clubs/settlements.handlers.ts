/** Handlers of the club settlements group (ClubManagers) and the admin payout request group (`clubs.money`). */
import { type HttpApiGroup } from "@effect/platform"
import { ClubAccess, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { ClubsApi } from "@podium/contracts/clubs"
import { Clubs } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { apiGroup } from "../serving/served-groups.js"

export const ClubSettlementsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubSettlements">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubSettlements",
  (handlers) =>
    handlers
      .handle("listClubPayoutRequests", ({ urlParams }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.listClubPayoutRequests(access.clubId, pageOf(urlParams))))
      .handle("cancelClubPayoutRequest", ({ path, payload }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.cancelPayoutRequest(access.principal, access.clubId, path.id, payload.reason)))
      .handle("listClubSettlements", ({ urlParams }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.listClubSettlements(access.clubId, pageOf(urlParams))))
      .handle("getClubSettlement", ({ path }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.getClubSettlement(access.clubId, path.settlementId)))
      .handle("requestClubPayout", ({ path }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.requestPayout(access.principal, access.clubId, path.settlementId)))
)

export const AdminPayoutRequestsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminPayoutRequests">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "adminPayoutRequests",
  (handlers) =>
    handlers
      .handle("payoutRequestQueue", ({ urlParams }) =>
        Clubs.payoutQueue({ ...pageOf(urlParams), status: urlParams.status, payeeType: urlParams.payeeType, clubId: urlParams.clubId }))
      .handle("reviewPayoutRequest", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.reviewPayoutRequest(admin, path.id)))
      .handle("approvePayoutRequest", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.approvePayoutRequest(admin, path.id)))
      .handle("markPayoutRequestPaid", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.markPayoutPaid(admin, path.id, payload.paymentReference)))
      .handle("rejectPayoutRequest", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.rejectPayoutRequest(admin, path.id, payload.reason)))
)
