/**
 * GST declarations (B "GST template", "GST declaration"; C "Organizer GST declaration"): an
 * organizer without GST registration fills the active GST template's variables, downloads the
 * generated PDF, signs it and uploads the signed copy (PDF, JPG or PNG, 5 MB); an admin verifies
 * it (completing that onboarding step) or rejects it with a reason, after which the organizer
 * restarts with a fresh declaration.
 *
 *   PENDING_VARIABLES --fill (all variables)--> PENDING_SIGNATURE --upload-signed--> PENDING_VERIFICATION
 *   PENDING_VERIFICATION --verify--> VERIFIED        PENDING_VERIFICATION --reject--> REJECTED --restart--> (new) PENDING_VARIABLES
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
import { StoredFile } from "./organizer.model.js"

export const GstDeclarationStatuses = ["PENDING_VARIABLES", "PENDING_SIGNATURE", "PENDING_VERIFICATION", "VERIFIED", "REJECTED"] as const
export type GstDeclarationStatus = (typeof GstDeclarationStatuses)[number]

/** A variable name: letters, digits and underscore, starting with a letter. */
export const GstVariablePattern = /^[A-Za-z][A-Za-z0-9_]{0,49}$/

export const GstTemplate = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  version: Schema.Number,
  html: Schema.String,
  /** The variables an organizer must fill (placeholders `{{name}}` of the HTML). */
  variables: Schema.Array(Schema.String),
  isActive: Schema.Boolean,
  deletedAt: Schema.NullOr(Schema.DateFromSelf),
  createdBy: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface GstTemplate extends Schema.Schema.Type<typeof GstTemplate> {}

export const GstDeclaration = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  templateId: Schema.NullOr(Schema.String),
  templateVersion: Schema.NullOr(Schema.Number),
  status: Schema.Literal(...GstDeclarationStatuses),
  variables: Schema.Record({ key: Schema.String, value: Schema.String }),
  /** The generated (unsigned) PDF, stored once every variable is filled. */
  pdf: Schema.NullOr(StoredFile),
  signedDocument: Schema.NullOr(StoredFile),
  rejectReason: Schema.NullOr(Schema.String),
  /** False once superseded by a restart. */
  current: Schema.Boolean,
  submittedAt: Schema.NullOr(Schema.DateFromSelf),
  verifiedAt: Schema.NullOr(Schema.DateFromSelf),
  verifiedBy: Schema.NullOr(Schema.String),
  rejectedAt: Schema.NullOr(Schema.DateFromSelf),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface GstDeclaration extends Schema.Schema.Type<typeof GstDeclaration> {}

export class GstTemplateNotFound extends DomainError<GstTemplateNotFound>()("GstTemplateNotFound", { kind: "not-found" }, {
  templateId: Schema.String
}) {
  override get message() {
    return this.templateId === "active" ? "No GST template is active" : `GST template ${this.templateId} not found`
  }
}

export class GstDeclarationNotFound extends DomainError<GstDeclarationNotFound>()("GstDeclarationNotFound", { kind: "not-found" }, {
  declarationId: Schema.String
}) {
  override get message() {
    return this.declarationId === "current" ? "No GST declaration has been started" : `GST declaration ${this.declarationId} not found`
  }
}

/** The move is not allowed in the declaration's or template's state (409 with a code). */
export class GstStateConflict extends DomainError<GstStateConflict>()("GstStateConflict", { kind: "conflict", code: (e) => e.code }, {
  code: Schema.String,
  message: Schema.String
}) {}
