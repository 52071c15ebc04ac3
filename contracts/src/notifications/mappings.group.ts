/**
 * Notification mappings (B "Notifications / Mappings"): which channel template each journey step of
 * a role sends. GET (generic list query), POST, PUT /{id}, DELETE /{id}, POST /bulk (1..100, all or
 * none), GET /template-candidates (the channel's catalog templates a mapping may name). One mapping
 * per role, step and channel (409); the template must exist on the channel (400).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, IntFromText, MappingRoles, NotificationMapping, OneOf, Optional, Query, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"
import { crudEndpoints } from "../common/crud.js"
import { PublicChannel, PublicChannels } from "./notifications.dto.js"


export const NotificationMappingView = Schema.Struct({ ...NotificationMapping.fields, channel: Schema.Literal(...PublicChannels) }).annotations({ identifier: "NotificationMapping" })

const StepKey = Schema.String.pipe(
  Schema.pattern(/^[a-z0-9][a-z0-9._-]{0,119}$/),
  Schema.annotations(says("must be 1 to 120 lowercase letters, digits, dots, dashes or underscores"))
)
export const NotificationMappingBody = Body({
  role: OneOf(...MappingRoles),
  step: StepKey,
  channel: PublicChannel,
  templateKey: StrLength(1, 120),
  enabled: Optional(Bool)
})

export const TemplateCandidatesParams = Query({
  channel: PublicChannel,
  search: Optional(StrLength(1, 200)),
  category: Optional(StrLength(1, 100)),
  limit: Optional(IntFromText(1, 100))
})

export const TemplateCandidateView = Schema.Struct({
  id: Schema.String,
  channel: Schema.Literal(...PublicChannels),
  key: Schema.String,
  name: Schema.String,
  category: Schema.NullOr(Schema.String),
  activeVersion: Schema.NullOr(Schema.Int),
  variables: Schema.Array(Schema.String),
  priceMinor: Schema.Int,
  currency: Schema.String
}).annotations({ identifier: "NotificationTemplateCandidate" })

const mappings = crudEndpoints({
  name: "NotificationMapping",
  path: "/v2/admin/notification-mappings",
  item: NotificationMappingView,
  create: NotificationMappingBody,
  update: NotificationMappingBody,
  maxBulk: 100
})

export class NotificationMappingsGroup extends HttpApiGroup.make("notificationMappings")
  .add(op.get("mappingTemplateCandidates", "/v2/admin/notification-mappings/template-candidates", { query: TemplateCandidatesParams, ok: Schema.Array(TemplateCandidateView), summary: "Catalog templates of a channel a mapping may name (filters search, category)" }))
  .add(mappings.createMany.annotate(OpenApi.Summary, "Create 1..100 mappings in one transaction (all or none)"))
  .add(mappings.getMany.annotate(OpenApi.Summary, "List mappings (generic list query; channel filter values EMAIL, SMS, PUSH, CHAT)"))
  .add(mappings.createOne.annotate(OpenApi.Summary, "Map a role's step on a channel to a template; one per role, step and channel (409)"))
  .add(mappings.replaceOne.annotate(OpenApi.Summary, "Replace a mapping"))
  .add(mappings.deleteOne.annotate(OpenApi.Summary, "Delete a mapping"))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Mappings")
  .annotate(OpenApi.Description, "Journey step → channel template mappings (admin, notifications.manage)")
{}
