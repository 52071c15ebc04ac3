/** Handlers of the admin notification wallets and settlements (`notifications.manage`). */
import { type HttpApiGroup } from "@effect/platform"
import { NotFound } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications, Organizers } from "@podium/core"
import { DateTime, Effect, type Layer, Option } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import type { NotificationHandlerServices } from "./notifications.views.js"
import { settlementPage, walletDetail } from "./wallet.views.js"
import { apiGroup } from "../serving/served-groups.js"

type Services = NotificationHandlerServices | IdentityHandlerServices | Organizers.OrganizerRepo

const organizerMustExist = (organizerId: string) =>
  Effect.flatMap(Organizers.OrganizerRepo, (repo) => repo.findById(organizerId)).pipe(
    Effect.flatMap((found) =>
      Option.isNone(found) ? Effect.fail(new NotFound({ code: "ORGANIZER_NOT_FOUND", message: `No organizer ${organizerId}` })) : Effect.void
    )
  )

export const NotificationWalletsAdminHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationWalletsAdmin">, never, Services> =
  apiGroup(NotificationsApi, "notificationWalletsAdmin", (handlers) =>
    handlers
      .handle("listNotificationWallets", ({ urlParams }) =>
        Effect.gen(function*() {
          const page = urlParams.page ?? 1
          const limit = urlParams.limit ?? 20
          const result = yield* (yield* Notifications.NotificationWalletRepo).listSummaries({ limit, offset: (page - 1) * limit })
          return { items: result.items, total: result.total, page, limit, hasMore: page * limit < result.total }
        }))
      .handle("getNotificationWallet", ({ path }) =>
        Effect.gen(function*() {
          yield* organizerMustExist(path.organizerId)
          return yield* walletDetail(path.organizerId)
        }))
      .handle("adjustNotificationWallet", ({ path, payload }) =>
        Effect.gen(function*() {
          yield* organizerMustExist(path.organizerId)
          const result = yield* Notifications.adjustWallet({
            organizerId: path.organizerId,
            amount: payload.amount,
            reason: payload.reason,
            idempotencyKey: payload.idempotencyKey ?? null
          })
          return { entry: result.entry, replayed: result.replayed, balance: result.balance }
        }))
      .handle("listNotificationSettlements", ({ urlParams }) =>
        Effect.gen(function*() {
          return yield* settlementPage(
            { ...(urlParams.organizerId === undefined ? {} : { organizerId: urlParams.organizerId }), ...(urlParams.status === undefined ? {} : { status: urlParams.status }) },
            urlParams.page ?? 1,
            urlParams.limit ?? 20
          )
        }))
      .handle("calculateNotificationSettlements", ({ payload }) =>
        Effect.gen(function*() {
          const created = yield* (yield* Notifications.NotificationSettlementRepo).calculate(
            DateTime.unsafeFromDate(payload.from),
            DateTime.unsafeFromDate(payload.to)
          )
          return { created }
        }))
      .handle("processNotificationSettlement", ({ path }) =>
        Effect.gen(function*() {
          return yield* (yield* Notifications.NotificationSettlementRepo).process(path.id)
        }))
  )
