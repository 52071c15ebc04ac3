/**
 * Declaration forms (A 4.8, B "Declaration form templates"): admin templates are HTML with
 * `{{field}}` placeholders plus the list of fields that must be filled before the form can be
 * downloaded; they are versioned per name and exactly one is active. An organizer's form is the
 * active template filled with the organizer's data and its declaration details.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

/** The details an organizer fills (`PATCH /v2/organizers/{id}/declaration-form-details`); `missingFields` uses these names. */
export const DeclarationDetailFields = [
  "legalName",
  "panNumber",
  "gstin",
  "registeredAddress",
  "city",
  "state",
  "pincode",
  "signatoryName",
  "signatoryDesignation",
  "place"
] as const
export type DeclarationDetailField = (typeof DeclarationDetailFields)[number]
/** The organizer's declaration details (keys outside the fields are not part of it). */
export const DeclarationDetails = Schema.partialWith(Schema.Record({ key: Schema.Literal(...DeclarationDetailFields), value: Schema.String }), {
  exact: true
})
export type DeclarationDetails = typeof DeclarationDetails.Type

/** Placeholders filled from the organizer itself (never "missing": the account always has them or they are blank). */
export const OrganizerPlaceholders = ["organizerName", "companyName", "email", "phoneNumber", "date"] as const

/** PAN: five letters, four digits, one letter (upper case). */
export const PanPattern = /^[A-Z]{5}[0-9]{4}[A-Z]$/
/** GSTIN: state code, PAN, entity number, Z, check character. */
export const GstinPattern = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/
/** Indian PIN code. */
export const PincodePattern = /^[1-9][0-9]{5}$/

export const DeclarationTemplate = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  version: Schema.Number,
  html: Schema.String,
  requiredFields: Schema.Array(Schema.Literal(...DeclarationDetailFields)),
  isActive: Schema.Boolean,
  deletedAt: Schema.NullOr(Schema.DateFromSelf),
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface DeclarationTemplate extends Schema.Schema.Type<typeof DeclarationTemplate> {}

/** Used while no admin template is active, so organizers can always fill and download a form. */
export const BuiltInDeclarationTemplate = {
  name: "built-in",
  version: 0,
  html: [
    "<h1>Declaration for non-registration under GST</h1>",
    "<p>I, {{signatoryName}}, {{signatoryDesignation}} of {{legalName}} ({{organizerName}}), PAN {{panNumber}},",
    "having its registered office at {{registeredAddress}}, {{city}}, {{state}} {{pincode}}, hereby declare that",
    "the organization is not registered under the Goods and Services Tax Act, 2017.</p>",
    "<p>Place: {{place}}<br>Date: {{date}}</p>",
    "<p>Signature: ____________________<br>{{signatoryName}}</p>"
  ].join("\n"),
  requiredFields: [
    "legalName",
    "panNumber",
    "registeredAddress",
    "signatoryName",
    "signatoryDesignation",
    "place"
  ] as ReadonlyArray<DeclarationDetailField>
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;")

/** Replaces every `{{name}}` with the HTML-escaped value (blank when unknown or empty). */
export const fillTemplate = (html: string, values: Readonly<Record<string, string | null | undefined>>): string =>
  html.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (_m, name: string) => escapeHtml(values[name] ?? ""))

/** The placeholder names a template uses. */
export const placeholdersOf = (html: string): ReadonlyArray<string> =>
  [...new Set([...html.matchAll(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g)].map((m) => m[1]!))]

const entities: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: "\"", "#39": "'", nbsp: " " }

/** Filled HTML → paragraphs of plain text for the PDF (block tags and `<br>` end lines; other tags dropped). */
export const htmlToParagraphs = (html: string): ReadonlyArray<string> =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol|section)>/gi, "\n")
    .replace(/<li[^>]*>/gi, "• ")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => entities[e] ?? "")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "")

/** The declaration template does not exist (or is deleted where that matters) (404). */
export class DeclarationTemplateNotFound extends DomainError<DeclarationTemplateNotFound>()("DeclarationTemplateNotFound", { kind: "not-found" }, {
  templateId: Schema.String
}) {
  override get message() {
    return `Declaration form template ${this.templateId} not found`
  }
}

/** The active template cannot be deleted (409 TEMPLATE_ACTIVE). */
export class DeclarationTemplateActive extends DomainError<DeclarationTemplateActive>()("DeclarationTemplateActive", { kind: "conflict", code: "TEMPLATE_ACTIVE" }, {
  templateId: Schema.String
}) {
  override get message() {
    return "The active template cannot be deleted; activate another template first"
  }
}

/** The download needs every required field filled (409 DECLARATION_INCOMPLETE, listing them). */
export class DeclarationIncomplete extends DomainError<DeclarationIncomplete>()("DeclarationIncomplete", { kind: "conflict", code: "DECLARATION_INCOMPLETE" }, {
  missingFields: Schema.Array(Schema.String)
}) {
  override get message() {
    return `Fill the required declaration fields first: ${this.missingFields.join(", ")}`
  }
}
