/**
 * Promotion templates (B "Notifications / Promotion templates", C organizer `promotion-templates`,
 * promotion studio): the templates an organizer may use for a paid promotion. Each names a catalog
 * template of its channel (which must exist and, to be sent, have an active version) and carries
 * its own price per recipient in minor units with its currency; `enabled` is the admin's switch
 * (disabled ones are hidden from organizers and refused by promotion-send). Generic CRUD storage.
 *
 * Decision (spec silent): the price lives on the promotion template, not on the channel template,
 * so the same message can be sold as a promotion at a different price than a plain organizer send.
 */
import { DomainError, PromotionTemplate } from "@podium/kernel"
import { Context, Effect, Option, Schema } from "effect"
import type { CrudRepo, CrudResource } from "../platform/crud.port.js"
import { type Channel, } from "./channels.port.js"
import { TemplateCatalogRepo } from "./template-catalog.port.js"
/** Records shared with the contracts are declared in the kernel. */
export { PromotionTemplate } from "@podium/kernel"

export interface NewPromotionTemplate {
  readonly name: string
  readonly description?: string | null
  readonly channel: Channel
  readonly templateKey: string
  readonly priceMinor: number
  readonly currency: string
  readonly enabled?: boolean
}

export type PromotionTemplatePatch = Partial<NewPromotionTemplate>

export const PromotionTemplateResource: CrudResource = {
  name: "promotion template",
  maxBulk: 100,
  alwaysSelected: ["id"],
  list: {
    fields: {
      id: "uuid",
      name: "string",
      description: "string",
      channel: "string",
      templateKey: "string",
      priceMinor: "number",
      currency: "string",
      enabled: "boolean",
      createdAt: "date",
      updatedAt: "date"
    },
    defaultSort: [{ field: "createdAt", order: "DESC" }],
    searchable: ["name", "templateKey"]
  }
}

export class PromotionTemplateRepo extends Context.Tag("@podium/core/notifications/PromotionTemplateRepo")<
  PromotionTemplateRepo,
  CrudRepo<PromotionTemplate, NewPromotionTemplate, PromotionTemplatePatch>
>() {}

/** The named channel template does not exist (400). */
export class PromotionTemplateInvalid extends DomainError<PromotionTemplateInvalid>()("PromotionTemplateInvalid", { kind: "invalid", code: "PROMOTION_TEMPLATE_INVALID" }, {
  problems: Schema.Array(Schema.String)
}) {
  override get message() {
    return this.problems.join("; ")
  }
}

/** Checks the channel template a promotion template names exists. */
export const checkPromotionTemplate = (input: { readonly channel: Channel; readonly templateKey: string }) =>
  Effect.gen(function*() {
    if (Option.isNone(yield* (yield* TemplateCatalogRepo).findByKey(input.channel, input.templateKey))) {
      return yield* new PromotionTemplateInvalid({
        problems: [`templateKey must name a ${input.channel.toLowerCase()} template (no ${input.templateKey})`]
      })
    }
  })
