/** Handlers of challenges attached to events: one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { CurrentPrincipal } from "@podium/contracts/common"
import { Challenges } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ChallengeHandlerServices } from "./challenges.handlers.js"

export const ChallengeEventsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "challengeEvents">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "challengeEvents",
  (handlers) =>
    handlers
      .handle("challengeEvents", ({ path }) => Challenges.challengeEvents(path.id))
      .handle("attachChallengeToEvent", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.attachChallengeToEvent(me, path.id, path.eventId)))
      .handle("detachChallengeFromEvent", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.detachChallengeFromEvent(me, path.id, path.eventId)))
)
