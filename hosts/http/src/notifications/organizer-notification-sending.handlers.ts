/** Handlers of organizer sending (tenancy-guarded): audience preview, send, quota, batches. */
import { type HttpApiGroup } from "@effect/platform"
import { BadRequest, OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { DateTime, Effect, type Layer } from "effect"
import { coreChannel, type NotificationHandlerServices, publicChannel } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

/** A batch answers as stored, its channel in the public spelling. */
export const batchView = (b: Notifications.NotificationBatch) => ({ ...b, channel: publicChannel(b.channel) })

export const OrganizerNotificationSendingHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "organizerNotificationSending">,
  never,
  NotificationHandlerServices | OrganizerReaders | OrganizerManagers
> = apiGroup(NotificationsApi, "organizerNotificationSending", (handlers) =>
  handlers
    .handle("previewOrganizerAudience", ({ payload }) =>
      Effect.gen(function*() {
        yield* OrganizerAccess
        return yield* Notifications.previewAudience(coreChannel(payload.channel), payload.userIds)
      }))
    .handle("sendOrganizerNotification", ({ payload }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const now = Date.now()
        if (payload.scheduledAt !== undefined) {
          const at = payload.scheduledAt.getTime()
          if (at <= now) return yield* new BadRequest({ message: "scheduledAt must be in the future" })
          if (at > now + 30 * 86_400_000) return yield* new BadRequest({ message: "scheduledAt must be within 30 days" })
        }
        const batch = yield* Notifications.sendOrganizerNotification({
          organizerId: access.organizerId,
          channel: coreChannel(payload.channel),
          templateId: payload.templateId,
          userIds: payload.userIds,
          variables: payload.variables ?? {},
          scheduledAt: payload.scheduledAt === undefined ? null : DateTime.unsafeFromDate(payload.scheduledAt)
        })
        return batchView(batch)
      }))
    .handle("organizerNotificationQuota", () =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const q = yield* (yield* Notifications.OrganizerNotificationRepo).usage(access.organizerId, Notifications.DefaultQuota)
        return {
          hourly: { ...q.hourly, resetsAt: DateTime.toDate(q.hourly.resetsAt) },
          daily: { ...q.daily, resetsAt: DateTime.toDate(q.daily.resetsAt) }
        }
      }))
    .handle("listOrganizerNotificationBatches", ({ urlParams }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const page = urlParams.page ?? 1
        const limit = urlParams.limit ?? 20
        const result = yield* (yield* Notifications.OrganizerNotificationRepo).listBatches(access.organizerId, { limit, offset: (page - 1) * limit })
        return { items: result.items.map(batchView), total: result.total, page, limit, hasMore: page * limit < result.total }
      }))
    .handle("getOrganizerNotificationBatch", ({ path }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const batch = yield* (yield* Notifications.OrganizerNotificationRepo).getBatch(access.organizerId, path.id)
        return batchView(batch)
      }))
    .handle("cancelOrganizerNotificationBatch", ({ path }) =>
      Effect.gen(function*() {
        const access = yield* OrganizerAccess
        const batch = yield* Notifications.cancelOrganizerBatch(access.organizerId, path.id)
        return batchView(batch)
      }))
)

