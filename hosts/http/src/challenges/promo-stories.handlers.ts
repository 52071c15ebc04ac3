/** Handlers of challenge promo stories: the multipart image read, then one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { CurrentPrincipal } from "@podium/contracts/common"
import { Challenges } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ChallengeHandlerServices } from "./challenges.handlers.js"
import { readUpload } from "../organizers/organizer.view.js"

export const ChallengePromoStoriesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "challengePromoStories">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "challengePromoStories",
  (handlers) =>
    handlers
      .handle("challengePromoStories", ({ path }) => Challenges.challengePromoStories(path.id))
      .handle("createChallengePromoStory", ({ path, payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          const media = yield* readUpload(payload.media)
          return yield* Challenges.createChallengePromoStory(me, path.id, { media: media!, caption: payload.caption })
        }))
      .handle("deleteChallengePromoStory", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.deleteChallengePromoStory(me, path.id, path.storyId)))
)

export const MyPromoStoriesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "myPromoStories">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "myPromoStories",
  (handlers) =>
    handlers
      .handle("myPromoStories", () => Effect.flatMap(CurrentPrincipal, Challenges.myPromoStories))
      .handle("createMyPromoStory", ({ payload }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          const media = yield* readUpload(payload.media)
          return yield* Challenges.createChallengePromoStory(me, payload.challengeId, { media: media!, caption: payload.caption })
        }))
      .handle("deleteMyPromoStory", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.deleteMyPromoStory(me, path.id)))
)
