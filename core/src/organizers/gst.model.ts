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
import type { StoredFile } from "./organizer.model.js"

export const GstDeclarationStatuses = ["PENDING_VARIABLES", "PENDING_SIGNATURE", "PENDING_VERIFICATION", "VERIFIED", "REJECTED"] as const
export type GstDeclarationStatus = (typeof GstDeclarationStatuses)[number]

/** A variable name: letters, digits and underscore, starting with a letter. */
export const GstVariablePattern = /^[A-Za-z][A-Za-z0-9_]{0,49}$/

export interface GstTemplate {
  readonly id: string
  readonly name: string
  readonly version: number
  readonly html: string
  /** The variables an organizer must fill (placeholders `{{name}}` of the HTML). */
  readonly variables: ReadonlyArray<string>
  readonly isActive: boolean
  readonly deletedAt: Date | null
  readonly createdBy: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

export interface GstDeclaration {
  readonly id: string
  readonly organizerId: string
  readonly templateId: string | null
  readonly templateVersion: number | null
  readonly status: GstDeclarationStatus
  readonly variables: Readonly<Record<string, string>>
  /** The generated (unsigned) PDF, stored once every variable is filled. */
  readonly pdf: StoredFile | null
  readonly signedDocument: StoredFile | null
  readonly rejectReason: string | null
  /** False once superseded by a restart. */
  readonly current: boolean
  readonly submittedAt: Date | null
  readonly verifiedAt: Date | null
  readonly verifiedBy: string | null
  readonly rejectedAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

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
