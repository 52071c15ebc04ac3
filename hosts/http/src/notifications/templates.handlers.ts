/**
 * Handlers of the four Notifications / Channel templates groups. The common endpoints share one
 * set of handler functions built per channel (`commonTemplateHandlers`); each group wires them
 * plus its channel's extras. Every operation needs an admin holding notifications.manage.
 */
import { HttpApiBuilder, type HttpApiEndpoint, type HttpApiGroup } from "@effect/platform"
import type {
  AddTemplateVersionBody,
  ChannelTemplateListParams,
  CreateChannelTemplateBody,
  CreateViaProviderBody,
  EditChannelTemplateBody,
  PreviewTemplateBody,
  ProviderMappingBody,
  TemplatePricingBody,
  TemplateVisibilityBody
} from "@podium/contracts/notifications"
import { BadRequest, NotFound } from "@podium/contracts/common"
import { NotificationsApi } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import { DateTime, Effect, type Layer, Option } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { audited } from "./notifications.audit.js"
import { logView, type NotificationHandlerServices, publicChannel } from "./notifications.views.js"
import { apiGroup } from "../serving/served-groups.js"

type Services = NotificationHandlerServices | IdentityHandlerServices
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

/** The catalog extras of a template (404 when the channel has no such template). */
const extrasView = (id: string) => (extras: Option.Option<Notifications.TemplateExtras>) =>
  Option.match(extras, {
    onNone: () => Effect.fail(new NotFound({ message: `No template ${id}` })),
    onSome: (e) => Effect.succeed({ id, ...e })
  })

/** The SMS sender, or 503 PROVIDER_NOT_CONFIGURED: provider analytics and logs describe a configured provider. */
const configuredSms = Effect.flatMap(Notifications.SmsSender, (sender) =>
  sender.configured
    ? Effect.succeed(sender)
    : Effect.fail(new Notifications.ProviderNotConfigured({ channel: "SMS", message: "No SMS messaging provider is configured" })))

/**
 * Checks a chat-app provider mapping against the template: parameters (default: the template's
 * variables in order) must name each declared variable exactly once, since the provider fills its
 * positional parameters from them.
 */
const checkedMapping = (template: Notifications.CatalogTemplate, payload: typeof ProviderMappingBody.Type) => {
  const parameters = payload.parameters ?? template.variables
  const problems: Array<string> = []
  const unknown = parameters.filter((p) => !template.variables.includes(p))
  const missing = template.variables.filter((v) => !parameters.includes(v))
  if (unknown.length > 0) problems.push(`parameters must name template variables (not ${unknown.join(", ")})`)
  if (missing.length > 0) problems.push(`parameters must include ${missing.join(", ")}`)
  if (new Set(parameters).size !== parameters.length) problems.push("parameters must not repeat a variable")
  return problems.length > 0
    ? Effect.fail(new BadRequest({ code: "PROVIDER_MAPPING_INVALID", message: problems.join("; ") }))
    : Effect.succeed<Notifications.ProviderMapping>({
      providerTemplateName: payload.providerTemplateName,
      language: payload.language,
      namespace: payload.namespace ?? null,
      parameters,
      updatedAt: new Date().toISOString()
    })
}

/** create-via-messaging-provider and sync of one channel (through its provider's template store). */
const providerHandlers = (channel: Notifications.TemplateChannel) => ({
  createTemplateViaProvider: ({ payload }: { readonly payload: typeof CreateViaProviderBody.Type }) =>
    Effect.gen(function*() {
      const created = yield* Notifications.createTemplateViaProvider({
        channel,
        key: payload.key,
        name: payload.name,
        description: payload.description ?? null,
        category: payload.category ?? null,
        language: payload.language ?? "en",
        subject: payload.subject ?? null,
        body: payload.body,
        variables: payload.variables,
        priceMinor: payload.priceMinor ?? 0,
        currency: payload.currency ?? "INR",
        visibility: payload.visibility ?? "PRIVATE"
      })
      return { ...created, template: channelTemplateView(created.template) }
    }).pipe(audited("notifications.template.create-via-provider", "notification-template", (r) => r.template.id)),
  syncTemplatesFromProvider: () =>
    Effect.gen(function*() {
      return yield* Notifications.syncTemplatesFromProvider(channel)
    }).pipe(audited("notifications.template.sync", "notification-template-channel", () => channel, (r) => ({ imported: r.imported, updated: r.updated })))
})

/** The common endpoints' handlers for one channel. */
const commonTemplateHandlers = (channel: Notifications.Channel) => ({
  listTemplates: ({ urlParams }: { readonly urlParams: typeof ChannelTemplateListParams.Type }) =>
    Effect.gen(function*() {
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
    }),
  getTemplate: ({ path }: IdReq) =>
    Effect.gen(function*() {
      return channelTemplateView(yield* Notifications.getCatalogTemplate(channel, path.id))
    }),
  editTemplate: ({ path, payload }: IdReq & { readonly payload: typeof EditChannelTemplateBody.Type }) =>
    Effect.gen(function*() {
      return channelTemplateView(yield* Notifications.editCatalogTemplate(channel, path.id, payload))
    }),
  deleteTemplate: ({ path }: IdReq) =>
    Effect.gen(function*() {
      yield* Notifications.deleteCatalogTemplate(channel, path.id)
      return { id: path.id, deleted: true }
    }),
  setTemplatePricing: ({ path, payload }: IdReq & { readonly payload: typeof TemplatePricingBody.Type }) =>
    Effect.gen(function*() {
      return channelTemplateView(yield* Notifications.editCatalogTemplate(channel, path.id, payload))
    }),
  setTemplateVisibility: ({ path, payload }: IdReq & { readonly payload: typeof TemplateVisibilityBody.Type }) =>
    Effect.gen(function*() {
      return channelTemplateView(yield* Notifications.editCatalogTemplate(channel, path.id, payload))
    })
})

/** The endpoints every channel's catalog group declares (`channelTemplatesGroup`). */
const CommonTemplateEndpoints = [
  "listTemplates",
  "createTemplate",
  "getTemplate",
  "editTemplate",
  "deleteTemplate",
  "setTemplatePricing",
  "setTemplateVisibility"
] as const
type CommonTemplateEndpoint = (typeof CommonTemplateEndpoints)[number]

/**
 * Handles a channel group's common endpoints with that channel's handler functions, leaving its
 * extras to the caller. Over a generic group TypeScript cannot match a name with its endpoint, so
 * the seven are added untyped: each handler above is typed by its request, and the answer type
 * removes exactly these names, so each group's extras stay fully checked where it is built.
 */
const handleCommonTemplateEndpoints = <E, P, R, Endpoints extends HttpApiEndpoint.HttpApiEndpoint.Any>(
  handlers: HttpApiBuilder.Handlers<E, P, R, Endpoints>,
  channel: Notifications.Channel
): HttpApiBuilder.Handlers<E, P, R | Services, HttpApiEndpoint.HttpApiEndpoint.ExcludeName<Endpoints, CommonTemplateEndpoint>> => {
  const common = commonTemplateHandlers(channel)
  type Loose = { readonly handle: (name: CommonTemplateEndpoint, handler: unknown) => Loose }
  return CommonTemplateEndpoints.reduce((h, name) => h.handle(name, common[name]), handlers as unknown as Loose) as never
}

export const EmailTemplatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationTemplatesEmail">, never, Services> =
  apiGroup(NotificationsApi, "notificationTemplatesEmail", (handlers) =>
    handleCommonTemplateEndpoints(handlers, "EMAIL")
      .handle("templateVersionDetails", ({ path }) =>
        Effect.gen(function*() {
          const { template, versions } = yield* Notifications.catalogTemplateVersions("EMAIL", path.id)
          return { template: channelTemplateView(template), versions: versions.map(versionView) }
        }))
      .handle("createTemplateViaProvider", providerHandlers("EMAIL").createTemplateViaProvider)
      .handle("syncTemplatesFromProvider", providerHandlers("EMAIL").syncTemplatesFromProvider)
      .handle("inlineTemplateCss", ({ payload }) => Effect.succeed(Notifications.inlineCss(payload.html, payload.css ?? "")))
      .handle("validateTemplate", ({ urlParams }) =>
        Effect.gen(function*() {
          const variables = (urlParams.variables ?? "").split(",").map((v) => v.trim()).filter((v) => v.length > 0)
          const check = Notifications.checkTemplateContent("EMAIL", { subject: urlParams.subject ?? null, body: urlParams.body, variables })
          return { valid: check.problems.length === 0, ...check }
        }))
  )

export const PushTemplatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationTemplatesPush">, never, Services> =
  apiGroup(NotificationsApi, "notificationTemplatesPush", (handlers) =>
    handleCommonTemplateEndpoints(handlers, "PUSH")
      .handle("previewTemplate", ({ path, payload }: IdReq & { readonly payload: typeof PreviewTemplateBody.Type }) =>
        Effect.gen(function*() {
          return yield* Notifications.previewCatalogTemplate("PUSH", path.id, payload.variables, payload.version)
        }))
  )

export const SmsTemplatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationTemplatesSms">, never, Services> =
  apiGroup(NotificationsApi, "notificationTemplatesSms", (handlers) =>
    handleCommonTemplateEndpoints(handlers, "SMS")
      .handle("addTemplateVersion", ({ path, payload }: IdReq & { readonly payload: typeof AddTemplateVersionBody.Type }) =>
        Effect.gen(function*() {
          return channelTemplateView(yield* Notifications.addCatalogTemplateVersion(
            "SMS",
            path.id,
            { subject: payload.subject ?? null, body: payload.body, variables: payload.variables },
            payload.activate ?? true
          ))
        }))
      .handle("createTemplateViaProvider", providerHandlers("SMS").createTemplateViaProvider)
      .handle("syncTemplatesFromProvider", providerHandlers("SMS").syncTemplatesFromProvider)
      .handle("markTemplateDefault", ({ path }) =>
        Effect.gen(function*() {
          return yield* extrasView(path.id)(yield* (yield* Notifications.TemplateCatalogExtrasRepo).markDefault("SMS", path.id))
        }).pipe(audited("notifications.template.mark-default", "notification-template", (r) => r.id)))
      .handle("smsProviderAnalytics", ({ urlParams }) =>
        Effect.gen(function*() {
          const sender = yield* configuredSms
          const stats = yield* (yield* Notifications.NotificationReportRepo).logStats({
            channel: "SMS",
            provider: sender.provider,
            ...(urlParams.from === undefined ? {} : { from: DateTime.unsafeFromDate(urlParams.from) }),
            ...(urlParams.to === undefined ? {} : { to: DateTime.unsafeFromDate(urlParams.to) })
          })
          const delivered = stats.byDeliveryStatus.DELIVERED + stats.byDeliveryStatus.READ
          return {
            provider: sender.provider,
            sent: stats.byStatus.SENT,
            failed: stats.byStatus.FAILED,
            skipped: stats.byStatus.SKIPPED,
            byDeliveryStatus: stats.byDeliveryStatus,
            deliveryRate: stats.byStatus.SENT === 0 ? null : delivered / stats.byStatus.SENT
          }
        }))
      .handle("smsProviderLogs", ({ urlParams }) =>
        Effect.gen(function*() {
          const sender = yield* configuredSms
          const page = urlParams.page ?? 1
          const limit = urlParams.limit ?? 20
          const rows = yield* (yield* Notifications.NotificationLogRepo).list({
            channel: "SMS",
            ...(urlParams.status === undefined ? {} : { status: urlParams.status }),
            limit: limit + 1,
            offset: (page - 1) * limit
          })
          return { provider: sender.provider, items: rows.slice(0, limit).map(logView), page, limit, hasMore: rows.length > limit }
        }))
  )

export const ChatappTemplatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "notificationTemplatesChatapp">, never, Services> =
  apiGroup(NotificationsApi, "notificationTemplatesChatapp", (handlers) =>
    handleCommonTemplateEndpoints(handlers, "CHAT")
      .handle("setProviderMapping", ({ path, payload }) =>
        Effect.gen(function*() {
          const template = yield* Notifications.getCatalogTemplate("CHAT", path.id)
          const mapping = yield* checkedMapping(template, payload)
          return yield* extrasView(path.id)(yield* (yield* Notifications.TemplateCatalogExtrasRepo).setProviderMapping("CHAT", path.id, mapping))
        }).pipe(audited("notifications.template.provider-mapping", "notification-template", (r) => r.id)))
      .handle("syncTemplatesFromProvider", providerHandlers("CHAT").syncTemplatesFromProvider)
      .handle("verifyChatProvider", ({ path }) =>
        Effect.gen(function*() {
          return yield* Notifications.verifyChatTemplate(path.id)
        }))
      .handle("rollbackProviderMapping", ({ path }) =>
        Effect.gen(function*() {
          const extras = yield* (yield* Notifications.TemplateCatalogExtrasRepo).rollbackProviderMapping("CHAT", path.id)
          return yield* extrasView(path.id)(extras)
        }).pipe(audited("notifications.template.rollback-mapping", "notification-template", (r) => r.id)))
  )
