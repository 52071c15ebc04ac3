/** Handlers of the club RC grant groups: the club's managers (ClubManagers) and the admin review (`clubs.money`). */
import { type HttpApiGroup } from "@effect/platform"
import { ClubAccess, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { ClubsApi } from "@podium/contracts/clubs"
import { Clubs } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { apiGroup } from "../serving/served-groups.js"

export const ClubRcGrantsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubRcGrants">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubRcGrants",
  (handlers) =>
    handlers
      .handle("listClubRcGrants", ({ urlParams }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.listClubRcGrants(access.clubId, pageOf(urlParams))))
      .handle("requestClubRcGrant", ({ payload }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.requestRcGrant(access.principal, access.clubId, payload)))
      .handle("cancelClubRcGrant", ({ path }) =>
        Effect.flatMap(ClubAccess, (access) => Clubs.cancelRcGrant(access.principal, access.clubId, path.id)))
)

export const AdminClubRcGrantsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminClubRcGrants">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "adminClubRcGrants",
  (handlers) =>
    handlers
      .handle("clubRcGrantQueue", ({ urlParams }) =>
        Clubs.rcGrantQueue({ ...pageOf(urlParams), status: urlParams.status, clubId: urlParams.clubId }))
      .handle("getClubRcGrant", ({ path }) =>
        Clubs.rcGrantForAdmin(path.id))
      .handle("approveClubRcGrant", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.approveRcGrant(admin, path.id, payload.approvedRc)))
      .handle("rejectClubRcGrant", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Clubs.rejectRcGrant(admin, path.id, payload.reason)))
)
