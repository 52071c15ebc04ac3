/**
 * Handlers of the four Notifications / Channel templates groups. The common endpoints share one
 * set of handler functions built per channel (`commonTemplateHandlers`); each group wires them
 * plus its channel's extras. Every operation needs an admin holding notifications.manage.
 */
import { HttpApiBuilder, type HttpApiGroup } from "@effect/platform"
import type {
  AddTemplateVersionBody,
  ChannelTemplateListParams,
  CreateChannelTemplateBody,
  EditChannelTemplateBody,
  PreviewTemplateBody,
  TemplatePricingBody,
  TemplateVisibilityBody
} from "@podium/contracts/notifications"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { DateTime, Effect, type Layer } from "effect"
import { requirePermission } from "../accounts/require-permission.js"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { notificationErrors } from "./notifications.errors.js"
import { type NotificationHandlerServices, publicChannel } from "./notifications.views.js"

type Services = NotificationHandlerServices | IdentityHandlerServices
const Permission = "notifications.manage"
const guard = requirePermission(Permission)

export const channelTemplateView = (t: Notifications.CatalogTemplate) => ({
  ...t,
  channel: publicChannel(t.channel),
  createdAt: DateTime.toDate(t.createdAt),
  updatedAt: DateTime.toDate(t.updatedAt)
})
const versionView = (v: Notifications.TemplateVersion) => ({ ...v, createdAt: DateTime.toDate(v.createdAt) })

interface IdReq {
  readonly path: { readonly id: string }
}

/** The common endpoints' handlers for one channel. */
const commonTemplateHandlers = (channel: Notifications.Channel) => ({
  listTemplates: ({ urlParams }: { readonly urlParams: typeof ChannelTemplateListParams.Type }) =>
    Effect.gen(function*() {
      yield* guard
      const page = urlParams.page ?? 1
      const limit = urlParams.limit ?? 20
      const result = yield* (yield* Notifications.TemplateCatalogRepo).list(channel, {
        page,
        limit,
        ...(urlParams.search === undefined ? {} : { search: urlParams.search }),
        ...(urlParams.category === undefined ? {} : { category: urlParams.category }),
        ...(urlParams.visibility === undefined ? {} : { visibility: urlParams.visibility })
      })
      return { items: result.items.map(channelTemplateView), page, limit, total: result.total, hasMore: page * limit < result.total }
    }),
  createTemplate: ({ payload }: { readonly payload: typeof CreateChannelTemplateBody.Type }) =>
    Effect.gen(function*() {
      yield* guard
      return channelTemplateView(yield* Notifications.createCatalogTemplate({
        channel,
        key: payload.key,
        name: payload.name,
        description: payload.description ?? null,
        category: payload.category ?? null,
        subject: payload.subject ?? null,
        body: payload.body,
        variables: payload.variables,
        priceMinor: payload.priceMinor ?? 0,
        currency: payload.currency ?? "INR",
        visibility: payload.visibility ?? "PRIVATE"
      }))
    }).pipe(notificationErrors),
  getTemplate: ({ path }: IdReq) =>
    Effect.gen(function*() {
      yield* guard
      return channelTemplateView(yield* Notifications.getCatalogTemplate(channel, path.id))
    }).pipe(notificationErrors),
  editTemplate: ({ path, payload }: IdReq & { readonly payload: typeof EditChannelTemplateBody.Type }) =>
    Effect.gen(function*() {
      yield* guard
      return channelTemplateView(yield* Notifications.editCatalogTemplate(channel, path.id, payload))
    }).pipe(notificationErrors),
  deleteTemplate: ({ path }: IdReq) =>
    Effect.gen(function*() {
      yield* guard
      yield* Notifications.deleteCatalogTemplate(channel, path.id)
      return { id: path.id, deleted: true }
    }).pipe(notificationErrors),
  setTemplatePricing: ({ path, payload }: IdReq & { readonly payload: typeof TemplatePricingBody.Type }) =>
    Effect.gen(function*() {
      yield* guard
      return channelTemplateView(yield* Notifications.editCatalogTemplate(channel, path.id, payload))
    }).pipe(notificationErrors),
  setTemplateVisibility: ({ path, payload }: IdReq & { readonly payload: typeof TemplateVisibilityBody.Type }) =>
    Effect.gen(function*() {
      yield* guard
      return channelTemplateView(yield* Notifications.editCatalogTemplate(channel, path.id, payload))
    }).pipe(notificationErrors)
})

export const EmailTemplatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationTemplatesEmail">, never, Services> =
  HttpApiBuilder.group(NotificationsApi, "notificationTemplatesEmail", (handlers) => {
    const c = commonTemplateHandlers("EMAIL")
    return handlers
      .handle("listTemplates", c.listTemplates)
      .handle("createTemplate", c.createTemplate)
      .handle("getTemplate", c.getTemplate)
      .handle("editTemplate", c.editTemplate)
      .handle("deleteTemplate", c.deleteTemplate)
      .handle("setTemplatePricing", c.setTemplatePricing)
      .handle("setTemplateVisibility", c.setTemplateVisibility)
      .handle("templateVersionDetails", ({ path }) =>
        Effect.gen(function*() {
          yield* guard
          const { template, versions } = yield* Notifications.catalogTemplateVersions("EMAIL", path.id)
          return { template: channelTemplateView(template), versions: versions.map(versionView) }
        }).pipe(notificationErrors))
      .handle("validateTemplate", ({ urlParams }) =>
        Effect.gen(function*() {
          yield* guard
          const variables = (urlParams.variables ?? "").split(",").map((v) => v.trim()).filter((v) => v.length > 0)
          const check = Notifications.checkTemplateContent("EMAIL", { subject: urlParams.subject ?? null, body: urlParams.body, variables })
          return { valid: check.problems.length === 0, ...check }
        }))
  })

export const PushTemplatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationTemplatesPush">, never, Services> =
  HttpApiBuilder.group(NotificationsApi, "notificationTemplatesPush", (handlers) => {
    const c = commonTemplateHandlers("PUSH")
    return handlers
      .handle("listTemplates", c.listTemplates)
      .handle("createTemplate", c.createTemplate)
      .handle("getTemplate", c.getTemplate)
      .handle("editTemplate", c.editTemplate)
      .handle("deleteTemplate", c.deleteTemplate)
      .handle("setTemplatePricing", c.setTemplatePricing)
      .handle("setTemplateVisibility", c.setTemplateVisibility)
      .handle("previewTemplate", ({ path, payload }: IdReq & { readonly payload: typeof PreviewTemplateBody.Type }) =>
        Effect.gen(function*() {
          yield* guard
          return yield* Notifications.previewCatalogTemplate("PUSH", path.id, payload.variables, payload.version)
        }).pipe(notificationErrors))
  })

export const SmsTemplatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationTemplatesSms">, never, Services> =
  HttpApiBuilder.group(NotificationsApi, "notificationTemplatesSms", (handlers) => {
    const c = commonTemplateHandlers("SMS")
    return handlers
      .handle("listTemplates", c.listTemplates)
      .handle("createTemplate", c.createTemplate)
      .handle("getTemplate", c.getTemplate)
      .handle("editTemplate", c.editTemplate)
      .handle("deleteTemplate", c.deleteTemplate)
      .handle("setTemplatePricing", c.setTemplatePricing)
      .handle("setTemplateVisibility", c.setTemplateVisibility)
      .handle("addTemplateVersion", ({ path, payload }: IdReq & { readonly payload: typeof AddTemplateVersionBody.Type }) =>
        Effect.gen(function*() {
          yield* guard
          return channelTemplateView(yield* Notifications.addCatalogTemplateVersion(
            "SMS",
            path.id,
            { subject: payload.subject ?? null, body: payload.body, variables: payload.variables },
            payload.activate ?? true
          ))
        }).pipe(notificationErrors))
  })

export const ChatappTemplatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationTemplatesChatapp">, never, Services> =
  HttpApiBuilder.group(NotificationsApi, "notificationTemplatesChatapp", (handlers) => {
    const c = commonTemplateHandlers("CHAT")
    return handlers
      .handle("listTemplates", c.listTemplates)
      .handle("createTemplate", c.createTemplate)
      .handle("getTemplate", c.getTemplate)
      .handle("editTemplate", c.editTemplate)
      .handle("deleteTemplate", c.deleteTemplate)
      .handle("setTemplatePricing", c.setTemplatePricing)
      .handle("setTemplateVisibility", c.setTemplateVisibility)
  })
