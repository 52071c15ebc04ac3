/** Handlers of the organizer's notification wallet (tenancy-guarded). */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { Effect, type Layer } from "effect"
import type { NotificationHandlerServices } from "./notifications.views.js"
import { settlementPage, walletDetail } from "./wallet.views.js"
import { apiGroup } from "../serving/served-groups.js"

export const OrganizerNotificationWalletHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "organizerNotificationWallet">,
  never,
  NotificationHandlerServices | OrganizerReaders | OrganizerManagers
> = apiGroup(NotificationsApi, "organizerNotificationWallet", (handlers) =>
  handlers
    .handle("getOrganizerNotificationWallet", () =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        return yield* walletDetail(access.organizerId)
      }))
    .handle("listOrganizerNotificationSettlements", ({ urlParams }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        return yield* settlementPage({ organizerId: access.organizerId }, urlParams.page ?? 1, urlParams.limit ?? 20)
      }))
    .handle("topUpOrganizerNotificationWallet", ({ payload }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        return yield* (yield* Notifications.NotificationWalletRepo).createTopUp(access.organizerId, payload.amount)
      }))
)
