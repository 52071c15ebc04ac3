/**
 * Channel-template extras of the admin catalog (B "Channel templates (sms)" mark-default,
 * "(chatapp)" provider-mapping / rollback-mapping): the channel's default template per category,
 * and the chat-app provider's template reference (name, language, namespace) with the previous
 * one kept for a one-step rollback.
 */
import { DomainError } from "@podium/kernel"
import { Context, type Effect, type Option, Schema } from "effect"
import type { Channel } from "./channels.port.js"

/** How the chat-app provider knows a template (its approved template name, language, namespace). */
export const ProviderMapping = Schema.Struct({
  providerTemplateName: Schema.String,
  language: Schema.String,
  namespace: Schema.NullOr(Schema.String),
  /** Provider parameter position → our variable name, in order. */
  parameters: Schema.Array(Schema.String),
  updatedAt: Schema.String
})
export interface ProviderMapping extends Schema.Schema.Type<typeof ProviderMapping> {}

export const TemplateExtras = Schema.Struct({
  isDefault: Schema.Boolean,
  providerMapping: Schema.NullOr(ProviderMapping),
  previousProviderMapping: Schema.NullOr(ProviderMapping)
})
export interface TemplateExtras extends Schema.Schema.Type<typeof TemplateExtras> {}

/** Nothing to roll back to (409). */
export class NoPreviousProviderMapping extends DomainError<NoPreviousProviderMapping>()("NoPreviousProviderMapping", { kind: "conflict", code: "NO_PREVIOUS_MAPPING" }, {
  id: Schema.String
}) {
  override get message() {
    return `Template ${this.id} has no previous provider mapping to roll back to`
  }
}

export class TemplateCatalogExtrasRepo extends Context.Tag("@podium/core/notifications/TemplateCatalogExtrasRepo")<TemplateCatalogExtrasRepo, {
  readonly get: (channel: Channel, id: string) => Effect.Effect<Option.Option<TemplateExtras>>
  /**
   * Makes the template the channel's default for its category (null category: the uncategorised
   * default) and clears the flag on the others of that channel and category, in one transaction.
   */
  readonly markDefault: (channel: Channel, id: string) => Effect.Effect<Option.Option<TemplateExtras>>
  /** Sets the mapping, keeping the current one as the previous. */
  readonly setProviderMapping: (channel: Channel, id: string, mapping: ProviderMapping) => Effect.Effect<Option.Option<TemplateExtras>>
  /** Swaps the current and previous mappings; fails when there is no previous one. */
  readonly rollbackProviderMapping: (channel: Channel, id: string) => Effect.Effect<Option.Option<TemplateExtras>, NoPreviousProviderMapping>
}>() {}

/** The template has no provider mapping to verify (409). */
export class NoProviderMapping extends DomainError<NoProviderMapping>()("NoProviderMapping", { kind: "conflict", code: "NO_PROVIDER_MAPPING" }, {
  id: Schema.String
}) {
  override get message() {
    return `Template ${this.id} is not mapped to a provider template (set its provider-mapping first)`
  }
}
