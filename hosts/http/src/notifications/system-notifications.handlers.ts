/**
 * Handlers of Notifications / System notifications (admin, notifications.manage): reads and delete
 * on the generic CRUD handlers; create and update check the event and template first (400 listing
 * each problem); GET /events lists the event catalog with the configured channels.
 */
import { type HttpApiGroup } from "@effect/platform"
import { type CreateSystemNotificationBody, NotificationsApi, type UpdateSystemNotificationBody } from "@podium/contracts/notifications"
import { Notifications, Platform } from "@podium/core"
import { Effect, Either, type Layer, Option } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { withConflictCode, crudHandlers } from "../platform/crud.handlers.js"
import { audited } from "./notifications.audit.js"
import { coreChannel, type NotificationHandlerServices, publicChannel } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const Conflict = "SYSTEM_NOTIFICATION_EXISTS"
const mapErrors = withConflictCode(Conflict)

const toDto = (n: Notifications.SystemNotification) => ({ ...n, channel: publicChannel(n.channel) })

const generic = crudHandlers({
  resource: Notifications.SystemNotificationResource,
  repo: Notifications.SystemNotificationRepo,
  toDto,
  conflictCode: Conflict
})

const notFound = (id: string) => new Platform.ResourceNotFound({ resource: "system notification", id })

export const SystemNotificationsHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "systemNotifications">,
  never,
  NotificationHandlerServices | IdentityHandlerServices
> = apiGroup(NotificationsApi, "systemNotifications", (handlers) =>
  handlers
    .handle("getManySystemNotification", generic.getMany)
    .handle("getOneSystemNotification", generic.getOne)
    .handle("deleteOneSystemNotification", (req) =>
      generic.deleteOne(req).pipe(audited("notifications.system-notification.delete", "system-notification", (r) => r.id)))
    .handle("createOneSystemNotification", ({ payload }: { readonly payload: typeof CreateSystemNotificationBody.Type }) =>
      Effect.gen(function*() {
        const input: Notifications.NewSystemNotification = {
          event: payload.event,
          channel: coreChannel(payload.channel),
          templateKey: payload.templateKey,
          name: payload.name,
          description: payload.description ?? null,
          enabled: payload.enabled ?? true
        }
        yield* Notifications.checkSystemNotification(input)
        return toDto(yield* (yield* Notifications.SystemNotificationRepo).create(input))
      }).pipe(mapErrors, audited("notifications.system-notification.create", "system-notification", (r) => r.id)))
    .handle("updateOneSystemNotification", ({ path, payload }: { readonly path: { readonly id: string }; readonly payload: typeof UpdateSystemNotificationBody.Type }) =>
      Effect.gen(function*() {
        const repo = yield* Notifications.SystemNotificationRepo
        const current = yield* Effect.flatMap(repo.get(path.id), Option.match({ onNone: () => Effect.fail(notFound(path.id)), onSome: Effect.succeed }))
        const { channel, ...rest } = payload
        const patch: Notifications.SystemNotificationPatch = { ...rest, ...(channel === undefined ? {} : { channel: coreChannel(channel) }) }
        yield* Notifications.checkSystemNotification({
          event: patch.event ?? current.event,
          channel: patch.channel ?? current.channel,
          templateKey: patch.templateKey ?? current.templateKey
        })
        const updated = yield* repo.update(path.id, patch)
        if (Option.isNone(updated)) return yield* notFound(path.id)
        return toDto(updated.value)
      }).pipe(mapErrors, audited("notifications.system-notification.update", "system-notification", (r) => r.id)))
    .handle("systemNotificationEvents", () =>
      Effect.gen(function*() {
        const query = Either.getOrThrow(Platform.parseListQuery({ ...Notifications.SystemNotificationResource.list, maxLimit: 1000 }, { limit: 1000 }))
        const configured = (yield* (yield* Notifications.SystemNotificationRepo).list(query)).data
        return Notifications.systemEventCatalog(configured).map((e) => ({
          ...e,
          channels: e.channels.map((c) => ({ ...c, channel: publicChannel(c.channel) }))
        }))
      }))
)
