/** Handlers of challenge promo stories: the multipart image read, then one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { Challenges } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ChallengeHandlerServices } from "./challenges.handlers.js"
import { readUpload } from "../organizers/organizer.view.js"

/** A page of a use case's items with the page and limit the caller asked for. */
const paged = <A, E, R>(query: { readonly page?: number | undefined; readonly limit?: number | undefined }, result: Effect.Effect<{ readonly items: ReadonlyArray<A>; readonly total: number }, E, R>) =>
  Effect.map(result, (r) => ({ ...pageOf(query), items: r.items, total: r.total }))

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
          return yield* Challenges.createChallengePromoStory(me, path.id, { media, videoUploadId: payload.videoUploadId, caption: payload.caption })
        }))
      .handle("challengePromoStoryInsights", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.promoStoryInsights(me, { challengeId: path.id, storyId: path.storyId })))
      .handle("challengePromoStoryReactions", ({ path, urlParams }) =>
        Effect.flatMap(CurrentPrincipal, (me) => paged(urlParams, Challenges.promoStoryReactions(me, { challengeId: path.id, storyId: path.storyId }, pageOf(urlParams)))))
      .handle("challengePromoStoryReplies", ({ path, urlParams }) =>
        Effect.flatMap(CurrentPrincipal, (me) => paged(urlParams, Challenges.promoStoryReplies(me, { challengeId: path.id, storyId: path.storyId }, pageOf(urlParams)))))
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
          return yield* Challenges.createChallengePromoStory(me, payload.challengeId, { media, videoUploadId: payload.videoUploadId, caption: payload.caption })
        }))
      .handle("deleteMyPromoStory", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.deleteMyPromoStory(me, path.id)))
      .handle("myPromoStoryInsights", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.promoStoryInsights(me, { storyId: path.id })))
      .handle("myPromoStoryReactions", ({ path, urlParams }) =>
        Effect.flatMap(CurrentPrincipal, (me) => paged(urlParams, Challenges.promoStoryReactions(me, { storyId: path.id }, pageOf(urlParams)))))
      .handle("myPromoStoryReplies", ({ path, urlParams }) =>
        Effect.flatMap(CurrentPrincipal, (me) => paged(urlParams, Challenges.promoStoryReplies(me, { storyId: path.id }, pageOf(urlParams)))))
)

export const PromoStoryEngagementHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "promoStoryEngagement">, never, ChallengeHandlerServices> = apiGroup(
  AthletesApi,
  "promoStoryEngagement",
  (handlers) =>
    handlers
      .handle("viewPromoStory", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.viewPromoStory(me, path.id)))
      .handle("reactToPromoStory", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.reactToPromoStory(me, path.id, payload.reaction)))
      .handle("removePromoStoryReaction", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.removePromoStoryReaction(me, path.id)))
      .handle("replyToPromoStory", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.replyToPromoStory(me, path.id, payload.text)))
)
