/** Storage of the admin template catalog (template-catalog.model.ts) over the delivery versions. */
import { Context, type Effect, type Option } from "effect"
import type { Channel } from "./channels.port.js"
import type {
  CatalogTemplate,
  CatalogTemplatePatch,
  NewCatalogTemplate,
  TemplateContent,
  TemplateKeyTaken,
  TemplateVersion,
  TemplateVersionNotFound
} from "./template-catalog.model.js"

export interface CatalogPage {
  readonly items: ReadonlyArray<CatalogTemplate>
  readonly total: number
}

export interface CatalogListFilter {
  readonly page: number
  readonly limit: number
  /** Case-insensitive match on key or name. */
  readonly search?: string
  readonly category?: string
  readonly visibility?: string
}

export class TemplateCatalogRepo extends Context.Tag("@podium/core/notifications/TemplateCatalogRepo")<TemplateCatalogRepo, {
  /** Creates the template with version 1 active, in one transaction. */
  readonly create: (input: NewCatalogTemplate) => Effect.Effect<CatalogTemplate, TemplateKeyTaken>
  readonly list: (channel: Channel, filter: CatalogListFilter) => Effect.Effect<CatalogPage>
  readonly get: (channel: Channel, id: string) => Effect.Effect<Option.Option<CatalogTemplate>>
  readonly findByKey: (channel: Channel, key: string) => Effect.Effect<Option.Option<CatalogTemplate>>
  /** Every version, newest first; none when the template does not exist. */
  readonly versions: (channel: Channel, id: string) => Effect.Effect<Option.Option<ReadonlyArray<TemplateVersion>>>
  /**
   * Changes the catalog fields, appends a version with `content` (numbered after the newest, under
   * a row lock so concurrent edits get distinct numbers) and/or activates a version (the new one
   * when `activate` is true, or `activeVersion`), all in one transaction. None when missing.
   */
  readonly update: (channel: Channel, id: string, change: {
    readonly patch: CatalogTemplatePatch
    readonly content?: TemplateContent
    readonly activate?: boolean
    readonly activeVersion?: number
  }) => Effect.Effect<Option.Option<CatalogTemplate>, TemplateVersionNotFound>
  /** Deletes the template and its versions (delivery stops using it); false when missing. */
  readonly delete: (channel: Channel, id: string) => Effect.Effect<boolean>
}>() {}
