/** Handlers of the master-event and edition-leaderboard groups: one use case each. */
import type { HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, type OptionalAuthenticated } from "@podium/contracts/common"
import { EventsApi } from "@podium/contracts/events"
import { type Challenges, Events, type Identity, type Payments, type Platform, type Results, type Wallets } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import type { EventHandlerServices } from "./events.handlers.js"

type MasterEventHandlerServices =
  | EventHandlerServices
  | Events.EditionRepo
  | Events.MasterEventRepo
  | Results.ResultsRepo
  | Platform.Leaderboard
  | Platform.DistributedLock
  | Platform.Transactor
  | Wallets.Ledger
  | Payments.PaymentGateway
  | Payments.PaymentOrderRepo
  | Identity.SecureRandom
  | OptionalAuthenticated

export const PublicMasterEventsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "publicMasterEvents">, never, MasterEventHandlerServices> =
  apiGroup(EventsApi, "publicMasterEvents", (handlers) =>
    handlers
      .handle("getMasterEvent", ({ path }) => Effect.flatMap(Effect.serviceOption(CurrentPrincipal), (me) => Events.getMasterEvent(path.eventId, me)))
      .handle("masterLeaderboard", ({ path, urlParams }) => Events.masterLeaderboard(path.eventId, urlParams))
      .handle("editionLeaderboard", ({ path, urlParams }) => Events.editionLeaderboard(path.idOrSlug, urlParams)))

export const MasterEventMembershipHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "masterEventMembership">, never, MasterEventHandlerServices> =
  apiGroup(EventsApi, "masterEventMembership", (handlers) =>
    handlers
      .handle("masterQuote", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Events.quoteMasterEvent(me, path.eventId)))
      .handle("joinMasterEvent", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Events.joinMasterEvent(me, path.eventId)))
      .handle("leaveMasterEvent", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Events.leaveMasterEvent(me, path.eventId)))
      .handle("verifyMasterOrder", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Events.verifyMasterOrder(me, path.eventId, path.orderId, payload)))
      .handle("myMasterRewards", ({ path, urlParams }) => Effect.flatMap(CurrentPrincipal, (me) => Events.myMasterRewards(me, path.eventId, urlParams)))
      .handle("editionLeaderboardMe", ({ path, urlParams }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Events.editionLeaderboardForMe(path.idOrSlug, me.accountId, urlParams))))

export const AdminMasterEventsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminMasterEvents">, never, MasterEventHandlerServices> =
  apiGroup(EventsApi, "adminMasterEvents", (handlers) =>
    handlers
      .handle("adminListMasterEvents", ({ urlParams }) => Events.adminListMasterEvents(urlParams))
      .handle("adminGetMasterEvent", ({ path }) => Events.adminGetMasterEvent(path.eventId))
      .handle("adminMasterOrders", ({ path, urlParams }) => Events.adminMasterOrders(path.eventId, urlParams))
      .handle("adminMasterParticipants", ({ path, urlParams }) => Events.adminMasterParticipants(path.eventId, urlParams))
      .handle("adminMasterRewards", ({ path, urlParams }) => Events.adminMasterRewards(path.eventId, urlParams))
      .handle("adminSetMasterEventStatus", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Events.adminSetMasterEventStatus(me, path.eventId, payload)))
      .handle("reconcileMasterOrderRefund", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Events.reconcileMasterOrderRefund(me, path.orderId, payload)))
      .handle("reconcileMasterOrderSettlement", ({ path }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Events.reconcileMasterOrderSettlement(me, path.orderId)))
      .handle("adminSetMasterReward", ({ path, payload }) =>
        Effect.flatMap(CurrentPrincipal, (me) => Events.adminSetMasterReward(me, path.grantId, payload))))

/** The event's badge, derived from the badges of the challenges attached to it. */
export const AdminEventBadgeHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "adminEventBadge">,
  never,
  EventHandlerServices | Challenges.BadgeRepo | Challenges.ChallengeEventRepo
> = apiGroup(EventsApi, "adminEventBadge", (handlers) => handlers.handle("adminEventBadge", ({ path }) => Events.adminEventBadge(path.eventId)))

export const MasterEventHandlers = [PublicMasterEventsHandlers, MasterEventMembershipHandlers, AdminMasterEventsHandlers, AdminEventBadgeHandlers] as const
