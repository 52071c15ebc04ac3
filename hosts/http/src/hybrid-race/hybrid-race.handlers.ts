/** Handlers of the athlete's hybrid race: one use case each, for the caller's own attempt. */
import type { HttpApiGroup } from "@effect/platform"
import { EventsApi } from "@podium/contracts/events"
import { type Events, HybridRace } from "@podium/core"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

export type HybridRaceHandlerServices = HybridRace.HybridRaceRepo | Events.EventRepo | Authenticated

export const HybridRaceHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "hybridRace">, never, HybridRaceHandlerServices> =
  apiGroup(EventsApi, "hybridRace", (handlers) =>
    handlers
      .handle("startHybridRace", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => HybridRace.startHybridRace(me.accountId, path.eventId)))
      .handle("hybridRaceCheckpoint", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => HybridRace.passHybridCheckpoint(me.accountId, path.eventId, payload.index)))
      .handle("skipHybridCheckpoint", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => HybridRace.skipHybridCheckpoint(me.accountId, path.eventId, payload.index)))
      .handle("finishHybridRace", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => HybridRace.finishHybridRace(me.accountId, path.eventId)))
      .handle("submitHybridRace", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => HybridRace.submitHybridRace(me.accountId, path.eventId))))
