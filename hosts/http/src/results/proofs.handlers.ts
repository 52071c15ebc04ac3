/** Handlers of proofs (admin), the athlete's action center, series passes and the organizer's series passes: one use case each. */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { ResultsApi } from "@podium/contracts/results"
import { type Activities, type Events, Results, type Wallets } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import { pageOf, type ResultsHandlerServices } from "./results.views.js"

type ProofHandlerServices =
  | ResultsHandlerServices
  | Results.ProofRepo
  | Results.ClaimableRewardRepo
  | Results.SeriesPassRepo
  | Events.EditionRepo
  | Activities.ActivityRepo
  | Wallets.Ledger
  | Authenticated

export const AdminProofsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminProofs">, never, ProofHandlerServices> = apiGroup(ResultsApi, "adminProofs", (handlers) =>
  handlers
    .handle("resolveProof", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Results.resolveProof(me, path.proofId, payload)))
    .handle("revokeProof", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Results.revokeProof(me, path.proofId, payload.reason)))
    .handle("proofReviewQueue", ({ urlParams }) => Results.proofReviewQueue({ ...pageOf(urlParams), editionId: urlParams.editionId })))

export const ActionCenterHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "actionCenter">, never, ProofHandlerServices> = apiGroup(ResultsApi, "actionCenter", (handlers) =>
  handlers
    .handle("claimableRewards", ({ urlParams }) =>
      Effect.flatMap(CurrentPrincipal, (me) => Results.claimableRewards(me.accountId, { status: urlParams.status, ...pageOf(urlParams) })))
    .handle("claimReward", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Results.claimReward(me, path.claimId)))
    .handle("pendingProofs", () => Effect.flatMap(CurrentPrincipal, (me) => Effect.map(Results.pendingProofs(me.accountId), (items) => ({ items }))))
    .handle("submitProof", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (me) => Results.submitProof(me, path.participationId, payload))))

export const SeriesPassesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "seriesPasses">, never, ProofHandlerServices> = apiGroup(ResultsApi, "seriesPasses", (handlers) =>
  handlers
    .handle("mySeriesPasses", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Results.mySeriesPasses(me.accountId, urlParams.status)))
    .handle("registerForSeriesPass", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Results.registerForSeriesPass(me, path.passId)))
    .handle("cancelSeriesPassRegistration", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Results.cancelSeriesPassRegistration(me, path.passId)))
    .handle("seriesPassEntitlement", ({ urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Results.seriesPassEntitlement(me.accountId, urlParams))))

export const OrganizerSeriesPassesHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "organizerSeriesPasses">,
  never,
  ProofHandlerServices | OrganizerManagers | OrganizerReaders
> = apiGroup(ResultsApi, "organizerSeriesPasses", (handlers) =>
  handlers
    .handle("createSeriesPass", ({ path, payload }) => Effect.flatMap(OrganizerAccess, (g) => Results.createSeriesPass(g, path.eventId, payload)))
    .handle("eventSeriesPasses", ({ path }) => Effect.flatMap(OrganizerAccess, (g) => Results.eventSeriesPasses(g, path.eventId))))
