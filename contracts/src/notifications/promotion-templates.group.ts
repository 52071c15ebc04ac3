/**
 * Promotion templates (B "Notifications / Promotion templates"): the templates organizers may send
 * as paid promotions, each naming a channel template and carrying its own price per recipient
 * (minor units + ISO currency). GET (generic list query), POST, GET/PATCH /{id}, PATCH
 * /{id}/enabled. Name unique (409 PROMOTION_TEMPLATE_EXISTS); the channel template must exist (400).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, IntBetween, Optional, PromotionTemplate, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"
import { crudEndpoints, IdPath } from "../common/crud.js"
import { PublicChannel, PublicChannels } from "./notifications.dto.js"

export const PromotionTemplateView = Schema.Struct({ ...PromotionTemplate.fields, channel: Schema.Literal(...PublicChannels) }).annotations({ identifier: "PromotionTemplate" })

const Currency = Schema.String.pipe(Schema.pattern(/^[A-Z]{3}$/), Schema.annotations(says("must be a 3-letter ISO 4217 code")))
const PriceMinor = IntBetween(0, 100_000_000)

export const CreatePromotionTemplateBody = Body({
  name: StrLength(1, 200),
  description: Optional(StrLength(0, 2000)),
  channel: PublicChannel,
  templateKey: StrLength(1, 120),
  priceMinor: PriceMinor,
  currency: Optional(Currency),
  enabled: Optional(Bool)
})
export const UpdatePromotionTemplateBody = Body({
  name: Optional(StrLength(1, 200)),
  description: Optional(StrLength(0, 2000)),
  channel: Optional(PublicChannel),
  templateKey: Optional(StrLength(1, 120)),
  priceMinor: Optional(PriceMinor),
  currency: Optional(Currency)
})
export const PromotionTemplateEnabledBody = Body({ enabled: Bool })

const endpoints = crudEndpoints({
  name: "PromotionTemplate",
  path: "/v2/admin/promotion-templates",
  item: PromotionTemplateView,
  create: CreatePromotionTemplateBody,
  update: UpdatePromotionTemplateBody,
  maxBulk: 100
})

export class PromotionTemplatesGroup extends HttpApiGroup.make("promotionTemplates")
  .add(endpoints.getMany.annotate(OpenApi.Summary, "List promotion templates (generic list query)"))
  .add(endpoints.createOne.annotate(OpenApi.Summary, "Create a promotion template over an existing channel template, at its price"))
  .add(endpoints.getOne.annotate(OpenApi.Summary, "One promotion template"))
  .add(endpoints.updateOne.annotate(OpenApi.Summary, "Change a promotion template (name, template, price…)"))
  .add(op.patch("setPromotionTemplateEnabled", "/v2/admin/promotion-templates/:id/enabled", { path: IdPath, body: PromotionTemplateEnabledBody, ok: PromotionTemplateView, summary: "Enable or disable: disabled templates are hidden from organizers and refused by promotion-send" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Promotion templates")
  .annotate(OpenApi.Description, "Paid promotion templates for organizers (admin, notifications.manage)")
{}
