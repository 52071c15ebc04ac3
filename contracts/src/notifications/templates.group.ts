/**
 * Channel templates (B "Notifications / Channel templates"): `/v2/admin/notification-templates/
 * {email|push|sms|chatapp}`. One builder, `channelTemplatesGroup(name, channel)`, produces each
 * channel's common endpoints (list, create, get, edit, delete, pricing, visibility); each channel's
 * group then adds the extras the spec lists for it. An edit of subject/body/variables creates a new
 * version (active unless `activate: false`); `activeVersion` activates an existing one. Declared
 * variables must match the placeholders (`{{name}}`) of subject and body exactly.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, IntBetween, IntFromText, OneOf, Optional, Query, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"
import { NotificationLogView } from "./notification-logs.group.js"
import { IsoInstant, LogStatus, type PublicChannel, PublicChannels } from "./notifications.dto.js"

export const TemplateVisibilityValues = ["PRIVATE", "ORGANIZERS"] as const

const VariableName = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z0-9_.-]{1,64}$/),
  Schema.annotations(says("must contain names of letters, digits, dots, dashes or underscores (at most 64 characters)"))
)
const Variables = Schema.Array(VariableName).pipe(
  Schema.maxItems(50),
  Schema.annotations(says("must be a list of at most 50 variable names"))
)
const TemplateKey = Schema.String.pipe(
  Schema.pattern(/^[a-z0-9][a-z0-9._-]{0,119}$/),
  Schema.annotations(says("must be 1 to 120 lowercase letters, digits, dots, dashes or underscores"))
)
const Currency = Schema.String.pipe(Schema.pattern(/^[A-Z]{3}$/), Schema.annotations(says("must be a 3-letter ISO 4217 code")))
const PriceMinor = IntBetween(0, 100_000_000)
const Visibility = OneOf(...TemplateVisibilityValues)
const Subject = StrLength(1, 500)
const TextBody = StrLength(1, 20_000)

export const ChannelTemplateView = Schema.Struct({
  id: Schema.String,
  channel: Schema.Literal(...PublicChannels),
  key: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  category: Schema.NullOr(Schema.String),
  priceMinor: Schema.Int.annotations({ description: "Price per message in minor units of currency" }),
  currency: Schema.String,
  visibility: Schema.Literal(...TemplateVisibilityValues),
  activeVersion: Schema.NullOr(Schema.Int).annotations({ description: "The version delivery uses" }),
  latestVersion: Schema.Int,
  shownVersion: Schema.Int.annotations({ description: "The version whose content is shown (active, else latest)" }),
  subject: Schema.NullOr(Schema.String),
  body: Schema.String,
  variables: Schema.Array(Schema.String),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "ChannelTemplate" })

export const ChannelTemplateVersionView = Schema.Struct({
  version: Schema.Int,
  active: Schema.Boolean,
  subject: Schema.NullOr(Schema.String),
  body: Schema.String,
  variables: Schema.Array(Schema.String),
  createdAt: Schema.Date
}).annotations({ identifier: "ChannelTemplateVersion" })

export const ChannelTemplatePage = Schema.Struct({
  items: Schema.Array(ChannelTemplateView),
  page: Schema.Int,
  limit: Schema.Int,
  total: Schema.Int,
  hasMore: Schema.Boolean
}).annotations({ identifier: "ChannelTemplatePage" })

export const ChannelTemplateListParams = Query({
  search: Optional(StrLength(1, 200)),
  category: Optional(StrLength(1, 100)),
  visibility: Optional(Visibility),
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
})

export const CreateChannelTemplateBody = Body({
  key: TemplateKey,
  name: StrLength(1, 200),
  description: Optional(StrLength(0, 2000)),
  category: Optional(StrLength(1, 100)),
  subject: Optional(Subject),
  body: TextBody,
  variables: Variables,
  priceMinor: Optional(PriceMinor),
  currency: Optional(Currency),
  visibility: Optional(Visibility)
})

export const EditChannelTemplateBody = Body({
  name: Optional(StrLength(1, 200)),
  description: Optional(StrLength(0, 2000)),
  category: Optional(StrLength(1, 100)),
  subject: Optional(Subject),
  body: Optional(TextBody),
  variables: Optional(Variables),
  activate: Optional(Bool),
  activeVersion: Optional(IntBetween(1, 1_000_000))
})

export const TemplatePricingBody = Body({ priceMinor: PriceMinor, currency: Currency })
export const TemplateVisibilityBody = Body({ visibility: Visibility })
export const AddTemplateVersionBody = Body({
  subject: Optional(Subject),
  body: TextBody,
  variables: Variables,
  activate: Optional(Bool)
})
export const PreviewTemplateBody = Body({
  variables: Schema.Record({ key: Schema.String, value: Schema.String }).annotations(says("must be an object whose values are strings")),
  version: Optional(IntBetween(1, 1_000_000))
})
export const ValidateTemplateParams = Query({
  subject: Optional(Subject),
  body: TextBody,
  variables: Optional(StrLength(0, 4000).annotations({ description: "Comma-separated declared variable names" }))
})

export const TemplatePreviewView = Schema.Struct({
  version: Schema.Int,
  subject: Schema.NullOr(Schema.String),
  body: Schema.String
}).annotations({ identifier: "ChannelTemplatePreview" })
export const TemplateVersionDetailsView = Schema.Struct({
  template: ChannelTemplateView,
  versions: Schema.Array(ChannelTemplateVersionView)
}).annotations({ identifier: "ChannelTemplateVersionDetails" })
export const TemplateValidationView = Schema.Struct({
  valid: Schema.Boolean,
  placeholders: Schema.Array(Schema.String),
  undeclared: Schema.Array(Schema.String),
  unused: Schema.Array(Schema.String),
  problems: Schema.Array(Schema.String)
}).annotations({ identifier: "ChannelTemplateValidation" })

const IdPath = Schema.Struct({ id: Schema.String })

export const CssInlineBody = Body({
  html: StrLength(1, 500_000),
  css: Optional(StrLength(0, 200_000))
})
export const CssInlineView = Schema.Struct({
  html: Schema.String,
  unsupported: Schema.Array(Schema.String).annotations({ description: "Rules kept in a <style> block (descendant selectors, pseudo-classes, media queries…)" }),
  styledElements: Schema.Int
}).annotations({ identifier: "EmailCssInline" })

const ProviderMappingView = Schema.Struct({
  providerTemplateName: Schema.String,
  language: Schema.String,
  namespace: Schema.NullOr(Schema.String),
  parameters: Schema.Array(Schema.String),
  updatedAt: Schema.String
})
export const TemplateExtrasView = Schema.Struct({
  id: Schema.String,
  isDefault: Schema.Boolean.annotations({ description: "The channel's default template for its category" }),
  providerMapping: Schema.NullOr(ProviderMappingView),
  previousProviderMapping: Schema.NullOr(ProviderMappingView)
}).annotations({ identifier: "ChannelTemplateExtras" })

export const ProviderMappingBody = Body({
  providerTemplateName: Schema.String.pipe(
    Schema.pattern(/^[a-z0-9_]{1,512}$/),
    Schema.annotations(says("must be 1 to 512 lowercase letters, digits or underscores (the provider's template name)"))
  ),
  language: Schema.String.pipe(Schema.pattern(/^[a-z]{2,3}(_[A-Z]{2})?$/), Schema.annotations(says("must be a language code like en or en_US"))),
  namespace: Optional(StrLength(1, 200)),
  parameters: Optional(Schema.Array(Schema.String).pipe(
    Schema.maxItems(50),
    Schema.annotations(says("must list at most 50 template variable names, in the provider's parameter order"))
  ))
})

export const CreateViaProviderBody = Body({
  key: TemplateKey,
  name: StrLength(1, 200),
  description: Optional(StrLength(0, 2000)),
  category: Optional(StrLength(1, 100)),
  language: Optional(Schema.String.pipe(Schema.pattern(/^[a-z]{2,3}(_[A-Z]{2})?$/), Schema.annotations(says("must be a language code like en or en_US")))),
  subject: Optional(Subject),
  body: TextBody,
  variables: Variables,
  priceMinor: Optional(PriceMinor),
  currency: Optional(Currency),
  visibility: Optional(Visibility)
})
const ProviderTemplateView = Schema.Struct({
  providerTemplateId: Schema.String,
  name: Schema.String,
  language: Schema.NullOr(Schema.String),
  status: Schema.Literal("ACTIVE", "APPROVED", "PENDING", "REJECTED"),
  subject: Schema.NullOr(Schema.String),
  body: Schema.String
})
export const CreatedViaProviderView = Schema.Struct({
  template: ChannelTemplateView,
  provider: Schema.String,
  providerTemplate: ProviderTemplateView
}).annotations({ identifier: "ChannelTemplateCreatedViaProvider" })
export const TemplateSyncView = Schema.Struct({
  provider: Schema.String,
  total: Schema.Int.annotations({ description: "Templates the provider holds" }),
  imported: Schema.Array(Schema.String).annotations({ description: "Keys of the catalog templates created" }),
  updated: Schema.Array(Schema.String).annotations({ description: "Keys that got a new active version" }),
  unchanged: Schema.Int,
  skipped: Schema.Array(Schema.Struct({ name: Schema.String, reason: Schema.String }))
}).annotations({ identifier: "ChannelTemplateSync" })
export const ChatProviderVerificationView = Schema.Struct({
  id: Schema.String,
  provider: Schema.String,
  providerTemplateName: Schema.String,
  found: Schema.Boolean,
  status: Schema.NullOr(Schema.Literal("ACTIVE", "APPROVED", "PENDING", "REJECTED")),
  verified: Schema.Boolean.annotations({ description: "The provider holds the template and it is approved" }),
  checkedAt: Schema.Date
}).annotations({ identifier: "ChatTemplateVerification" })

/** The provider-store endpoints of one channel (create-via-messaging-provider, sync). */
const providerEndpoints = (channel: "email" | "sms" | "chatapp") => ({
  createVia: op.post("createTemplateViaProvider", `/v2/admin/notification-templates/${channel}/create-via-messaging-provider`, { body: CreateViaProviderBody, ok: CreatedViaProviderView, status: 201, summary: "Create the template at the messaging provider, then in the catalog with its provider mapping; 503 without a provider template store" }),
  sync: op.post("syncTemplatesFromProvider", `/v2/admin/notification-templates/${channel}/sync`, { ok: TemplateSyncView, summary: "Import new provider templates and add versions for changed ones; 503 without a provider template store" })
})

export const ProviderAnalyticsParams = Query({ from: Optional(IsoInstant), to: Optional(IsoInstant) })
export const ProviderAnalyticsView = Schema.Struct({
  provider: Schema.String,
  sent: Schema.Int,
  failed: Schema.Int,
  skipped: Schema.Int,
  byDeliveryStatus: Schema.Struct({
    QUEUED: Schema.Int,
    SENT: Schema.Int,
    DELIVERED: Schema.Int,
    UNDELIVERED: Schema.Int,
    FAILED: Schema.Int,
    READ: Schema.Int
  }),
  deliveryRate: Schema.NullOr(Schema.Number).annotations({ description: "DELIVERED or READ receipts / sent; null before any send" })
}).annotations({ identifier: "SmsProviderAnalytics" })
export const ProviderLogParams = Query({
  status: Optional(LogStatus),
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
})
export const ProviderLogPage = Schema.Struct({
  provider: Schema.String,
  items: Schema.Array(NotificationLogView),
  page: Schema.Int,
  limit: Schema.Int,
  hasMore: Schema.Boolean
}).annotations({ identifier: "SmsProviderLogPage" })

/** The common endpoints of one channel's templates; the group's name and path segment vary. */
export const channelTemplatesGroup = <const Name extends string>(name: Name, channel: PublicChannel) => {
  const base = `/v2/admin/notification-templates/${channel}` as const
  return HttpApiGroup.make(name)
    .add(op.get("listTemplates", base, { query: ChannelTemplateListParams, ok: ChannelTemplatePage, summary: `List ${channel} templates, newest first; filters search (key or name), category, visibility` }))
    .add(op.post("createTemplate", base, { body: CreateChannelTemplateBody, ok: ChannelTemplateView, status: 201, summary: `Create a ${channel} template (version 1, active); key unique per channel (409)` }))
    .add(op.get("getTemplate", `${base}/:id`, { path: IdPath, ok: ChannelTemplateView, summary: `One ${channel} template with its shown version's content` }))
    .add(op.patch("editTemplate", `${base}/:id`, { path: IdPath, body: EditChannelTemplateBody, ok: ChannelTemplateView, summary: "Edit: a subject/body/variables change creates a new version; activeVersion activates an existing one" }))
    .add(op.del("deleteTemplate", `${base}/:id`, { path: IdPath, ok: Schema.Struct({ id: Schema.String, deleted: Schema.Boolean }), summary: `Delete a ${channel} template and its versions (delivery stops using it)` }))
    .add(op.patch("setTemplatePricing", `${base}/:id/pricing`, { path: IdPath, body: TemplatePricingBody, ok: ChannelTemplateView, summary: "Set the price per message (minor units) and its currency" }))
    .add(op.patch("setTemplateVisibility", `${base}/:id/visibility`, { path: IdPath, body: TemplateVisibilityBody, ok: ChannelTemplateView, summary: "Set who may use the template: PRIVATE (admins and the system) or ORGANIZERS" }))
    .middleware(Authenticated)
    .annotate(Requires, AdminPermission("notifications.manage"))
    .annotate(OpenApi.Title, `Notifications / Channel templates (${channel})`)
    .annotate(OpenApi.Description, `${channel} templates with versions, pricing and visibility (admin, notifications.manage)`)
}

export class EmailTemplatesGroup extends channelTemplatesGroup("notificationTemplatesEmail", "email")
  .add(op.get("templateVersionDetails", "/v2/admin/notification-templates/email/:id/version-details", { path: IdPath, ok: TemplateVersionDetailsView, summary: "The template and every version, newest first" }))
  .add(providerEndpoints("email").createVia)
  .add(providerEndpoints("email").sync)
  .add(op.post("inlineTemplateCss", "/v2/admin/notification-templates/email/css-inline", { body: CssInlineBody, ok: CssInlineView, summary: "Copy <style> rules (and extra css) into style attributes for mail clients; rules that cannot be inlined are kept and listed" }))
  .add(op.get("validateTemplate", "/v2/admin/notification-templates/email/validate", { query: ValidateTemplateParams, ok: TemplateValidationView, summary: "Check a subject/body against declared variables (comma-separated) without saving" }))
{}

export class PushTemplatesGroup extends channelTemplatesGroup("notificationTemplatesPush", "push")
  .add(op.post("previewTemplate", "/v2/admin/notification-templates/push/:id/preview", { path: IdPath, body: PreviewTemplateBody, ok: TemplatePreviewView, summary: "Substituted title and body of a version (default: the shown one); a missing variable → 400 naming it" }))
{}

export class SmsTemplatesGroup extends channelTemplatesGroup("notificationTemplatesSms", "sms")
  .add(op.post("addTemplateVersion", "/v2/admin/notification-templates/sms/:id/add-version", { path: IdPath, body: AddTemplateVersionBody, ok: ChannelTemplateView, status: 201, summary: "Add a version (active unless activate is false)" }))
  .add(providerEndpoints("sms").createVia)
  .add(providerEndpoints("sms").sync)
  .add(op.get("smsProviderAnalytics", "/v2/admin/notification-templates/sms/messaging-provider-analytics", { query: ProviderAnalyticsParams, ok: ProviderAnalyticsView, summary: "Deliveries through the configured SMS provider: attempts and receipts; 503 PROVIDER_NOT_CONFIGURED without one" }))
  .add(op.get("smsProviderLogs", "/v2/admin/notification-templates/sms/messaging-provider-logs", { query: ProviderLogParams, ok: ProviderLogPage, summary: "SMS delivery log rows newest first (masked); 503 PROVIDER_NOT_CONFIGURED without a provider" }))
  .add(op.get("markTemplateDefault", "/v2/admin/notification-templates/sms/:id/mark-default", { path: IdPath, ok: TemplateExtrasView, summary: "Make the template the SMS default of its category (the previous default is unset); a GET in the spec, idempotent" }))
{}

export class ChatappTemplatesGroup extends channelTemplatesGroup("notificationTemplatesChatapp", "chatapp")
  .add(op.patch("setProviderMapping", "/v2/admin/notification-templates/chatapp/:id/provider-mapping", { path: IdPath, body: ProviderMappingBody, ok: TemplateExtrasView, summary: "Set the chat-app provider's template reference; parameters must list every template variable once (the previous mapping is kept for rollback)" }))
  .add(providerEndpoints("chatapp").sync)
  .add(op.post("verifyChatProvider", "/v2/admin/notification-templates/chatapp/:id/verify-chatapp-provider", { path: IdPath, ok: ChatProviderVerificationView, summary: "Ask the chat-app provider for the mapped template's review status; 409 NO_PROVIDER_MAPPING when unmapped, 503 without a provider template store" }))
  .add(op.post("rollbackProviderMapping", "/v2/admin/notification-templates/chatapp/:id/rollback-mapping", { path: IdPath, ok: TemplateExtrasView, status: 201, summary: "Swap back to the previous provider mapping; 409 NO_PREVIOUS_MAPPING when there is none" }))
{}
