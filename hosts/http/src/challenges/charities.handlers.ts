/** Handlers of the admin charities: one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { Challenges } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ChallengeHandlerServices } from "./challenges.handlers.js"

export const AdminCharitiesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminCharities">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "adminCharities",
  (handlers) =>
    handlers
      .handle("listCharities", ({ urlParams: q }) => Effect.map(Challenges.listCharities(q.status, pageOf(q)), (r) => ({ ...pageOf(q), ...r })))
      .handle("registerCharity", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.registerCharity(me, payload)))
      .handle("getCharity", ({ path }) => Challenges.getCharity(path.id))
      .handle("setCharityStatus", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.setCharityStatus(me, path.id, payload)))
)
