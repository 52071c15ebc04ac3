/**
 * Handlers of Admin: Money / Refunds (permission `payments.manage`, declared on the contract) and
 * of Reward pools, and of the finance truth reads (signed in; who sees what is the use case's decision).
 */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal, pageOf } from "@podium/contracts/common"
import { MoneyApi } from "@podium/contracts/money"
import { Challenges, type Events, Payments, Registrations, type Wallets } from "@podium/core"
import type { IdentityServices, OrganizersInfrastructure, PaymentsInfrastructure } from "@podium/host-common"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"

export type RefundsHandlerServices = IdentityServices | OrganizersInfrastructure | PaymentsInfrastructure | Authenticated

export const AdminRefundsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminRefunds">, never, RefundsHandlerServices> =
  apiGroup(MoneyApi, "adminRefunds", (handlers) =>
    handlers
      .handle("adminListRefunds", ({ urlParams }) =>
        Payments.listRefunds({
          ...pageOf(urlParams),
          status: urlParams.status,
          sourceKind: urlParams.sourceKind,
          eventId: urlParams.eventId,
          userId: urlParams.userId
        }))
      .handle("adminCancelRefund", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Payments.cancelRefund(admin, path.id, payload.reason ?? null)))
      .handle("adminMarkRefundManuallyRefunded", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (admin) => Payments.markRefundManuallyRefunded(admin, path.id, payload.note))))

export const FinanceTruthHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "financeTruth">,
  never,
  RefundsHandlerServices | Registrations.ParticipationRepo | Events.EventRepo | Challenges.RewardPoolRepo | Wallets.Ledger
> = apiGroup(MoneyApi, "financeTruth", (handlers) =>
  handlers
    .handle("participationFinanceTruth", ({ path }) =>
      Effect.flatMap(CurrentPrincipal, (principal) => Registrations.participationFinanceTruth(principal, path.participationId)))
    .handle("refundFinanceTruth", ({ path }) =>
      Effect.flatMap(CurrentPrincipal, (principal) => Registrations.refundFinanceTruth(principal, path.refundId)))
    .handle("rewardPoolFinanceTruth", ({ path }) =>
      Effect.flatMap(CurrentPrincipal, (principal) => Challenges.rewardPoolFinance(principal, path.poolId))))

export const AdminRewardPoolsHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "adminRewardPools">,
  never,
  RefundsHandlerServices | Challenges.RewardPoolRepo | Challenges.ChallengeRepo | Wallets.Ledger
> = apiGroup(MoneyApi, "adminRewardPools", (handlers) =>
  handlers
    .handle("adminListRewardPools", ({ urlParams }) => Challenges.listRewardPools({ ...pageOf(urlParams), status: urlParams.status }))
    .handle("adminFundRewardPool", ({ path, payload }) =>
      Effect.flatMap(CurrentPrincipal, (admin) => Challenges.manuallyFundRewardPool(admin, path.id, payload)))
    .handle("adminRefundRewardPool", ({ path }) => Effect.flatMap(CurrentPrincipal, (admin) => Challenges.refundRewardPool(admin, path.id)))
    .handle("adminReviewRewardPool", ({ path, payload }) => Effect.flatMap(CurrentPrincipal, (admin) => Challenges.reviewRewardPool(admin, path.id, payload))))
