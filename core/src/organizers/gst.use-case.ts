/**
 * GST templates (admin: versions, activate/deactivate, soft delete refused for the active one) and
 * GST declarations (organizer: fill, download the generated PDF, upload the signed copy, restart;
 * admin: list, statistics, read, signed URLs, reject, verify, reset to the active template,
 * backfill template versions). Every change appends an audit row whose subject is the template or
 * the declaration, so a declaration's audit trail is `AuditLog.list({ subjectId })`.
 */
import { Clock, Effect, Option } from "effect"
import { SecureRandom } from "../identity/crypto.port.js"
import type { Principal } from "../identity/principal.model.js"
import { BlobStore } from "../media/blob-store.port.js"
import { DocumentRule, type Upload } from "../media/file-type.model.js"
import { issueMediaToken, MediaTokenTtlSeconds } from "../media/media-token.model.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { type AuditExtra, auditSubject } from "../platform/audit-subject.js"
import { fillTemplate, htmlToParagraphs, placeholdersOf } from "./declaration.model.js"
import { PdfRenderer } from "./declaration.port.js"
import {
  type GstDeclaration,
  GstDeclarationNotFound,
  type GstDeclarationStatus,
  GstStateConflict,
  type GstTemplate,
  GstTemplateNotFound,
  GstVariablePattern
} from "./gst.model.js"
import { GstDeclarationRepo, GstTemplateRepo } from "./gst.port.js"
import { OrganizerInputInvalid, OrganizerNotFound, type StoredFile } from "./organizer.model.js"
import { OrganizerRepo } from "./organizer.port.js"
import { actorOf, storeUpload } from "./organizer.use-case.js"
import { isUuid } from "./tenancy.policy.js"

const audit = (
  action: string,
  principal: Principal,
  subject: { readonly kind: "gst_template" | "gst_declaration"; readonly id: string },
  extra: AuditExtra = {}
) => auditSubject(action, principal, subject, extra).pipe(Effect.asVoid)

const orNotFound = (id: string) => (found: Option.Option<GstTemplate>): Effect.Effect<GstTemplate, GstTemplateNotFound> =>
  Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new GstTemplateNotFound({ templateId: id }))

// ---- templates ----

/** The variables of a template: the given list, else its placeholders; 400 for malformed names. */
const templateVariables = (html: string, variables: ReadonlyArray<string> | undefined) => {
  const list = [...new Set(variables ?? placeholdersOf(html))]
  const bad = list.filter((v) => !GstVariablePattern.test(v))
  return bad.length > 0
    ? Effect.fail(new OrganizerInputInvalid({ messages: [`variables must be names of letters, digits and underscore (bad: ${bad.join(", ")})`] }))
    : Effect.succeed(list)
}

export const listGstTemplates = (filter: { readonly name?: string; readonly isActive?: boolean; readonly includeDeleted?: boolean }) =>
  Effect.flatMap(GstTemplateRepo, (r) => r.list(filter))

export const getGstTemplate = (id: string) =>
  Effect.flatMap(GstTemplateRepo, (r) => isUuid(id) ? r.findById(id) : Effect.succeed(Option.none())).pipe(Effect.flatMap(orNotFound(id)))

export const activeGstTemplate = Effect.flatMap(GstTemplateRepo, (r) => r.findActive()).pipe(Effect.flatMap(orNotFound("active")))

/** Every version of a name, deleted ones included, newest first. */
export const gstTemplateVersions = (name: string) => Effect.flatMap(GstTemplateRepo, (r) => r.list({ name, includeDeleted: true }))

export const createGstTemplate = Effect.fn("organizers.gstTemplates.create")(function*(
  principal: Principal,
  input: { readonly name: string; readonly html: string; readonly variables?: ReadonlyArray<string> | undefined; readonly isActive?: boolean | undefined }
) {
  const variables = yield* templateVariables(input.html, input.variables)
  const created = yield* Effect.flatMap(GstTemplateRepo, (r) => r.create({ name: input.name, html: input.html, variables, createdBy: principal.accountId }))
  yield* audit("gst_template.created", principal, { kind: "gst_template", id: created.id }, { data: { name: created.name, version: created.version } })
  return input.isActive === true ? yield* activateGstTemplate(principal, created.id) : created
})

/** An update is a new version of the same name (inactive; the edited version is kept as it was). */
export const updateGstTemplate = Effect.fn("organizers.gstTemplates.update")(function*(
  principal: Principal,
  id: string,
  patch: { readonly html?: string | undefined; readonly variables?: ReadonlyArray<string> | undefined }
) {
  const base = yield* getGstTemplate(id)
  if (base.deletedAt !== null) return yield* new GstTemplateNotFound({ templateId: id })
  const html = patch.html ?? base.html
  const variables = yield* templateVariables(html, patch.variables ?? (patch.html === undefined ? base.variables : undefined))
  const created = yield* Effect.flatMap(GstTemplateRepo, (r) => r.create({ name: base.name, html, variables, createdBy: principal.accountId }))
  yield* audit("gst_template.versioned", principal, { kind: "gst_template", id: created.id }, { data: { from: base.id, version: created.version } })
  return created
})

export const activateGstTemplate = Effect.fn("organizers.gstTemplates.activate")(function*(principal: Principal, id: string) {
  if (!isUuid(id)) return yield* new GstTemplateNotFound({ templateId: id })
  const t = yield* Effect.flatMap(GstTemplateRepo, (r) => r.activate(id)).pipe(Effect.flatMap(orNotFound(id)))
  yield* audit("gst_template.activated", principal, { kind: "gst_template", id })
  return t
})

export const deactivateGstTemplate = Effect.fn("organizers.gstTemplates.deactivate")(function*(principal: Principal, id: string) {
  if (!isUuid(id)) return yield* new GstTemplateNotFound({ templateId: id })
  const t = yield* Effect.flatMap(GstTemplateRepo, (r) => r.deactivate(id)).pipe(Effect.flatMap(orNotFound(id)))
  yield* audit("gst_template.deactivated", principal, { kind: "gst_template", id })
  return t
})

export const deleteGstTemplate = Effect.fn("organizers.gstTemplates.delete")(function*(principal: Principal, id: string) {
  if (!isUuid(id)) return yield* new GstTemplateNotFound({ templateId: id })
  const outcome = yield* Effect.flatMap(GstTemplateRepo, (r) => r.softDelete(id))
  if (outcome === "missing") return yield* new GstTemplateNotFound({ templateId: id })
  if (outcome === "active") {
    return yield* new GstStateConflict({ code: "TEMPLATE_ACTIVE", message: "The active GST template cannot be deleted; deactivate it first" })
  }
  yield* audit("gst_template.deleted", principal, { kind: "gst_template", id })
})

// ---- declarations: organizer side ----

const declarationById = (id: string) =>
  Effect.flatMap(GstDeclarationRepo, (r) => isUuid(id) ? r.findById(id) : Effect.succeed(Option.none())).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new GstDeclarationNotFound({ declarationId: id })), onSome: Effect.succeed }))
  )

const currentOf = (organizerId: string) =>
  Effect.flatMap(GstDeclarationRepo, (r) => r.findCurrent(organizerId)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new GstDeclarationNotFound({ declarationId: "current" })), onSome: Effect.succeed }))
  )

const templateOf = (d: GstDeclaration) =>
  d.templateId === null ? Effect.succeed(Option.none<GstTemplate>()) : Effect.flatMap(GstTemplateRepo, (r) => r.findById(d.templateId!))

/** The variables still missing on a declaration (the template's, less the filled ones). */
const missingOf = (template: Option.Option<GstTemplate>, variables: Readonly<Record<string, string>>) =>
  Option.match(template, { onNone: () => [], onSome: (t) => t.variables.filter((v) => (variables[v] ?? "").trim() === "") })

export interface GstDeclarationState {
  readonly declaration: GstDeclaration | null
  readonly template: GstTemplate | null
  readonly missingVariables: ReadonlyArray<string>
}

/** The organizer's current declaration (none before the first fill) with its template and missing variables. */
export const gstDeclarationOf = Effect.fn("organizers.gstDeclarations.current")(function*(organizerId: string) {
  const current = yield* Effect.flatMap(GstDeclarationRepo, (r) => r.findCurrent(organizerId))
  if (Option.isNone(current)) {
    const active = yield* Effect.flatMap(GstTemplateRepo, (r) => r.findActive())
    const state: GstDeclarationState = {
      declaration: null,
      template: Option.getOrNull(active),
      missingVariables: Option.match(active, { onNone: () => [], onSome: (t) => t.variables })
    }
    return state
  }
  const template = yield* templateOf(current.value)
  const state: GstDeclarationState = {
    declaration: current.value,
    template: Option.getOrNull(template),
    missingVariables: missingOf(template, current.value.variables)
  }
  return state
})

const Restartable: ReadonlyArray<GstDeclarationStatus> = ["REJECTED", "PENDING_VARIABLES", "PENDING_SIGNATURE"]

const startOn = (principal: Principal, organizerId: string, replaceable: ReadonlyArray<GstDeclarationStatus>) =>
  Effect.gen(function*() {
    const active = yield* Effect.flatMap(GstTemplateRepo, (r) => r.findActive())
    if (Option.isNone(active)) {
      return yield* new GstStateConflict({ code: "NO_ACTIVE_TEMPLATE", message: "No GST declaration template is active yet" })
    }
    const result = yield* Effect.flatMap(GstDeclarationRepo, (r) =>
      r.start(organizerId, { id: active.value.id, version: active.value.version }, replaceable))
    if (result.started) {
      yield* audit("gst_declaration.started", principal, { kind: "gst_declaration", id: result.declaration.id }, {
        data: { organizerId, templateId: active.value.id, templateVersion: active.value.version }
      })
    }
    return result
  })

const renderDeclarationPdf = (organizerId: string, template: GstTemplate, variables: Readonly<Record<string, string>>) =>
  Effect.gen(function*() {
    const organizer = yield* Effect.flatMap(OrganizerRepo, (r) => r.findById(organizerId)).pipe(
      Effect.flatMap(Option.match({ onNone: () => Effect.fail(new OrganizerNotFound({ organizerId })), onSome: Effect.succeed }))
    )
    const date = new Date(yield* Clock.currentTimeMillis).toISOString().slice(0, 10)
    const html = fillTemplate(template.html, {
      organizerName: organizer.name,
      companyName: organizer.companyName,
      email: organizer.email,
      phoneNumber: organizer.phoneNumber,
      date,
      ...variables
    })
    return yield* Effect.flatMap(PdfRenderer, (r) =>
      r.render({
        title: `GST declaration - ${organizer.name}`,
        paragraphs: htmlToParagraphs(html),
        footer: `${organizer.name} · GST template ${template.name} v${template.version}`
      }))
  })

const storePdf = (bytes: Uint8Array) =>
  Effect.gen(function*() {
    // Unguessable and short like every stored file (media tokens embed the key).
    const key = `o/${yield* Effect.flatMap(SecureRandom, (r) => r.token(16))}.pdf`
    yield* Effect.flatMap(BlobStore, (b) => b.put(key, bytes, "application/pdf"))
    const file: StoredFile = { key, contentType: "application/pdf", fileName: "gst-declaration.pdf", size: bytes.length }
    return file
  })

/**
 * Fills variables (starting a declaration on the active template when there is none, or after a
 * rejection). Unknown variable names are refused. Once every variable is filled the PDF is
 * generated and stored and the declaration waits for the signature; filling again before the
 * signed upload regenerates it.
 */
export const fillGstDeclaration = Effect.fn("organizers.gstDeclarations.fill")(function*(
  principal: Principal,
  organizerId: string,
  variables: Readonly<Record<string, string>>
) {
  const { declaration } = yield* startOn(principal, organizerId, ["REJECTED"])
  if (declaration.status !== "PENDING_VARIABLES" && declaration.status !== "PENDING_SIGNATURE") {
    return yield* new GstStateConflict({ code: "GST_DECLARATION_LOCKED", message: `The declaration is ${declaration.status} and can no longer be filled` })
  }
  const template = yield* templateOf(declaration)
  if (Option.isNone(template)) {
    return yield* new GstStateConflict({ code: "NO_TEMPLATE", message: "The declaration has no template; ask an admin to reset it" })
  }
  const unknown = Object.keys(variables).filter((k) => !template.value.variables.includes(k))
  if (unknown.length > 0) {
    return yield* new OrganizerInputInvalid({ messages: [`variables has unknown names: ${unknown.join(", ")} (allowed: ${template.value.variables.join(", ")})`] })
  }
  const merged: Record<string, string> = { ...declaration.variables }
  for (const [k, v] of Object.entries(variables)) {
    if (v.trim() === "") delete merged[k]
    else merged[k] = v.trim()
  }
  const missing = missingOf(template, merged)
  const pdf = missing.length === 0 ? yield* Effect.flatMap(renderDeclarationPdf(organizerId, template.value, merged), storePdf) : null
  const moved = yield* Effect.flatMap(GstDeclarationRepo, (r) =>
    r.move(declaration.id, ["PENDING_VARIABLES", "PENDING_SIGNATURE"], {
      variables: merged,
      pdf,
      status: missing.length === 0 ? "PENDING_SIGNATURE" : "PENDING_VARIABLES"
    }))
  if (Option.isNone(moved)) return yield* new GstStateConflict({ code: "GST_DECLARATION_LOCKED", message: "The declaration changed meanwhile; reload it" })
  yield* audit("gst_declaration.filled", principal, { kind: "gst_declaration", id: declaration.id }, {
    data: { organizerId, variables: Object.keys(variables), complete: missing.length === 0 }
  })
  const state: GstDeclarationState = { declaration: moved.value, template: template.value, missingVariables: missing }
  return state
})

/** The generated PDF's bytes (409 until every variable is filled). */
export const gstDeclarationPdf = Effect.fn("organizers.gstDeclarations.pdf")(function*(organizerId: string) {
  const current = yield* currentOf(organizerId)
  if (current.pdf === null) {
    return yield* new GstStateConflict({ code: "GST_DECLARATION_INCOMPLETE", message: "Fill every variable of the declaration first" })
  }
  const blob = yield* Effect.flatMap(BlobStore, (b) => b.get(current.pdf!.key))
  if (Option.isNone(blob)) return yield* new GstDeclarationNotFound({ declarationId: current.id })
  return { bytes: blob.value.bytes, fileName: `gst-declaration-${current.id.slice(0, 8)}.pdf` }
})

/** Uploads the signed copy (PDF, JPG or PNG, 5 MB) and submits the declaration for verification. */
export const uploadSignedGstDeclaration = Effect.fn("organizers.gstDeclarations.uploadSigned")(function*(
  principal: Principal,
  organizerId: string,
  upload: Upload | undefined
) {
  if (upload === undefined) return yield* new OrganizerInputInvalid({ messages: ["file should not be empty"] })
  const current = yield* currentOf(organizerId)
  if (current.status !== "PENDING_SIGNATURE") {
    return yield* new GstStateConflict({
      code: "GST_DECLARATION_NOT_READY",
      message: current.status === "PENDING_VARIABLES"
        ? "Fill every variable and download the declaration before uploading the signed copy"
        : `The declaration is ${current.status}`
    })
  }
  const file = yield* storeUpload(organizerId, "file", upload, DocumentRule)
  const now = new Date(yield* Clock.currentTimeMillis)
  const moved = yield* Effect.flatMap(GstDeclarationRepo, (r) =>
    r.move(current.id, ["PENDING_SIGNATURE"], { status: "PENDING_VERIFICATION", signedDocument: file, submittedAt: now }))
  if (Option.isNone(moved)) {
    yield* Effect.flatMap(BlobStore, (b) => b.remove(file.key))
    return yield* new GstStateConflict({ code: "GST_DECLARATION_NOT_READY", message: "The declaration changed meanwhile; reload it" })
  }
  yield* audit("gst_declaration.submitted", principal, { kind: "gst_declaration", id: current.id }, {
    data: { organizerId, contentType: file.contentType, size: file.size }
  })
  return moved.value
})

/** Starts over on the active template: after a rejection, or to abandon an unsigned declaration. */
export const restartGstDeclaration = Effect.fn("organizers.gstDeclarations.restart")(function*(principal: Principal, organizerId: string) {
  const { declaration, started } = yield* startOn(principal, organizerId, Restartable)
  if (!started) {
    return yield* new GstStateConflict({ code: "GST_DECLARATION_LOCKED", message: `The declaration is ${declaration.status} and cannot be restarted` })
  }
  return yield* gstDeclarationOf(organizerId)
})

/** Development helper: deletes every declaration of the organizer (the host refuses it in production). */
export const deleteGstDeclarationsForTest = Effect.fn("organizers.gstDeclarations.testDelete")(function*(principal: Principal, organizerId: string) {
  const deleted = yield* Effect.flatMap(GstDeclarationRepo, (r) => r.deleteAll(organizerId))
  yield* Effect.flatMap(AuditLog, (log) =>
    log.append({ action: "gst_declaration.test_deleted", actor: actorOf(principal), subject: { kind: "organizer", id: organizerId }, data: { deleted } }))
  return deleted
})

// ---- declarations: admin side ----

export const getGstDeclaration = declarationById

export const listGstDeclarations = (filter: { readonly status?: GstDeclarationStatus; readonly page: number; readonly limit: number }) =>
  Effect.flatMap(GstDeclarationRepo, (r) =>
    r.list({ ...(filter.status === undefined ? {} : { status: filter.status }), offset: (filter.page - 1) * filter.limit, limit: filter.limit }))

export const gstDeclarationStatistics = Effect.gen(function*() {
  const counts = yield* Effect.flatMap(GstDeclarationRepo, (r) => r.countByStatus())
  const active = yield* Effect.flatMap(GstTemplateRepo, (r) => r.findActive())
  const byStatus = {
    PENDING_VARIABLES: counts.PENDING_VARIABLES ?? 0,
    PENDING_SIGNATURE: counts.PENDING_SIGNATURE ?? 0,
    PENDING_VERIFICATION: counts.PENDING_VERIFICATION ?? 0,
    VERIFIED: counts.VERIFIED ?? 0,
    REJECTED: counts.REJECTED ?? 0
  }
  return {
    total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    pendingVerification: byStatus.PENDING_VERIFICATION,
    activeTemplate: Option.match(active, { onNone: () => null, onSome: (t) => ({ id: t.id, name: t.name, version: t.version }) })
  }
})

/** The declaration's audit trail, oldest first. */
export const gstDeclarationAuditLogs = Effect.fn("organizers.gstDeclarations.auditLogs")(function*(id: string) {
  const d = yield* declarationById(id)
  const rows = yield* Effect.flatMap(AuditLog, (log) => log.list({ subjectKind: "gst_declaration", subjectId: d.id, limit: 500 }))
  return [...rows].sort((a, b) => a.seq - b.seq)
})

/** A short-lived signed URL (private media token) for one of the declaration's files. */
export const gstDeclarationFileUrl = Effect.fn("organizers.gstDeclarations.fileUrl")(function*(id: string, which: "pdf" | "signedDocument") {
  const d = yield* declarationById(id)
  const file = which === "pdf" ? d.pdf : d.signedDocument
  if (file === null) {
    return yield* new GstStateConflict({
      code: which === "pdf" ? "GST_PDF_NOT_GENERATED" : "GST_SIGNED_DOCUMENT_MISSING",
      message: which === "pdf" ? "The declaration PDF has not been generated yet" : "No signed document has been uploaded yet"
    })
  }
  const token = yield* issueMediaToken(file, "private")
  const now = yield* Clock.currentTimeMillis
  return {
    url: `/v2/media/content/${token}?download=1`,
    contentType: file.contentType,
    expiresAt: new Date(now + MediaTokenTtlSeconds.private * 1000)
  }
})

const adminMove = (
  principal: Principal,
  id: string,
  from: ReadonlyArray<GstDeclarationStatus>,
  patch: Parameters<GstDeclarationRepo["Type"]["move"]>[2],
  action: string,
  extra: { readonly reason?: string; readonly data?: Readonly<Record<string, unknown>> } = {}
) =>
  Effect.gen(function*() {
    const d = yield* declarationById(id)
    const moved = yield* Effect.flatMap(GstDeclarationRepo, (r) => r.move(d.id, from, patch))
    if (Option.isNone(moved)) {
      return yield* new GstStateConflict({
        code: "ILLEGAL_TRANSITION",
        message: `Only ${from.join(" or ")} declarations can be ${action.split(".").at(-1)}; this one is ${d.status}`
      })
    }
    yield* audit(action, principal, { kind: "gst_declaration", id: d.id }, { ...extra, data: { organizerId: d.organizerId, ...extra.data } })
    return moved.value
  })

/** Rejects a submitted declaration with a reason (10–500 characters); the organizer restarts. */
export const rejectGstDeclaration = Effect.fn("organizers.gstDeclarations.reject")(function*(principal: Principal, id: string, reason: string) {
  const now = new Date(yield* Clock.currentTimeMillis)
  return yield* adminMove(principal, id, ["PENDING_VERIFICATION"], { status: "REJECTED", rejectReason: reason, rejectedAt: now }, "gst_declaration.rejected", { reason })
})

/** Verifies a submitted declaration: the organizer's GST declaration onboarding step is complete. */
export const verifyGstDeclaration = Effect.fn("organizers.gstDeclarations.verify")(function*(principal: Principal, id: string) {
  const now = new Date(yield* Clock.currentTimeMillis)
  const verified = yield* adminMove(principal, id, ["PENDING_VERIFICATION"], { status: "VERIFIED", verifiedAt: now, verifiedBy: principal.accountId }, "gst_declaration.verified")
  yield* Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: "organizer.onboarding.gst_declaration_verified",
      actor: actorOf(principal),
      subject: { kind: "organizer", id: verified.organizerId },
      data: { declarationId: verified.id }
    }))
  return verified
})

/** Moves a PENDING_VARIABLES declaration onto the current active template (filled variables it still uses are kept). */
export const resetGstDeclarationTemplate = Effect.fn("organizers.gstDeclarations.resetTemplate")(function*(principal: Principal, id: string) {
  const d = yield* declarationById(id)
  const active = yield* activeGstTemplate
  const kept = Object.fromEntries(Object.entries(d.variables).filter(([k]) => active.variables.includes(k)))
  return yield* adminMove(principal, id, ["PENDING_VARIABLES"], { templateId: active.id, templateVersion: active.version, variables: kept, pdf: null }, "gst_declaration.template_reset", {
    data: { templateId: active.id, templateVersion: active.version }
  })
})

/** Records the active template on declarations that were started without one; answers how many. */
export const backfillGstTemplateVersion = Effect.fn("organizers.gstDeclarations.backfill")(function*(principal: Principal) {
  const active = yield* activeGstTemplate
  const updated = yield* Effect.flatMap(GstDeclarationRepo, (r) => r.backfillTemplate({ id: active.id, version: active.version }))
  yield* Effect.flatMap(AuditLog, (log) =>
    log.append({
      action: "gst_declaration.template_backfilled",
      actor: actorOf(principal),
      subject: { kind: "gst_template", id: active.id },
      data: { updated, templateVersion: active.version }
    }))
  return { updated, templateId: active.id, templateVersion: active.version }
})
