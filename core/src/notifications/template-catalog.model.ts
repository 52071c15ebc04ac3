/**
 * The admin template catalog (B "Notifications / Channel templates"): one record per channel and
 * key carrying its name, pricing (minor units + ISO currency) and visibility, over the numbered
 * versions of notifications.templates that delivery reads (TemplateRepo.findActive). An edit of
 * the content creates a new version; exactly one version is active at a time (activating one
 * deactivates the others). A version's declared variables must match its placeholders exactly.
 */
import { type DateTime, Schema } from "effect"
import type { Channel } from "./channels.port.js"
import { placeholdersOf } from "./template.model.js"

/** PRIVATE: admin and system use only; ORGANIZERS: organizers may send it (at its price). */
export const TemplateVisibilities = ["PRIVATE", "ORGANIZERS"] as const
export type TemplateVisibility = (typeof TemplateVisibilities)[number]

/** The content of one version. */
export interface TemplateContent {
  /** Email subject or push title (required there); null for SMS and chat-app. */
  readonly subject: string | null
  readonly body: string
  readonly variables: ReadonlyArray<string>
}

export interface TemplateVersion extends TemplateContent {
  readonly version: number
  readonly active: boolean
  readonly createdAt: DateTime.Utc
}

export interface CatalogTemplate extends TemplateContent {
  readonly id: string
  readonly channel: Channel
  readonly key: string
  readonly name: string
  readonly description: string | null
  readonly category: string | null
  readonly priceMinor: number
  readonly currency: string
  readonly visibility: TemplateVisibility
  /** The version delivery uses; null when every version was deactivated. */
  readonly activeVersion: number | null
  readonly latestVersion: number
  /** Content shown: the active version's, else the latest one's. */
  readonly shownVersion: number
  readonly createdAt: DateTime.Utc
  readonly updatedAt: DateTime.Utc
}

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
export class CatalogTemplateNotFound extends Schema.TaggedError<CatalogTemplateNotFound>()("CatalogTemplateNotFound", {
  id: Schema.String
}) {
  override get message() {
    return `No template ${this.id}`
  }
}

/** The channel already has a template with that key (409). */
export class TemplateKeyTaken extends Schema.TaggedError<TemplateKeyTaken>()("TemplateKeyTaken", {
  key: Schema.String
}) {
  override get message() {
    return `key ${this.key} is already used by another template of this channel`
  }
}

/** The template has no such version (404). */
export class TemplateVersionNotFound extends Schema.TaggedError<TemplateVersionNotFound>()("TemplateVersionNotFound", {
  id: Schema.String,
  version: Schema.Number
}) {
  override get message() {
    return `Template ${this.id} has no version ${this.version}`
  }
}

/** The content is invalid for the channel: placeholders vs declared variables, subject rules (400). */
export class TemplateContentInvalid extends Schema.TaggedError<TemplateContentInvalid>()("TemplateContentInvalid", {
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
