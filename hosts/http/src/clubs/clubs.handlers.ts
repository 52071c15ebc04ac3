/** Handlers of the Clubs group: directory, reads, eligibility and creation. */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { ClubsApi } from "@podium/contracts/clubs"
import { Clubs } from "@podium/core"
import { Effect, Option, type Layer } from "effect"
import type { ClubsHandlerServices } from "./clubs.services.js"
import { apiGroup } from "../serving/served-groups.js"

const caller = Effect.map(Effect.serviceOption(CurrentPrincipal), Option.getOrUndefined)

export const ClubsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "clubs">, never, ClubsHandlerServices> = apiGroup(
  ClubsApi,
  "clubs",
  (handlers) =>
    handlers
      .handle("browseClubs", ({ urlParams }) =>
        Clubs.browseClubs({ ...pageOf(urlParams), search: urlParams.search, sportId: urlParams.sportId }))
      .handle("createClub", ({ payload }) =>
        Effect.flatMap(CurrentPrincipal, (principal) => Clubs.createClub(principal, payload)))
      .handle("clubCreationEligibility", () => Effect.flatMap(CurrentPrincipal, Clubs.creationEligibility))
      .handle("clubsBySport", ({ path, urlParams }) =>
        Clubs.browseClubs({ ...pageOf(urlParams), sportId: path.sportId }))
      .handle("getClub", ({ path }) =>
        Effect.flatMap(caller, (principal) => Clubs.getClub(principal, path.idOrSlug)))
      .handle("clubSports", ({ path }) =>
        Effect.flatMap(caller, (principal) => Clubs.getClub(principal, path.clubId)).pipe(
          Effect.map((club) => ({ clubId: club.id, sportIds: club.sportIds }))
        ))
)

