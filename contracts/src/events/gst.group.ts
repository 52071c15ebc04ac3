/**
 * GST templates and GST declarations (B "GST template", "GST declaration"; C "Organizer GST
 * declaration"). Templates are HTML with `{{variable}}` placeholders, versioned per name (an update
 * is a new version), one active at a time, soft delete refused for the active one. A declaration
 * goes PENDING_VARIABLES → (fill) PENDING_SIGNATURE → (upload-signed: PDF, JPG or PNG, 5 MB)
 * PENDING_VERIFICATION → (admin) VERIFIED, or REJECTED with a reason (10–500) after which the
 * organizer restarts. Organizer operations are for the organizer's OWNER or ADMIN only; files are
 * handed out as short-lived signed media URLs.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Body, Bool, Form, IntFromText, NonEmptyStr, OneOf, Optional, says, Str, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, GetMany, op, OrganizerManagers, Requires } from "../common/index.js"
import { FileField } from "./organizer.dto.js"
import { MultipartLimits } from "./organizers.group.js"

export const GstDeclarationStatusNames = ["PENDING_VARIABLES", "PENDING_SIGNATURE", "PENDING_VERIFICATION", "VERIFIED", "REJECTED"] as const

export const GstTemplateView = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  version: Schema.Number,
  html: Schema.String,
  variables: Schema.Array(Schema.String),
  isActive: Schema.Boolean,
  isDeleted: Schema.Boolean,
  deletedAt: Schema.NullOr(Schema.Date),
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "GstTemplate" })

const FileInfo = Schema.Struct({ fileName: Schema.String, contentType: Schema.String, size: Schema.Number })

export const GstDeclarationView = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  templateId: Schema.NullOr(Schema.String),
  templateVersion: Schema.NullOr(Schema.Number),
  status: Schema.String,
  variables: Schema.Record({ key: Schema.String, value: Schema.String }),
  pdf: Schema.NullOr(FileInfo),
  signedDocument: Schema.NullOr(FileInfo),
  rejectReason: Schema.NullOr(Schema.String),
  onboardingCompleted: Schema.Boolean,
  submittedAt: Schema.NullOr(Schema.Date),
  verifiedAt: Schema.NullOr(Schema.Date),
  verifiedBy: Schema.NullOr(Schema.String),
  rejectedAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "GstDeclaration" })

/** The organizer's view: the current declaration (null before the first fill), its template and what is missing. */
export const OrganizerGstDeclarationView = Schema.Struct({
  status: Schema.String,
  declaration: Schema.NullOr(GstDeclarationView),
  template: Schema.NullOr(Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    version: Schema.Number,
    html: Schema.String,
    variables: Schema.Array(Schema.String)
  })),
  missingVariables: Schema.Array(Schema.String)
}).annotations({ identifier: "OrganizerGstDeclaration" })

export const SignedFileUrl = Schema.Struct({
  url: Schema.String,
  contentType: Schema.String,
  expiresAt: Schema.Date
}).annotations({ identifier: "SignedFileUrl" })

export const GstAuditEntry = Schema.Struct({
  id: Schema.String,
  seq: Schema.Number,
  occurredAt: Schema.Date,
  action: Schema.String,
  actorKind: Schema.String,
  actorId: Schema.NullOr(Schema.String),
  reason: Schema.NullOr(Schema.String),
  data: Schema.Record({ key: Schema.String, value: Schema.Unknown })
}).annotations({ identifier: "GstDeclarationAuditEntry" })

export const GstStatistics = Schema.Struct({
  total: Schema.Number,
  byStatus: Schema.Record({ key: Schema.String, value: Schema.Number }),
  pendingVerification: Schema.Number,
  activeTemplate: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String, version: Schema.Number }))
}).annotations({ identifier: "GstDeclarationStatistics" })

const Variables = Schema.Array(Str).annotations(says("must be an array of variable names"))
const TemplateHtml = StrLength(1, 100_000)

export const CreateGstTemplateBody = Body({
  name: StrLength(1, 100),
  html: TemplateHtml,
  variables: Optional(Variables),
  isActive: Optional(Bool)
})

export const UpdateGstTemplateBody = Body({
  html: Optional(TemplateHtml),
  variables: Optional(Variables)
})

const BoolText = Schema.Literal("true", "false").annotations(says("must be true or false"))

export const GstTemplateListParams = Schema.Struct({
  name: Optional(Schema.String),
  isActive: Optional(BoolText),
  includeDeleted: Optional(BoolText)
})

export const GstDeclarationListParams = Schema.Struct({
  status: Optional(OneOf(...GstDeclarationStatusNames)),
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
})

export const PendingListParams = Schema.Struct({
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
})

export const RejectGstDeclarationBody = Body({ reason: StrLength(10, 500) })

export const FillGstDeclarationBody = Body({
  variables: Schema.Record({ key: Schema.String, value: StrLength(0, 1000) }).annotations(says("must be an object of variable values"))
})

export const UploadSignedForm = HttpApiSchema.Multipart(Form({ file: Optional(FileField) }), MultipartLimits)

const IdPath = Schema.Struct({ id: NonEmptyStr })

export class GstTemplatesGroup extends HttpApiGroup.make("gstTemplates")
  .add(op.get("listGstTemplates", "/v2/admin/gst-template", { query: GstTemplateListParams, ok: Schema.Array(GstTemplateView), summary: "List GST templates (filter: name, isActive, includeDeleted)" }))
  .add(op.post("createGstTemplate", "/v2/admin/gst-template", { body: CreateGstTemplateBody, ok: GstTemplateView, status: 201, summary: "Create a GST template (the next version of its name)" }))
  .add(op.get("activeGstTemplate", "/v2/admin/gst-template/active", { ok: GstTemplateView, summary: "The active GST template (404 when none)" }))
  .add(op.get("gstTemplateVersions", "/v2/admin/gst-template/versions/:name", { path: Schema.Struct({ name: NonEmptyStr }), ok: Schema.Array(GstTemplateView), summary: "Every version of a GST template name, deleted ones included" }))
  .add(op.get("getGstTemplate", "/v2/admin/gst-template/:id", { path: IdPath, ok: GstTemplateView, summary: "One GST template" }))
  .add(op.patch("updateGstTemplate", "/v2/admin/gst-template/:id", { path: IdPath, body: UpdateGstTemplateBody, ok: GstTemplateView, summary: "Update a GST template: creates and answers a new (inactive) version" }))
  .add(op.del("deleteGstTemplate", "/v2/admin/gst-template/:id", { path: IdPath, ok: Schema.Struct({ id: Schema.String, deleted: Schema.Boolean }), summary: "Soft-delete a GST template (409 for the active one)" }))
  .add(op.post("activateGstTemplate", "/v2/admin/gst-template/:id/activate", { path: IdPath, ok: GstTemplateView, summary: "Activate a GST template (deactivates the others)" }))
  .add(op.post("deactivateGstTemplate", "/v2/admin/gst-template/:id/deactivate", { path: IdPath, ok: GstTemplateView, summary: "Deactivate a GST template" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("organizers.declarations"))
  .annotate(OpenApi.Title, "GST templates")
  .annotate(OpenApi.Description, "Admin: versioned GST declaration templates, one active at a time")
{}

export class GstDeclarationsAdminGroup extends HttpApiGroup.make("gstDeclarationsAdmin")
  .add(op.get("listGstDeclarations", "/v2/admin/gst-declaration/all", { query: GstDeclarationListParams, ok: GetMany(GstDeclarationView), summary: "Every GST declaration (pagination, status filter)" }))
  .add(op.get("pendingGstDeclarations", "/v2/admin/gst-declaration/pending", { query: PendingListParams, ok: GetMany(GstDeclarationView), summary: "Declarations waiting for verification" }))
  .add(op.get("gstDeclarationStatistics", "/v2/admin/gst-declaration/statistics", { ok: GstStatistics, summary: "Declaration counts by status and the active template" }))
  .add(op.post("backfillGstTemplateVersion", "/v2/admin/gst-declaration/backfill-template-version", { ok: Schema.Struct({ updated: Schema.Number, templateId: Schema.String, templateVersion: Schema.Number }), summary: "Record the active template on declarations started without a template version" }))
  .add(op.get("getGstDeclaration", "/v2/admin/gst-declaration/:id", { path: IdPath, ok: GstDeclarationView, summary: "One GST declaration" }))
  .add(op.get("gstDeclarationAuditLogs", "/v2/admin/gst-declaration/:id/audit-logs", { path: IdPath, ok: Schema.Array(GstAuditEntry), summary: "The declaration's audit trail, oldest first" }))
  .add(op.get("gstDeclarationPdf", "/v2/admin/gst-declaration/:id/pdf", { path: IdPath, ok: SignedFileUrl, summary: "A short-lived signed URL of the generated declaration PDF" }))
  .add(op.get("gstDeclarationSignedDocument", "/v2/admin/gst-declaration/:id/signed-document", { path: IdPath, ok: SignedFileUrl, summary: "A short-lived signed URL of the uploaded signed document" }))
  .add(op.post("rejectGstDeclaration", "/v2/admin/gst-declaration/:id/reject", { path: IdPath, body: RejectGstDeclarationBody, ok: GstDeclarationView, summary: "Reject a submitted declaration with a reason; the organizer restarts" }))
  .add(op.post("resetGstDeclarationTemplate", "/v2/admin/gst-declaration/:id/reset-template", { path: IdPath, ok: GstDeclarationView, summary: "Move a PENDING_VARIABLES declaration to the current active template" }))
  .add(op.post("verifyGstDeclaration", "/v2/admin/gst-declaration/:id/verify", { path: IdPath, ok: GstDeclarationView, summary: "Verify a submitted declaration (completes the organizer's GST onboarding step)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("organizers.declarations"))
  .annotate(OpenApi.Title, "GST declarations (admin)")
  .annotate(OpenApi.Description, "Admin review of organizers' GST declarations")
{}

const OrganizerPath = Schema.Struct({ organizerId: Schema.String })

export class GstDeclarationGroup extends HttpApiGroup.make("gstDeclaration")
  .add(op.get("myGstDeclaration", "/v2/organizer/declaration/:organizerId", { path: OrganizerPath, ok: OrganizerGstDeclarationView, summary: "The organizer's current GST declaration (status NOT_STARTED before the first fill)" }))
  .add(op.get("downloadGstDeclarationPdf", "/v2/organizer/declaration/:organizerId/download-pdf", { path: OrganizerPath, success: HttpApiSchema.Uint8Array({ contentType: "application/pdf" }), summary: "The generated declaration PDF to sign (409 until every variable is filled)" }))
  .add(op.post("fillGstDeclaration", "/v2/organizer/declaration/:organizerId/fill", { path: OrganizerPath, body: FillGstDeclarationBody, ok: OrganizerGstDeclarationView, summary: "Fill template variables (starts a declaration on the active template when needed)" }))
  .add(op.post("uploadSignedGstDeclaration", "/v2/organizer/declaration/:organizerId/upload-signed", { path: OrganizerPath, body: UploadSignedForm, ok: GstDeclarationView, status: 201, summary: "Upload the signed declaration (multipart `file`: PDF, JPG or PNG, 5 MB) and submit it" }))
  .add(op.post("restartGstDeclaration", "/v2/organizer/declaration/restart", { ok: OrganizerGstDeclarationView, status: 201, summary: "Start over on the active template (after a rejection; organizer from x-organizer-id or the caller's own)" }))
  .add(op.del("testDeleteGstDeclaration", "/v2/organizer/declaration/test-delete", { ok: Schema.Struct({ deleted: Schema.Number }), summary: "Development helper: delete the organizer's declarations (refused in production)" }))
  .middleware(OrganizerManagers)
  .annotate(OpenApi.Title, "Organizer GST declaration")
  .annotate(OpenApi.Description, "The organizer's GST declaration: fill, download, upload the signed copy, restart (OWNER or ADMIN)")
{}
