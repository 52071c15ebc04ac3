/**
 * Declaration forms: admin template management (versioned per name, exactly one active, the
 * active one cannot be deleted) and the organizer's form (the active template filled with the
 * organizer's data and details, the missing required fields, the PDF download refused until
 * complete). Every change appends an audit row.
 */
import { Clock, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { AuditLog } from "../platform/audit-log.port.js"
import {
  BuiltInDeclarationTemplate,
  type DeclarationDetailField,
  DeclarationDetailFields,
  type DeclarationDetails,
  DeclarationIncomplete,
  DeclarationTemplateActive,
  DeclarationTemplateNotFound,
  fillTemplate,
  GstinPattern,
  htmlToParagraphs,
  PanPattern,
  PincodePattern
} from "./declaration.model.js"
import { DeclarationDetailsRepo, DeclarationTemplateRepo, PdfRenderer } from "./declaration.port.js"
import { OrganizerInputInvalid, OrganizerNotFound } from "./organizer.model.js"
import { OrganizerRepo } from "./organizer.port.js"
import { actorOf, auditOrganizer } from "./organizer.use-case.js"
import { isUuid } from "./tenancy.policy.js"

const auditTemplate = (action: string, principal: Principal, templateId: string, data?: Readonly<Record<string, unknown>>) =>
  Effect.flatMap(AuditLog, (log) =>
    log.append({
      action,
      actor: actorOf(principal),
      subject: { kind: "declaration_template", id: templateId },
      ...(data === undefined ? {} : { data })
    })).pipe(Effect.asVoid)

const findTemplate = (id: string) =>
  Effect.flatMap(DeclarationTemplateRepo, (r) => isUuid(id) ? r.findById(id) : Effect.succeed(Option.none())).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new DeclarationTemplateNotFound({ templateId: id })), onSome: Effect.succeed }))
  )

export const listDeclarationTemplates = Effect.flatMap(DeclarationTemplateRepo, (r) => r.list())
export const getDeclarationTemplate = findTemplate
export const getActiveDeclarationTemplate = Effect.flatMap(DeclarationTemplateRepo, (r) => r.findActive()).pipe(
  Effect.flatMap(Option.match({ onNone: () => Effect.fail(new DeclarationTemplateNotFound({ templateId: "active" })), onSome: Effect.succeed }))
)

/** Creates a new version of the named template; `isActive: true` activates it at once. */
export const createDeclarationTemplate = Effect.fn("organizers.declarationTemplates.create")(function*(
  principal: Principal,
  input: { readonly name: string; readonly html: string; readonly requiredFields: ReadonlyArray<DeclarationDetailField>; readonly isActive: boolean }
) {
  const repo = yield* DeclarationTemplateRepo
  const created = yield* repo.create({ name: input.name, html: input.html, requiredFields: input.requiredFields, createdBy: principal.accountId })
  yield* auditTemplate("declaration_template.created", principal, created.id, { name: created.name, version: created.version })
  if (!input.isActive) return created
  return yield* activateDeclarationTemplate(principal, created.id)
})

/** Updates a template; `isActive: true` also makes it the only active one (false is ignored: one stays active). */
export const updateDeclarationTemplate = Effect.fn("organizers.declarationTemplates.update")(function*(
  principal: Principal,
  id: string,
  patch: { readonly name?: string; readonly html?: string; readonly requiredFields?: ReadonlyArray<DeclarationDetailField>; readonly isActive?: boolean }
) {
  yield* findTemplate(id)
  const { isActive, ...fields } = patch
  const updated = yield* Effect.flatMap(DeclarationTemplateRepo, (r) => r.update(id, fields)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new DeclarationTemplateNotFound({ templateId: id })), onSome: Effect.succeed }))
  )
  yield* auditTemplate("declaration_template.updated", principal, id, { fields: Object.keys(fields) })
  return isActive === true ? yield* activateDeclarationTemplate(principal, id) : updated
})

export const activateDeclarationTemplate = Effect.fn("organizers.declarationTemplates.activate")(function*(principal: Principal, id: string) {
  if (!isUuid(id)) return yield* new DeclarationTemplateNotFound({ templateId: id })
  const activated = yield* Effect.flatMap(DeclarationTemplateRepo, (r) => r.activate(id)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new DeclarationTemplateNotFound({ templateId: id })), onSome: Effect.succeed }))
  )
  yield* auditTemplate("declaration_template.activated", principal, id)
  return activated
})

export const deleteDeclarationTemplate = Effect.fn("organizers.declarationTemplates.delete")(function*(principal: Principal, id: string) {
  if (!isUuid(id)) return yield* new DeclarationTemplateNotFound({ templateId: id })
  const outcome = yield* Effect.flatMap(DeclarationTemplateRepo, (r) => r.softDelete(id))
  if (outcome === "missing") return yield* new DeclarationTemplateNotFound({ templateId: id })
  if (outcome === "active") return yield* new DeclarationTemplateActive({ templateId: id })
  yield* auditTemplate("declaration_template.deleted", principal, id)
})

// ---- the organizer's form ----

/** Checks and normalizes a details patch (PAN, GSTIN upper-cased; formats checked); 400 lists every failing field. */
export const normalizeDeclarationDetails = (patch: Readonly<Partial<Record<DeclarationDetailField, string | null>>>) => {
  const out: Partial<Record<DeclarationDetailField, string | null>> = {}
  const messages: Array<string> = []
  for (const field of DeclarationDetailFields) {
    const raw = patch[field]
    if (raw === undefined) continue
    const value = raw === null ? null : raw.trim()
    if (value === null || value === "") {
      out[field] = null
      continue
    }
    if (field === "panNumber") {
      const pan = value.toUpperCase()
      if (!PanPattern.test(pan)) messages.push("panNumber must be a valid PAN (5 letters, 4 digits, 1 letter, e.g. ABCDE1234F)")
      out[field] = pan
    } else if (field === "gstin") {
      const gstin = value.toUpperCase()
      if (!GstinPattern.test(gstin)) messages.push("gstin must be a valid 15-character GSTIN")
      out[field] = gstin
    } else if (field === "pincode") {
      if (!PincodePattern.test(value)) messages.push("pincode must be a 6-digit PIN code")
      out[field] = value
    } else {
      out[field] = value
    }
  }
  return messages.length > 0 ? Effect.fail(new OrganizerInputInvalid({ messages })) : Effect.succeed(out)
}

export interface DeclarationFormView {
  readonly organizerId: string
  readonly templateId: string | null
  readonly templateName: string
  readonly templateVersion: number
  readonly html: string
  readonly details: DeclarationDetails
  readonly requiredFields: ReadonlyArray<string>
  readonly missingFields: ReadonlyArray<string>
  readonly complete: boolean
}

const today = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString().slice(0, 10))

/** The active template (the built-in one while none is active) filled with the organizer's data. */
export const declarationForm = Effect.fn("organizers.declarationForm.get")(function*(organizerId: string) {
  const organizer = yield* Effect.flatMap(OrganizerRepo, (r) => r.findById(organizerId)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new OrganizerNotFound({ organizerId })), onSome: Effect.succeed }))
  )
  const active = yield* Effect.flatMap(DeclarationTemplateRepo, (r) => r.findActive())
  const template = Option.getOrElse(
    Option.map(active, (t) => ({ id: t.id as string | null, name: t.name, version: t.version, html: t.html, requiredFields: t.requiredFields })),
    () => ({ id: null as string | null, ...BuiltInDeclarationTemplate })
  )
  const details = yield* Effect.flatMap(DeclarationDetailsRepo, (r) => r.get(organizerId))
  const values: Record<string, string | null> = {
    organizerName: organizer.name,
    companyName: organizer.companyName,
    email: organizer.email,
    phoneNumber: organizer.phoneNumber,
    date: yield* today,
    ...details
  }
  const missingFields = template.requiredFields.filter((f) => (details[f] ?? "").trim() === "")
  const view: DeclarationFormView = {
    organizerId,
    templateId: template.id,
    templateName: template.name,
    templateVersion: template.version,
    html: fillTemplate(template.html, values),
    details,
    requiredFields: template.requiredFields,
    missingFields,
    complete: missingFields.length === 0
  }
  return { view, organizerName: organizer.name }
})

/** Saves the supplied declaration details and answers the refreshed form. */
export const updateDeclarationDetails = Effect.fn("organizers.declarationForm.details")(function*(
  principal: Principal,
  organizerId: string,
  patch: Readonly<Partial<Record<DeclarationDetailField, string | null>>>
) {
  const normalized = yield* normalizeDeclarationDetails(patch)
  yield* declarationForm(organizerId)
  yield* Effect.flatMap(DeclarationDetailsRepo, (r) => r.merge(organizerId, normalized))
  yield* auditOrganizer("organizer.declaration_details.updated", principal, organizerId, { data: { fields: Object.keys(normalized) } })
  return (yield* declarationForm(organizerId)).view
})

/** The filled form as PDF bytes; DeclarationIncomplete until every required field is filled. */
export const downloadDeclarationForm = Effect.fn("organizers.declarationForm.download")(function*(principal: Principal, organizerId: string) {
  const { organizerName, view } = yield* declarationForm(organizerId)
  if (view.missingFields.length > 0) return yield* new DeclarationIncomplete({ missingFields: view.missingFields })
  const bytes = yield* Effect.flatMap(PdfRenderer, (r) =>
    r.render({
      title: `Declaration form - ${organizerName}`,
      paragraphs: htmlToParagraphs(view.html),
      footer: `${organizerName} · template ${view.templateName} v${view.templateVersion}`
    }))
  yield* auditOrganizer("organizer.declaration_form.downloaded", principal, organizerId, { data: { templateId: view.templateId } })
  return { bytes, fileName: `declaration-form-${organizerId.slice(0, 8)}.pdf` }
})
