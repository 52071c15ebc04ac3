/**
 * Handlers of Notifications / Mappings (admin, notifications.manage): reads and delete on the
 * generic CRUD handlers; create, replace and bulk check the named templates first (400 listing
 * each missing one). Channels are public names on the wire and core names in storage.
 */
import { type HttpApiGroup } from "@effect/platform"
import { type NotificationMappingBody, NotificationsApi } from "@podium/contracts/notifications"
import { Notifications, Platform } from "@podium/core"
import { Effect, Option, type Layer } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { withConflictCode, crudHandlers } from "../platform/crud.handlers.js"
import { coreChannel, type NotificationHandlerServices, publicChannel } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

type MappingBody = typeof NotificationMappingBody.Type

const toDto = (m: Notifications.NotificationMapping) => ({
  id: m.id,
  role: m.role,
  step: m.step,
  channel: publicChannel(m.channel),
  templateKey: m.templateKey,
  enabled: m.enabled,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt
})
const toCore = (b: MappingBody): Notifications.NewNotificationMapping => ({
  role: b.role,
  step: b.step,
  channel: coreChannel(b.channel),
  templateKey: b.templateKey,
  enabled: b.enabled ?? true
})

const generic = crudHandlers({
  resource: Notifications.NotificationMappingResource,
  repo: Notifications.NotificationMappingRepo,
  toDto,
  conflictCode: "MAPPING_EXISTS"
})
const mapErrors = withConflictCode("MAPPING_EXISTS")

export const NotificationMappingsHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "notificationMappings">,
  never,
  NotificationHandlerServices | IdentityHandlerServices
> = apiGroup(NotificationsApi, "notificationMappings", (handlers) =>
  handlers
    .handle("getManyNotificationMapping", generic.getMany)
    .handle("deleteOneNotificationMapping", generic.deleteOne)
    .handle("createOneNotificationMapping", ({ payload }) =>
      Effect.gen(function*() {
        const input = toCore(payload)
        yield* Notifications.checkMappings([input])
        return toDto(yield* (yield* Notifications.NotificationMappingRepo).create(input))
      }).pipe(mapErrors))
    .handle("createManyNotificationMapping", ({ payload }) =>
      Effect.gen(function*() {
        const inputs = payload.bulk.map(toCore)
        yield* Notifications.checkMappings(inputs, (i) => `bulk.${i}.`)
        return (yield* (yield* Notifications.NotificationMappingRepo).createMany(inputs)).map(toDto)
      }).pipe(mapErrors))
    .handle("replaceOneNotificationMapping", ({ path, payload }) =>
      Effect.gen(function*() {
        const repo = yield* Notifications.NotificationMappingRepo
        if (Option.isNone(yield* repo.get(path.id))) {
          return yield* new Platform.ResourceNotFound({ resource: "notification mapping", id: path.id })
        }
        const input = toCore(payload)
        yield* Notifications.checkMappings([input])
        const replaced = yield* repo.replace(path.id, input)
        return yield* Option.match(replaced, {
          onNone: () => Effect.fail(new Platform.ResourceNotFound({ resource: "notification mapping", id: path.id })),
          onSome: (m) => Effect.succeed(toDto(m))
        })
      }).pipe(mapErrors))
    .handle("mappingTemplateCandidates", ({ urlParams }) =>
      Effect.gen(function*() {
        const page = yield* (yield* Notifications.TemplateCatalogRepo).list(coreChannel(urlParams.channel), {
          page: 1,
          limit: urlParams.limit ?? 50,
          ...(urlParams.search === undefined ? {} : { search: urlParams.search }),
          ...(urlParams.category === undefined ? {} : { category: urlParams.category })
        })
        return page.items.map((t) => ({
          id: t.id,
          channel: publicChannel(t.channel),
          key: t.key,
          name: t.name,
          category: t.category,
          activeVersion: t.activeVersion,
          variables: t.variables,
          priceMinor: t.priceMinor,
          currency: t.currency
        }))
      }))
)
