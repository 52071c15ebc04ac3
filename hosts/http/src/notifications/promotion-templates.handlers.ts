/**
 * Handlers of Notifications / Promotion templates (admin, notifications.manage): reads on the
 * generic CRUD handlers; create and update check the named channel template exists (400); PATCH
 * /{id}/enabled switches it for organizers.
 */
import { type HttpApiGroup } from "@effect/platform"
import { type CreatePromotionTemplateBody, NotificationsApi, type UpdatePromotionTemplateBody } from "@podium/contracts/notifications"
import { Notifications, Platform } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { withConflictCode, crudHandlers } from "../platform/crud.handlers.js"
import { audited } from "./notifications.audit.js"
import { coreChannel, type NotificationHandlerServices, publicChannel } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

const ConflictCode = "PROMOTION_TEMPLATE_EXISTS"
const mapErrors = withConflictCode(ConflictCode)

export const promotionTemplateDto = (p: Notifications.PromotionTemplate) => ({ ...p, channel: publicChannel(p.channel) })

const generic = crudHandlers({
  resource: Notifications.PromotionTemplateResource,
  repo: Notifications.PromotionTemplateRepo,
  toDto: promotionTemplateDto,
  conflictCode: ConflictCode
})

const notFound = (id: string) => new Platform.ResourceNotFound({ resource: "promotion template", id })

const update = (id: string, patch: Notifications.PromotionTemplatePatch) =>
  Effect.gen(function*() {
    const repo = yield* Notifications.PromotionTemplateRepo
    const current = yield* repo.get(id)
    if (Option.isNone(current)) return yield* notFound(id)
    if (patch.channel !== undefined || patch.templateKey !== undefined) {
      yield* Notifications.checkPromotionTemplate({
        channel: patch.channel ?? current.value.channel,
        templateKey: patch.templateKey ?? current.value.templateKey
      })
    }
    const updated = yield* repo.update(id, patch)
    if (Option.isNone(updated)) return yield* notFound(id)
    return promotionTemplateDto(updated.value)
  }).pipe(mapErrors, audited("notifications.promotion-template.update", "promotion-template", (r) => r.id, () => ({ ...patch })))

export const PromotionTemplatesHandlers: Layer.Layer<
  HttpApiGroup.ApiGroup<"podium", "promotionTemplates">,
  never,
  NotificationHandlerServices | IdentityHandlerServices
> = apiGroup(NotificationsApi, "promotionTemplates", (handlers) =>
  handlers
    .handle("getManyPromotionTemplate", generic.getMany)
    .handle("getOnePromotionTemplate", generic.getOne)
    .handle("createOnePromotionTemplate", ({ payload }: { readonly payload: typeof CreatePromotionTemplateBody.Type }) =>
      Effect.gen(function*() {
        const input: Notifications.NewPromotionTemplate = {
          name: payload.name,
          description: payload.description ?? null,
          channel: coreChannel(payload.channel),
          templateKey: payload.templateKey,
          priceMinor: payload.priceMinor,
          currency: payload.currency ?? "INR",
          enabled: payload.enabled ?? true
        }
        yield* Notifications.checkPromotionTemplate(input)
        return promotionTemplateDto(yield* (yield* Notifications.PromotionTemplateRepo).create(input))
      }).pipe(mapErrors, audited("notifications.promotion-template.create", "promotion-template", (r) => r.id)))
    .handle("updateOnePromotionTemplate", ({ path, payload }: { readonly path: { readonly id: string }; readonly payload: typeof UpdatePromotionTemplateBody.Type }) =>
      Effect.suspend(() => {
        const { channel, ...rest } = payload
        return update(path.id, { ...rest, ...(channel === undefined ? {} : { channel: coreChannel(channel) }) })
      }))
    .handle("setPromotionTemplateEnabled", ({ path, payload }) => update(path.id, { enabled: payload.enabled }))
)
