/**
 * Channel templates: per channel and key, numbered versions, the variables each declares. The
 * renderer substitutes `{{name}}` placeholders and refuses to render when a declared (or used)
 * variable has no value, so a half-filled message never reaches a recipient.
 */
import { DomainError } from "@podium/kernel"
import { Either, Schema } from "effect"
import { Channels } from "./channels.port.js"
import type { Variables } from "./outbox.model.js"

export const Template = Schema.Struct({
  id: Schema.String,
  channel: Schema.Literal(...Channels),
  key: Schema.String,
  version: Schema.Number,
  /** Email subject or push title; null for SMS and chat-app. */
  subject: Schema.NullOr(Schema.String),
  body: Schema.String,
  /** Variables the template needs; all must be given when it is used. */
  variables: Schema.Array(Schema.String),
  /** Preference category of the messages it produces; null: transactional. */
  category: Schema.NullOr(Schema.String),
  /** Only active versions are used for delivery (the newest active one wins). */
  active: Schema.Boolean
})
export interface Template extends Schema.Schema.Type<typeof Template> {}

/** What `upsert` needs: a new version is minted when the key exists. */
export type TemplateDraft = Omit<Template, "id" | "version" | "active"> & { readonly active?: boolean }

/** No active template for the channel and key. */
export class TemplateNotFound extends DomainError<TemplateNotFound>()("TemplateNotFound", { kind: "not-found", code: "TEMPLATE_NOT_FOUND" }, {
  channel: Schema.String,
  key: Schema.String,
  message: Schema.String
}) {}

/** A variable the template needs was not given. */
export class TemplateVariableMissing extends DomainError<TemplateVariableMissing>()("TemplateVariableMissing", {
  kind: "invalid",
  code: "TEMPLATE_VARIABLES_MISSING",
  message: (e) => `variables must include ${e.missing.join(", ")} (${e.message})`
}, {
  templateKey: Schema.String,
  missing: Schema.Array(Schema.String),
  message: Schema.String
}) {}

export interface Rendered {
  readonly subject: string | null
  readonly body: string
}

/** A `{{name}}` placeholder, the one syntax every template of the platform (messages, waivers) uses. */
export const Placeholder = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g

/** The variable names a text uses. */
export const placeholdersOf = (text: string): ReadonlyArray<string> => [...text.matchAll(Placeholder)].map((m) => m[1]!)

const substitute = (text: string, variables: Variables) =>
  text.replace(Placeholder, (_, name: string) => variables[name] ?? "")

/** Substitutes the variables into subject and body; fails naming every missing variable. */
export const renderTemplate = (
  template: Pick<Template, "key" | "subject" | "body" | "variables">,
  variables: Variables
): Either.Either<Rendered, TemplateVariableMissing> => {
  const needed = new Set([
    ...template.variables,
    ...placeholdersOf(template.body),
    ...(template.subject === null ? [] : placeholdersOf(template.subject))
  ])
  const missing = [...needed].filter((name) => typeof variables[name] !== "string")
  if (missing.length > 0) {
    return Either.left(
      new TemplateVariableMissing({
        templateKey: template.key,
        missing,
        message: `Template ${template.key} needs ${missing.join(", ")}`
      })
    )
  }
  return Either.right({
    subject: template.subject === null ? null : substitute(template.subject, variables),
    body: substitute(template.body, variables)
  })
}

/** Preview: the substituted output, or the missing variables (same rule as delivery). */
export const previewTemplate = renderTemplate
