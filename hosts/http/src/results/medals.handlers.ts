/** Handlers of Athlete / Medals and series and Athlete / Profile cards. */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { ResultsApi } from "@podium/contracts/results"
import { type Activities, Results } from "@podium/core"
import type { ChallengesInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { ResultsHandlerServices } from "./results.views.js"

export const MedalsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "medals">, never, ResultsHandlerServices | Authenticated> = apiGroup(ResultsApi, "medals", (handlers) =>
  handlers
    .handle("eventTopMedals", ({ path }) => Results.eventTopMedals(path.eventId))
    .handle("myMedals", () => Effect.flatMap(CurrentPrincipal, (me) => Results.userMedals(me.accountId)))
    .handle("userMedals", ({ path }) => Results.userMedals(path.userId)))

export const ProfileCardsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "profileCards">, never, ResultsHandlerServices> = apiGroup(ResultsApi, "profileCards", (handlers) =>
  handlers
    .handle("profileCard", ({ path }) => Results.profileCardSvg(path.athleteId))
    .handle("shareCard", ({ path, urlParams }) => Results.shareCardSvg(path.userId, urlParams.theme ?? "classic")))

export const FinisherCardHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "finisherCard">, never, ResultsHandlerServices> = apiGroup(ResultsApi, "finisherCard", (handlers) =>
  handlers.handle("finisherCard", ({ path }) => Results.finisherCardSvg(path.eventId, path.userId)))

export const AttestationHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "attestation">, never, ResultsHandlerServices | ChallengesInfrastructure | Activities.ActivityRepo | Authenticated> = apiGroup(ResultsApi, "attestation", (handlers) =>
  handlers.handle("challengeAttestation", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Results.challengeAttestationSvg(me, path.id))))

export const CharityReceiptHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "charityReceipt">, never, ResultsHandlerServices | ChallengesInfrastructure | Authenticated> = apiGroup(ResultsApi, "charityReceipt", (handlers) =>
  handlers.handle("challengeTaxReceipt", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Results.challengeTaxReceipt(me, path.id))))
