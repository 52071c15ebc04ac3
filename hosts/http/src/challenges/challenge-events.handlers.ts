/** Handlers of challenges attached to events and of challenge audiences: one use case each. */
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

export const ChallengeAudiencesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "challengeAudiences">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "challengeAudiences",
  (handlers) =>
    handlers
      .handle("challengeAudiences", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.challengeAudiences(me, path.id)))
      .handle("addChallengeAudience", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.addChallengeAudience(me, path.id, payload)))
      .handle("removeChallengeAudience", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.removeChallengeAudience(me, path.id, path.audienceId)))
)
