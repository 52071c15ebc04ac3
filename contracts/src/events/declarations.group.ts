/**
 * Declaration forms (A 4.8, B "Declaration form templates"). Admin templates: HTML with
 * `{{field}}` placeholders plus the required fields, versioned per name, exactly one active
 * (activation deactivates the others atomically), soft delete refused for the active one (409).
 * The organizer's form: the active template filled with the organizer's data, the missing required
 * fields (the names `PATCH …/declaration-form-details` accepts), and the PDF download, refused with
 * 409 DECLARATION_INCOMPLETE until every required field is filled.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Body, Bool, NonEmptyStr, OneOf, Optional, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, OrganizerManagersOrAdmin, Requires } from "../common/index.js"

/** The declaration detail fields (also the placeholder names besides organizerName, companyName, email, phoneNumber, date). */
export const DeclarationFieldNames = [
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

const FieldName = OneOf(...DeclarationFieldNames)
const RequiredFields = Schema.Array(FieldName).annotations(says(`must be an array of: ${DeclarationFieldNames.join(", ")}`))
const TemplateHtml = StrLength(1, 100_000)
const TemplateName = StrLength(1, 100)

export const DeclarationTemplateView = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  version: Schema.Number,
  html: Schema.String,
  requiredFields: Schema.Array(Schema.String),
  placeholders: Schema.Array(Schema.String),
  isActive: Schema.Boolean,
  isDeleted: Schema.Boolean,
  deletedAt: Schema.NullOr(Schema.Date),
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "DeclarationFormTemplate" })

export const CreateDeclarationTemplateBody = Body({
  name: Optional(TemplateName),
  html: TemplateHtml,
  requiredFields: RequiredFields,
  isActive: Optional(Bool)
})

export const UpdateDeclarationTemplateBody = Body({
  name: Optional(TemplateName),
  html: Optional(TemplateHtml),
  requiredFields: Optional(RequiredFields),
  isActive: Optional(Bool)
})

const DetailValue = Schema.NullOr(StrLength(0, 500))

/** UpdateOrganizerDeclarationDetailsDto: only supplied fields change; null or "" clears one. */
export const UpdateDeclarationDetailsBody = Body({
  legalName: Optional(DetailValue),
  panNumber: Optional(DetailValue),
  gstin: Optional(DetailValue),
  registeredAddress: Optional(DetailValue),
  city: Optional(DetailValue),
  state: Optional(DetailValue),
  pincode: Optional(DetailValue),
  signatoryName: Optional(DetailValue),
  signatoryDesignation: Optional(DetailValue),
  place: Optional(DetailValue)
})

export const DeclarationFormView = Schema.Struct({
  organizerId: Schema.String,
  templateId: Schema.NullOr(Schema.String),
  templateName: Schema.String,
  templateVersion: Schema.Number,
  html: Schema.String,
  details: Schema.Record({ key: Schema.String, value: Schema.String }),
  requiredFields: Schema.Array(Schema.String),
  missingFields: Schema.Array(Schema.String),
  complete: Schema.Boolean
}).annotations({ identifier: "OrganizerDeclarationForm" })

const IdPath = Schema.Struct({ id: NonEmptyStr })

export class DeclarationTemplatesGroup extends HttpApiGroup.make("declarationTemplates")
  .add(op.get("listDeclarationTemplates", "/v2/admins/declaration-form-templates", { ok: Schema.Array(DeclarationTemplateView), summary: "List declaration form templates, deleted ones included (admin)" }))
  .add(op.post("createDeclarationTemplate", "/v2/admins/declaration-form-templates", { body: CreateDeclarationTemplateBody, ok: DeclarationTemplateView, status: 201, summary: "Create a template version (HTML + required fields); isActive=true activates it (admin)" }))
  .add(op.get("activeDeclarationTemplate", "/v2/admins/declaration-form-templates/active", { ok: DeclarationTemplateView, summary: "The active declaration form template (admin; 404 when none)" }))
  .add(op.get("getDeclarationTemplate", "/v2/admins/declaration-form-templates/:id", { path: IdPath, ok: DeclarationTemplateView, summary: "One declaration form template (admin)" }))
  .add(op.patch("updateDeclarationTemplate", "/v2/admins/declaration-form-templates/:id", { path: IdPath, body: UpdateDeclarationTemplateBody, ok: DeclarationTemplateView, summary: "Update a template; isActive=true deactivates the others (admin)" }))
  .add(op.del("deleteDeclarationTemplate", "/v2/admins/declaration-form-templates/:id", { path: IdPath, ok: Schema.Struct({ id: Schema.String, deleted: Schema.Boolean }), summary: "Soft-delete a template; the active one cannot be deleted (409) (admin)" }))
  .add(op.post("activateDeclarationTemplate", "/v2/admins/declaration-form-templates/:id/activate", { path: IdPath, ok: DeclarationTemplateView, summary: "Make this the only active template (admin)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("organizers.declarations"))
  .annotate(OpenApi.Title, "Declaration form templates")
  .annotate(OpenApi.Description, "Admin: versioned declaration form templates, one active at a time")
{}

const OrganizerPath = Schema.Struct({ id: Schema.String })

export class DeclarationFormGroup extends HttpApiGroup.make("declarationForm")
  .add(op.get("getDeclarationForm", "/v2/organizers/:id/declaration-form", { path: OrganizerPath, ok: DeclarationFormView, summary: "The declaration form filled with the organizer's data, and its missing required fields" }).middleware(OrganizerManagersOrAdmin))
  .add(op.patch("updateDeclarationFormDetails", "/v2/organizers/:id/declaration-form-details", { path: OrganizerPath, body: UpdateDeclarationDetailsBody, ok: DeclarationFormView, summary: "Fill declaration details (PAN, address, signatory…); only supplied fields change" }).middleware(OrganizerManagersOrAdmin))
  .add(op.get("downloadDeclarationForm", "/v2/organizers/:id/declaration-form/download", { path: OrganizerPath, success: HttpApiSchema.Uint8Array({ contentType: "application/pdf" }), summary: "The filled declaration form as PDF (409 DECLARATION_INCOMPLETE until every required field is filled)" }).middleware(OrganizerManagersOrAdmin))
  .annotate(OpenApi.Title, "Organizer declaration form")
  .annotate(OpenApi.Description, "The organizer's declaration form: read, fill details, download as PDF")
{}
