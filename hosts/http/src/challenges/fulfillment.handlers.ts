/** Handlers of the admin fulfillment tasks: one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { Challenges } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ChallengeHandlerServices } from "./challenges.handlers.js"

export const AdminFulfillmentTasksHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminFulfillmentTasks">, never, ChallengeHandlerServices> =
  apiGroup(AthletesApi, "adminFulfillmentTasks", (handlers) =>
    handlers
      .handle("listFulfillmentTasks", ({ urlParams: q }) =>
        Effect.map(
          Challenges.listFulfillmentTasks({ statuses: q.status === undefined ? undefined : [q.status], assigneeId: q.assigneeId, kind: q.kind }, pageOf(q)),
          (r) => ({ ...pageOf(q), items: r.items, total: r.total })
        ))
      .handle("createFulfillmentTask", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.createFulfillmentTask(me, payload)))
      .handle("assignFulfillmentTask", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.assignFulfillmentTask(me, path.id, payload.assigneeId)))
      .handle("transitionFulfillmentTask", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.transitionFulfillmentTask(me, path.id, payload)))
      .handle("fulfillmentAging", () => Challenges.fulfillmentAging))
