/**
 * Declaration forms (A 4.8, B "Declaration form templates"). Admin templates: HTML with
 * `{{field}}` placeholders plus the required fields, versioned per name, exactly one active
 * (activation deactivates the others atomically), soft delete refused for the active one (409).
 * The organizer's form: the active template filled with the organizer's data, the missing required
 * fields (the names `PATCH …/declaration-form-details` accepts), and the PDF download, refused with
 * 409 DECLARATION_INCOMPLETE until every required field is filled.
 */
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Body, Bool, NonEmptyStr, OneOf, Optional, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, Ok, OrganizerManagersOrAdmin, Requires } from "../common/index.js"

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
  .add(
    HttpApiEndpoint.get("listDeclarationTemplates", "/v2/admins/declaration-form-templates")
      .addSuccess(Ok(Schema.Array(DeclarationTemplateView)))
      .annotate(OpenApi.Summary, "List declaration form templates, deleted ones included (admin)")
  )
  .add(
    HttpApiEndpoint.post("createDeclarationTemplate", "/v2/admins/declaration-form-templates")
      .setPayload(CreateDeclarationTemplateBody)
      .addSuccess(Ok(DeclarationTemplateView, { status: 201 }))
      .annotate(OpenApi.Summary, "Create a template version (HTML + required fields); isActive=true activates it (admin)")
  )
  .add(
    HttpApiEndpoint.get("activeDeclarationTemplate", "/v2/admins/declaration-form-templates/active")
      .addSuccess(Ok(DeclarationTemplateView))
      .annotate(OpenApi.Summary, "The active declaration form template (admin; 404 when none)")
  )
  .add(
    HttpApiEndpoint.get("getDeclarationTemplate", "/v2/admins/declaration-form-templates/:id")
      .setPath(IdPath)
      .addSuccess(Ok(DeclarationTemplateView))
      .annotate(OpenApi.Summary, "One declaration form template (admin)")
  )
  .add(
    HttpApiEndpoint.patch("updateDeclarationTemplate", "/v2/admins/declaration-form-templates/:id")
      .setPath(IdPath)
      .setPayload(UpdateDeclarationTemplateBody)
      .addSuccess(Ok(DeclarationTemplateView))
      .annotate(OpenApi.Summary, "Update a template; isActive=true deactivates the others (admin)")
  )
  .add(
    HttpApiEndpoint.del("deleteDeclarationTemplate", "/v2/admins/declaration-form-templates/:id")
      .setPath(IdPath)
      .addSuccess(Ok(Schema.Struct({ id: Schema.String, deleted: Schema.Boolean })))
      .annotate(OpenApi.Summary, "Soft-delete a template; the active one cannot be deleted (409) (admin)")
  )
  .add(
    HttpApiEndpoint.post("activateDeclarationTemplate", "/v2/admins/declaration-form-templates/:id/activate")
      .setPath(IdPath)
      .addSuccess(Ok(DeclarationTemplateView))
      .annotate(OpenApi.Summary, "Make this the only active template (admin)")
  )
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("organizers.declarations"))
  .annotate(OpenApi.Title, "Declaration form templates")
  .annotate(OpenApi.Description, "Admin: versioned declaration form templates, one active at a time")
{}

const OrganizerPath = Schema.Struct({ id: Schema.String })

export class DeclarationFormGroup extends HttpApiGroup.make("declarationForm")
  .add(
    HttpApiEndpoint.get("getDeclarationForm", "/v2/organizers/:id/declaration-form")
      .middleware(OrganizerManagersOrAdmin)
      .setPath(OrganizerPath)
      .addSuccess(Ok(DeclarationFormView))
      .annotate(OpenApi.Summary, "The declaration form filled with the organizer's data, and its missing required fields")
  )
  .add(
    HttpApiEndpoint.patch("updateDeclarationFormDetails", "/v2/organizers/:id/declaration-form-details")
      .middleware(OrganizerManagersOrAdmin)
      .setPath(OrganizerPath)
      .setPayload(UpdateDeclarationDetailsBody)
      .addSuccess(Ok(DeclarationFormView))
      .annotate(OpenApi.Summary, "Fill declaration details (PAN, address, signatory…); only supplied fields change")
  )
  .add(
    HttpApiEndpoint.get("downloadDeclarationForm", "/v2/organizers/:id/declaration-form/download")
      .middleware(OrganizerManagersOrAdmin)
      .setPath(OrganizerPath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "application/pdf" }))
      .annotate(OpenApi.Summary, "The filled declaration form as PDF (409 DECLARATION_INCOMPLETE until every required field is filled)")
  )
  .annotate(OpenApi.Title, "Organizer declaration form")
  .annotate(OpenApi.Description, "The organizer's declaration form: read, fill details, download as PDF")
{}
