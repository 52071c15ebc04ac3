/**
 * Handlers of Notifications / Template records (admin, notifications.manage): reads and delete on
 * the generic CRUD handlers; create and replace check the named templates first (400 listing each
 * problem).
 */
import { type HttpApiGroup } from "@effect/platform"
import { NotificationsApi, type TemplateRecordBody } from "@podium/contracts/notifications"
import { Notifications, Platform } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { withConflictCode, crudHandlers } from "../platform/crud.handlers.js"
import { audited } from "./notifications.audit.js"
import type { NotificationHandlerServices } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const ConflictCode = "TEMPLATE_RECORD_EXISTS"
const mapErrors = withConflictCode(ConflictCode)

const toCore = (b: typeof TemplateRecordBody.Type): Notifications.NewTemplateRecord => ({
  key: b.key,
  name: b.name,
  description: b.description ?? null,
  category: b.category ?? null,
  emailTemplateKey: b.emailTemplateKey ?? null,
  smsTemplateKey: b.smsTemplateKey ?? null,
  pushTemplateKey: b.pushTemplateKey ?? null,
  chatappTemplateKey: b.chatappTemplateKey ?? null
})

const generic = crudHandlers({
  resource: Notifications.TemplateRecordResource,
  repo: Notifications.TemplateRecordRepo,
  conflictCode: ConflictCode
})

export const TemplateRecordsHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "notificationTemplateRecords">,
  never,
  NotificationHandlerServices | IdentityHandlerServices
> = apiGroup(NotificationsApi, "notificationTemplateRecords", (handlers) =>
  handlers
    .handle("getManyTemplateRecord", generic.getMany)
    .handle("getOneTemplateRecord", generic.getOne)
    .handle("deleteOneTemplateRecord", (req) =>
      generic.deleteOne(req).pipe(audited("notifications.template-record.delete", "template-record", (r) => r.id)))
    .handle("createOneTemplateRecord", ({ payload }) =>
      Effect.gen(function*() {
        const input = toCore(payload)
        yield* Notifications.checkTemplateRecord(input)
        return yield* (yield* Notifications.TemplateRecordRepo).create(input)
      }).pipe(mapErrors, audited("notifications.template-record.create", "template-record", (r) => r.id)))
    .handle("replaceOneTemplateRecord", ({ path, payload }) =>
      Effect.gen(function*() {
        const repo = yield* Notifications.TemplateRecordRepo
        const notFound = new Platform.ResourceNotFound({ resource: "template record", id: path.id })
        if (Option.isNone(yield* repo.get(path.id))) return yield* notFound
        const input = toCore(payload)
        yield* Notifications.checkTemplateRecord(input)
        const replaced = yield* repo.replace(path.id, input)
        if (Option.isNone(replaced)) return yield* notFound
        return replaced.value
      }).pipe(mapErrors, audited("notifications.template-record.replace", "template-record", (r) => r.id)))
)
