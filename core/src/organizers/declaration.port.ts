/** Ports of declaration forms: admin templates, organizers' declaration details, PDF rendering. */
import { Context, type Effect, type Option, type Schema } from "effect"
import { type DeclarationDetailField, type DeclarationDetails, DeclarationTemplate } from "./declaration.model.js"

export const NewDeclarationTemplate = DeclarationTemplate.pick("name", "html", "requiredFields", "createdBy")
export interface NewDeclarationTemplate extends Schema.Schema.Type<typeof NewDeclarationTemplate> {}

/** Declaration form templates (soft-deleted ones stay listed). At most one active, enforced by the store. */
export class DeclarationTemplateRepo extends Context.Tag("@podium/core/organizers/DeclarationTemplateRepo")<DeclarationTemplateRepo, {
  /** Creates the next version of `name` (1 for a new name), inactive. */
  readonly create: (input: NewDeclarationTemplate) => Effect.Effect<DeclarationTemplate>
  /** Every template, deleted ones included, newest first. */
  readonly list: () => Effect.Effect<ReadonlyArray<DeclarationTemplate>>
  readonly findById: (id: string) => Effect.Effect<Option.Option<DeclarationTemplate>>
  readonly findActive: () => Effect.Effect<Option.Option<DeclarationTemplate>>
  /** Changes html/required fields of a live template; none when missing or deleted. */
  readonly update: (
    id: string,
    patch: Partial<Pick<DeclarationTemplate, "name" | "html" | "requiredFields">>
  ) => Effect.Effect<Option.Option<DeclarationTemplate>>
  /** Atomically makes `id` the only active template; none when missing or deleted. */
  readonly activate: (id: string) => Effect.Effect<Option.Option<DeclarationTemplate>>
  /** Soft delete of an inactive live template: `deleted`, `active` (refused), or `missing`. */
  readonly softDelete: (id: string) => Effect.Effect<"deleted" | "active" | "missing">
}>() {}

/** The declaration details of each organizer. */
export class DeclarationDetailsRepo extends Context.Tag("@podium/core/organizers/DeclarationDetailsRepo")<DeclarationDetailsRepo, {
  readonly get: (organizerId: string) => Effect.Effect<DeclarationDetails>
  /** Merges the supplied fields (null clears one) and answers the result. */
  readonly merge: (organizerId: string, patch: Readonly<Partial<Record<DeclarationDetailField, string | null>>>) => Effect.Effect<DeclarationDetails>
}>() {}

export interface PdfDocumentInput {
  readonly title: string
  readonly paragraphs: ReadonlyArray<string>
  /** Small print at the foot of each page. */
  readonly footer?: string
}

/** Renders simple text documents as PDF bytes. */
export class PdfRenderer extends Context.Tag("@podium/core/organizers/PdfRenderer")<PdfRenderer, {
  readonly render: (input: PdfDocumentInput) => Effect.Effect<Uint8Array>
}>() {}
