/** Handlers of the anti-cheat groups (athlete, admin) and the activity audit. */
import { ActivitiesApi } from "@podium/contracts/activities"
import { CurrentPrincipal } from "@podium/contracts/common"
import { Activities } from "@podium/core"
import { Effect } from "effect"
import { type GroupHandlers, paged, pageOf } from "./activities.handlers.js"
import { apiGroup } from "../serving/served-groups.js"

export const AntiCheatHandlers: GroupHandlers<"antiCheat"> = apiGroup(ActivitiesApi, "antiCheat", (handlers) =>
  handlers
    .handle("ingestLiveSignals", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.ingestLiveSignals(me, payload)))
    .handle("myAppeals", ({ urlParams }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Effect.map(Activities.myAppeals(me, { ...pageOf(urlParams), status: urlParams.status }), (p) => paged(p, urlParams))))
    .handle("myAppeal", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.myAppeal(me, path.appealId)))
    .handle("myFlags", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Effect.map(Activities.myFlags(me, pageOf(urlParams)), (p) => paged(p, urlParams))))
    .handle("myFlag", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.myFlag(me, path.flagId)))
    .handle("myFlagResponses", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.myFlagResponses(me, path.flagId)))
    .handle("myFlagsByActivity", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.myFlagsByActivity(me, path.activityId)))
    .handle("myAntiCheatStatus", () => Effect.flatMap(CurrentPrincipal, Activities.myStatus))
    .handle("appealMyFlag", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.appealFlag(me, path.flagId, payload.reason)))
    .handle("respondToMyFlag", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.respondToFlag(me, path.flagId, payload.message))))

export const AdminAntiCheatHandlers: GroupHandlers<"adminAntiCheat"> = apiGroup(ActivitiesApi, "adminAntiCheat", (handlers) =>
  handlers
    .handle("adminListAppeals", ({ urlParams }) =>
      Effect.map(Activities.listAppeals({ ...pageOf(urlParams), status: urlParams.status }), (p) => paged(p, urlParams)))
    .handle("adminGetAppeal", ({ path }) => Activities.findAppeal(path.appealId))
    .handle("adminGetFlag", ({ path }) => Activities.findFlag(path.flagId))
    .handle("adminFlagResponses", ({ path }) => Activities.flagResponses(path.flagId))
    .handle("antiCheatGovernance", () => Activities.governance)
    .handle("antiCheatQueue", ({ urlParams }) => Effect.map(Activities.reviewQueue(pageOf(urlParams)), (p) => paged(p, urlParams)))
    .handle("decideAppeal", ({ path, payload }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Activities.decideAppeal(me, path.appealId, payload.decision, payload.reason)))
    .handle("decideFlag", ({ path, payload }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Activities.decideFlag(me, path.flagId, payload.decision, payload.reason)))
    .handle("setAntiCheatMode", ({ payload }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.setGovernanceMode(me, payload.mode)))
    .handle("updateAntiCheatRule", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Activities.updateRule(me, path.ruleKey, payload))))

export const AdminActivityAuditHandlers: GroupHandlers<"adminActivityAudit"> = apiGroup(ActivitiesApi, "adminActivityAudit", (handlers) =>
  handlers.handle("activityAuditLog", ({ path, urlParams }) =>
    Effect.map(
      Activities.activityAudit(path.id, {
        ...pageOf(urlParams),
        editorId: urlParams.editorId,
        role: urlParams.role,
        from: urlParams.from,
        to: urlParams.to
      }),
      (p) => paged(p, urlParams)
    )))
