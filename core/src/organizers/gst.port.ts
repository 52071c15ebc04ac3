/** Repositories of GST templates and GST declarations. */
import { Context, type Effect, type Option, type Schema } from "effect"
import { GstDeclaration, type GstDeclarationStatus, GstTemplate } from "./gst.model.js"

export const NewGstTemplate = GstTemplate.pick("name", "html", "variables", "createdBy")
export interface NewGstTemplate extends Schema.Schema.Type<typeof NewGstTemplate> {}

export class GstTemplateRepo extends Context.Tag("@podium/core/organizers/GstTemplateRepo")<GstTemplateRepo, {
  /** Creates the next version of `name` (1 for a new name), inactive. */
  readonly create: (input: NewGstTemplate) => Effect.Effect<GstTemplate>
  /** Live templates (optionally deleted ones too), newest first, filtered by name and active flag. */
  readonly list: (filter: { readonly name?: string; readonly isActive?: boolean; readonly includeDeleted?: boolean }) => Effect.Effect<ReadonlyArray<GstTemplate>>
  readonly findById: (id: string) => Effect.Effect<Option.Option<GstTemplate>>
  readonly findActive: () => Effect.Effect<Option.Option<GstTemplate>>
  /** Atomically makes `id` the only active template; none when missing or deleted. */
  readonly activate: (id: string) => Effect.Effect<Option.Option<GstTemplate>>
  readonly deactivate: (id: string) => Effect.Effect<Option.Option<GstTemplate>>
  readonly softDelete: (id: string) => Effect.Effect<"deleted" | "active" | "missing">
}>() {}

export interface GstDeclarationPage {
  readonly data: ReadonlyArray<GstDeclaration>
  readonly total: number
}

/** GST declarations. Every state move is a conditional update (`from` states), so concurrent moves cannot both win. */
/** The columns a declaration move may set; absent keys stay as they are. */
export type GstDeclarationPatch = Partial<Omit<GstDeclaration, "id" | "organizerId" | "current" | "createdAt" | "updatedAt">>

export class GstDeclarationRepo extends Context.Tag("@podium/core/organizers/GstDeclarationRepo")<GstDeclarationRepo, {
  readonly findById: (id: string) => Effect.Effect<Option.Option<GstDeclaration>>
  readonly findCurrent: (organizerId: string) => Effect.Effect<Option.Option<GstDeclaration>>
  /**
   * Starts a declaration on the template unless the organizer has a current one whose status is
   * not in `replaceable` (answers that one, `started: false`); a replaceable current one is superseded.
   */
  readonly start: (
    organizerId: string,
    template: { readonly id: string; readonly version: number } | null,
    replaceable: ReadonlyArray<GstDeclarationStatus>
  ) => Effect.Effect<{ readonly declaration: GstDeclaration; readonly started: boolean }>
  /** Applies `patch` when the declaration is in one of `from`; none otherwise. */
  readonly move: (
    id: string,
    from: ReadonlyArray<GstDeclarationStatus>,
    patch: GstDeclarationPatch
  ) => Effect.Effect<Option.Option<GstDeclaration>>
  readonly list: (filter: { readonly status?: GstDeclarationStatus; readonly offset: number; readonly limit: number }) => Effect.Effect<GstDeclarationPage>
  readonly countByStatus: () => Effect.Effect<Readonly<Record<string, number>>>
  /** Sets template id/version to `template` on declarations that have none; answers how many. */
  readonly backfillTemplate: (template: { readonly id: string; readonly version: number }) => Effect.Effect<number>
  /** Deletes every declaration of the organizer (development helper); answers how many. */
  readonly deleteAll: (organizerId: string) => Effect.Effect<number>
}>() {}
