/** Handlers of challenge prizes, rewards, contributions, organizer goodies and the shipping provider's webhook: one use case each. */
import { type HttpApiGroup, HttpServerRequest } from "@effect/platform"
import { AthletesApi } from "@podium/contracts/athletes"
import { BadRequest, CurrentPrincipal, OrganizerAccess } from "@podium/contracts/common"
import { Challenges } from "@podium/core"
import { AppConfig } from "@podium/host-common"
import { Effect, type Layer, Option, Redacted } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ChallengeHandlerServices } from "./challenges.handlers.js"

type RewardHandlerServices = ChallengeHandlerServices

export const ChallengePrizesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "challengePrizes">, never, RewardHandlerServices> = apiGroup(
  AthletesApi,
  "challengePrizes",
  (handlers) =>
    handlers.handle("challengePrizes", ({ path }) =>
      Effect.flatMap(Effect.serviceOption(CurrentPrincipal), (viewer) => Challenges.challengePrizes(Option.getOrNull(viewer), path.id)))
)

export const ChallengeRewardsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "challengeRewards">, never, RewardHandlerServices> = apiGroup(
  AthletesApi,
  "challengeRewards",
  (handlers) =>
    handlers
      .handle("challengeRewards", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.listRewards(me, path.id)))
      .handle("distributeChallengeRewards", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.distributeRewards(me, path.id, payload)))
      .handle("distributeAllChallengeRewards", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.distributeRewards(me, path.id)))
      .handle("addressChallengeReward", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.addressReward(me, path.id, path.rewardId, { ...payload, addressLine2: payload.addressLine2 ?? null })))
      .handle("cancelChallengeReward", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.cancelReward(me, path.id, path.rewardId, payload.reason)))
      .handle("deliverChallengeReward", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.deliverReward(me, path.id, path.rewardId)))
      .handle("shipChallengeReward", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.shipReward(me, path.id, path.rewardId, payload)))
      .handle("shipChallengeRewardViaProvider", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.shipRewardViaProvider(me, path.id, path.rewardId)))
      .handle("challengePrizeContributions", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Challenges.listPrizeContributions(me, path.challengeId)))
      .handle("acceptChallengePrizeContribution", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.acceptPrizeContribution(me, path.challengeId, path.contributionId, payload.note)))
      .handle("rejectChallengePrizeContribution", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Challenges.rejectPrizeContribution(me, path.challengeId, path.contributionId, payload.note)))
)

export const OrganizerChallengeGoodiesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "organizerChallengeGoodies">, never, RewardHandlerServices> = apiGroup(
  AthletesApi,
  "organizerChallengeGoodies",
  (handlers) =>
    handlers.handle("organizerChallengeGoodies", ({ path }) =>
      Effect.flatMap(OrganizerAccess, (access) => Challenges.organizerChallengeGoodies(access.organizerId, path.challengeId)))
)

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)
const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : typeof v === "number" ? String(v) : undefined)

/** The key first (401/403 before any word about the body), then the body (Shiprocket's tracking shape), then the inbox-first apply. */
export const ShippingProviderWebhookHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "shippingProviderWebhook">, never, RewardHandlerServices> = apiGroup(
  AthletesApi,
  "shippingProviderWebhook",
  (handlers) =>
    handlers.handle("shippingProviderWebhook", ({ headers }) =>
      Effect.gen(function*() {
        const config = yield* AppConfig
        const token = Option.getOrNull(Option.map(config.shippingWebhookToken ?? Option.none(), Redacted.value))
        yield* Challenges.verifyShippingWebhookKey(token, headers["x-api-key"])
        const request = yield* HttpServerRequest.HttpServerRequest
        const raw = yield* request.text.pipe(Effect.orElseSucceed(() => ""))
        const body = yield* Effect.try(() => JSON.parse(raw) as unknown).pipe(Effect.orElseFail(() => new BadRequest({ message: "body must be valid JSON" })))
        const b: Json = isObject(body) ? body : {}
        const awb = text(b.awb) ?? text(b.awb_code)
        const status = text(b.current_status) ?? text(b.shipment_status)
        const problems = [...(awb === undefined ? ["awb should not be empty"] : []), ...(status === undefined ? ["current_status should not be empty"] : [])]
        if (problems.length > 0) return yield* new BadRequest({ message: problems.join("; ") })
        // Shiprocket sends no event id: one update is its AWB, status and scan time.
        const eventId = text(b.eventId) ?? `${awb}:${status}:${text(b.current_timestamp) ?? ""}`
        const result = yield* Challenges.ingestShippingUpdate({ eventId, trackingNumber: awb!, status: status! }, body)
        return { received: true as const, ...result }
      }))
)
