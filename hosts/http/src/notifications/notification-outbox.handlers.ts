/** Handlers of the Notifications / Outbox group (admin only). */
import { type HttpApiGroup } from "@effect/platform"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { Effect, type Layer } from "effect"
import { coreChannel, type NotificationHandlerServices, outboxPreviewView, publicChannel, utcOf } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const statusCodeOf = { RETRIED: 200, NOT_FOUND: 404, CONFLICT: 409 } as const

export const NotificationOutboxHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationOutbox">, never, NotificationHandlerServices> =
  apiGroup(NotificationsApi, "notificationOutbox", (handlers) =>
    handlers
      .handle("listOutbox", ({ urlParams }) =>
        Effect.gen(function*() {
          const page = yield* Notifications.listOutbox({
            ...(urlParams.status === undefined ? {} : { status: urlParams.status }),
            ...(urlParams.channel === undefined ? {} : { channel: coreChannel(urlParams.channel) }),
            ...(urlParams.from === undefined ? {} : { from: utcOf(urlParams.from) }),
            ...(urlParams.to === undefined ? {} : { to: utcOf(urlParams.to) }),
            ...(urlParams.page === undefined ? {} : { page: urlParams.page }),
            ...(urlParams.limit === undefined ? {} : { limit: urlParams.limit })
          })
          return { ...page, items: page.items.map(outboxPreviewView) }
        }))
      .handle("outboxSummary", () =>
        Effect.gen(function*() {
          const summary = yield* Notifications.outboxSummary()
          return {
            byStatus: summary.byStatus,
            byChannel: Object.fromEntries(
              Notifications.Channels.map((c) => [publicChannel(c), summary.byChannel[c]])
            ) as Record<"email" | "sms" | "push" | "chatapp", Record<Notifications.OutboxStatus, number>>,
            total: summary.total,
            oldestPendingAgeMs: summary.oldestPendingAgeMs,
            deadCount: summary.deadCount,
            lastFailures: summary.lastFailures.map(outboxPreviewView)
          }
        }))
      .handle("retryOutboxMessage", ({ path }) =>
        Effect.gen(function*() {
          return outboxPreviewView(yield* Notifications.retryOutboxMessage(path.id as Notifications.OutboxId))
        }))
      .handle("retryOutboxMessages", ({ payload }) =>
        Effect.gen(function*() {
          const result = yield* Notifications.retryOutboxMessages(payload.ids as ReadonlyArray<Notifications.OutboxId>)
          return {
            ...result,
            results: result.results.map((r) => ({ ...r, statusCode: statusCodeOf[r.outcome] }))
          }
        }))
      .handle("bulkRedriveOutbox", ({ payload }) =>
        Effect.gen(function*() {
          return yield* Notifications.bulkRedriveOutbox({
            ...(payload.status === undefined ? {} : { status: payload.status }),
            ...(payload.channel === undefined ? {} : { channel: coreChannel(payload.channel) }),
            ...(payload.from === undefined ? {} : { from: utcOf(payload.from) }),
            ...(payload.to === undefined ? {} : { to: utcOf(payload.to) }),
            ...(payload.dryRun === undefined ? {} : { dryRun: payload.dryRun })
          })
        }))
  )
