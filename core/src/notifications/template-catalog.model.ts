/**
 * The admin template catalog (B "Notifications / Channel templates"): one record per channel and
 * key carrying its name, pricing (minor units + ISO currency) and visibility, over the numbered
 * versions of notifications.templates that delivery reads (TemplateRepo.findActive). An edit of
 * the content creates a new version; exactly one version is active at a time (activating one
 * deactivates the others). A version's declared variables must match its placeholders exactly.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
import { type Channel, Channels } from "./channels.port.js"
import { placeholdersOf } from "./template.model.js"

/** PRIVATE: admin and system use only; ORGANIZERS: organizers may send it (at its price). */
export const TemplateVisibilities = ["PRIVATE", "ORGANIZERS"] as const
export type TemplateVisibility = (typeof TemplateVisibilities)[number]

/** The content of one version. */
export const TemplateContent = Schema.Struct({
  /** Email subject or push title (required there); null for SMS and chat-app. */
  subject: Schema.NullOr(Schema.String),
  body: Schema.String,
  variables: Schema.Array(Schema.String)
})
export interface TemplateContent extends Schema.Schema.Type<typeof TemplateContent> {}

export const TemplateVersion = Schema.Struct({
  ...TemplateContent.fields,
  version: Schema.Number,
  active: Schema.Boolean,
  createdAt: Schema.DateTimeUtcFromDate
})
export interface TemplateVersion extends Schema.Schema.Type<typeof TemplateVersion> {}

export const CatalogTemplate = Schema.Struct({
  ...TemplateContent.fields,
  id: Schema.String,
  channel: Schema.Literal(...Channels),
  key: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  category: Schema.NullOr(Schema.String),
  priceMinor: Schema.Number,
  currency: Schema.String,
  visibility: Schema.Literal(...TemplateVisibilities),
  /** The version delivery uses; null when every version was deactivated. */
  activeVersion: Schema.NullOr(Schema.Number),
  latestVersion: Schema.Number,
  /** Content shown: the active version's, else the latest one's. */
  shownVersion: Schema.Number,
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate
})
export interface CatalogTemplate extends Schema.Schema.Type<typeof CatalogTemplate> {}

export interface NewCatalogTemplate extends TemplateContent {
  readonly channel: Channel
  readonly key: string
  readonly name: string
  readonly description: string | null
  readonly category: string | null
  readonly priceMinor: number
  readonly currency: string
  readonly visibility: TemplateVisibility
}

export interface CatalogTemplatePatch {
  readonly name?: string
  readonly description?: string | null
  readonly category?: string | null
  readonly priceMinor?: number
  readonly currency?: string
  readonly visibility?: TemplateVisibility
}

/** No catalog template with that id on that channel. */
export class CatalogTemplateNotFound extends DomainError<CatalogTemplateNotFound>()("CatalogTemplateNotFound", { kind: "not-found" }, {
  id: Schema.String
}) {
  override get message() {
    return `No template ${this.id}`
  }
}

/** The channel already has a template with that key (409). */
export class TemplateKeyTaken extends DomainError<TemplateKeyTaken>()("TemplateKeyTaken", { kind: "conflict", code: "TEMPLATE_KEY_TAKEN" }, {
  key: Schema.String
}) {
  override get message() {
    return `key ${this.key} is already used by another template of this channel`
  }
}

/** The template has no such version (404). */
export class TemplateVersionNotFound extends DomainError<TemplateVersionNotFound>()("TemplateVersionNotFound", { kind: "not-found", code: "TEMPLATE_VERSION_NOT_FOUND" }, {
  id: Schema.String,
  version: Schema.Number
}) {
  override get message() {
    return `Template ${this.id} has no version ${this.version}`
  }
}

/** The content is invalid for the channel: placeholders vs declared variables, subject rules (400). */
export class TemplateContentInvalid extends DomainError<TemplateContentInvalid>()("TemplateContentInvalid", { kind: "invalid", code: "TEMPLATE_CONTENT_INVALID" }, {
  problems: Schema.Array(Schema.String)
}) {
  override get message() {
    return this.problems.join("; ")
  }
}

/** Channels whose messages carry a subject (email) or title (push). */
export const channelHasSubject = (channel: Channel) => channel === "EMAIL" || channel === "PUSH"

export interface ContentCheck {
  readonly placeholders: ReadonlyArray<string>
  /** Placeholders the variables do not declare. */
  readonly undeclared: ReadonlyArray<string>
  /** Declared variables no placeholder uses. */
  readonly unused: ReadonlyArray<string>
  readonly problems: ReadonlyArray<string>
}

/** Checks a version's content against its channel: every problem, as "<field> must …" messages. */
export const checkTemplateContent = (channel: Channel, content: TemplateContent): ContentCheck => {
  const placeholders = [...new Set([...placeholdersOf(content.body), ...(content.subject === null ? [] : placeholdersOf(content.subject))])]
  const declared = new Set(content.variables)
  const undeclared = placeholders.filter((p) => !declared.has(p))
  const unused = [...declared].filter((v) => !placeholders.includes(v))
  const problems: Array<string> = []
  if (channelHasSubject(channel) && (content.subject === null || content.subject.trim() === "")) {
    problems.push(`subject must be given for ${channel === "PUSH" ? "push (the title)" : "email"}`)
  }
  if (!channelHasSubject(channel) && content.subject !== null) {
    problems.push("subject must be absent for sms and chatapp templates")
  }
  if (undeclared.length > 0) problems.push(`variables must declare ${undeclared.join(", ")} (used in the text)`)
  if (unused.length > 0) problems.push(`variables must not declare ${unused.join(", ")} (not used in the text)`)
  if (declared.size !== content.variables.length) problems.push("variables must not repeat a name")
  return { placeholders, undeclared, unused, problems }
}
