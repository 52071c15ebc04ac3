/**
 * Certificates (C Events "Certificates", "Certificates (athlete)"): versioned templates whose
 * variables are checked on every write, publication once the event is completed (idempotent: it
 * issues to whoever joined and attended and holds none yet), reversible and audited revocation,
 * downloads as PDF and a public verification by id and code (HMAC of the id under the server key).
 *
 * PDFs are rendered on download from the issued certificate (the template version it was issued
 * with, the participant, the event), never at publish: publishing an event of any size is one
 * `insert … select`, and a certificate's document is the same every time it is rendered, so
 * nothing is stored that could drift from the record or need a worker to catch up.
 */
import type { Certificate } from "@podium/kernel"
import { CertificateVariables } from "@podium/kernel"
import { Effect, Option } from "effect"
import { phaseOf, wallClockOf } from "../events/event.model.js"
import { EventRepo } from "../events/event.port.js"
import { Hmac } from "../identity/crypto.port.js"
import { checkUpload, ImageRule, type Upload } from "../media/file-type.model.js"
import { issueMediaToken } from "../media/media-token.model.js"
import { putUpload } from "../media/stored-file.js"
import { PdfRenderer } from "../organizers/declaration.port.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { type OrganizerActor, organizerEvent } from "../registrations/organizer-bookings.use-case.js"
import { ParticipationRepo } from "../registrations/participation.port.js"
import {
  CertificateCodePurpose,
  certificateCodeOf,
  type CertificateMove,
  CertificateNotFound,
  CertificateNotVerified,
  CertificateRevoked,
  CertificatesNotPublishable,
  CertificateTemplateInvalid,
  CertificateTemplateNotFound,
  fillVariables,
  unknownVariables,
  verificationPathOf
} from "./certificates.model.js"
import { CertificateRepo, type TemplateFields } from "./certificates.port.js"

const repo = CertificateRepo

const codeOf = (certificateId: string) => Effect.map(Effect.flatMap(Hmac, (h) => h.digest(CertificateCodePurpose, certificateId)), certificateCodeOf)

/** A certificate as clients read it: the record with its verification code and URL. */
export const certificateView = (certificate: Certificate) =>
  Effect.map(codeOf(certificate.id), (code) => ({ ...certificate, code, verificationUrl: verificationPathOf(certificate.id, code) }))

const views = (items: ReadonlyArray<Certificate>) => Effect.forEach(items, certificateView)

const audit = (who: OrganizerActor, action: string, subject: { readonly kind: string; readonly id: string }, data: Record<string, unknown>, reason?: string | null) =>
  Effect.flatMap(AuditLog, (log) => {
    const [kind, id] = who.actor.split(":")
    return log.append({ action, actor: { kind: kind!, id: id ?? null }, subject, data, ...(reason === null || reason === undefined ? {} : { reason }) })
  })

const checkVariables = (fields: { readonly title?: string | undefined; readonly body?: string | undefined }) => {
  const problems = unknownVariables(fields)
  return problems.length > 0 ? Effect.fail(new CertificateTemplateInvalid({ messages: problems })) : Effect.void
}

// --- templates ------------------------------------------------------------------------------

export const certificateVariables = Effect.fn("results.certificates.variables")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  return CertificateVariables
})

export const activeCertificateTemplate = Effect.fn("results.certificates.template")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  const found = yield* Effect.flatMap(repo, (r) => r.activeTemplate(eventId))
  if (Option.isNone(found)) return yield* new CertificateTemplateNotFound({ eventId })
  return found.value
})

export const createCertificateTemplate = Effect.fn("results.certificates.createTemplate")(function*(
  who: OrganizerActor,
  eventId: string,
  fields: { readonly title: string; readonly body: string; readonly backgroundUrl?: string | null | undefined }
) {
  yield* organizerEvent(who, eventId)
  yield* checkVariables(fields)
  const created = yield* Effect.flatMap(repo, (r) => r.createTemplate(eventId, { title: fields.title, body: fields.body, backgroundUrl: fields.backgroundUrl ?? null }, who.actor))
  yield* audit(who, "certificates.template.created", { kind: "event", id: eventId }, { templateId: created.id, version: created.version })
  return created
})

export const updateCertificateTemplate = Effect.fn("results.certificates.updateTemplate")(function*(who: OrganizerActor, eventId: string, patch: Partial<TemplateFields>) {
  yield* organizerEvent(who, eventId)
  yield* checkVariables(patch)
  const next = yield* Effect.flatMap(repo, (r) => r.newVersion(eventId, patch, who.actor))
  yield* audit(who, "certificates.template.versioned", { kind: "event", id: eventId }, { templateId: next.id, version: next.version })
  return next
})

export const deactivateCertificateTemplate = Effect.fn("results.certificates.deactivateTemplate")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  const done = yield* Effect.flatMap(repo, (r) => r.deactivate(eventId))
  yield* audit(who, "certificates.template.deactivated", { kind: "event", id: eventId }, { templateId: done.id, version: done.version })
  return done
})

/**
 * How long the URL of uploaded certificate art stays valid: a template may be used for a year of
 * re-downloads, and the art is public by nature (it is printed on every certificate).
 */
export const CertificateAssetUrlTtlSeconds = 366 * 24 * 3600

/** Stores certificate art (PNG, JPG or WEBP, 5 MB) and answers a signed public URL a template can reference. */
export const uploadCertificateAsset = Effect.fn("results.certificates.uploadAsset")(function*(who: OrganizerActor, eventId: string, upload: Upload) {
  yield* organizerEvent(who, eventId)
  const checked = checkUpload("file", upload, ImageRule)
  if ("error" in checked) return yield* new CertificateTemplateInvalid({ messages: [checked.error] })
  const file = yield* putUpload("c", "file", upload, ImageRule)
  const token = yield* issueMediaToken(file, "public", CertificateAssetUrlTtlSeconds)
  return { ...file, url: `/v2/media/content/${token}?download=0` }
})

// --- publication ----------------------------------------------------------------------------

export const certificatesStatus = Effect.fn("results.certificates.status")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  return yield* Effect.flatMap(repo, (r) => r.status(eventId))
})

/** Publish: the event completed and an active template, then the move and the issuing in one transaction, audited. */
export const publishCertificates = Effect.fn("results.certificates.publish")(function*(who: OrganizerActor, eventId: string) {
  const event = yield* organizerEvent(who, eventId)
  const now = new Date()
  if (phaseOf(event, now) !== "completed") {
    return yield* new CertificatesNotPublishable({ code: "CERTIFICATES_EVENT_NOT_COMPLETED", reason: "Certificates are published once the event is completed" })
  }
  const r = yield* repo
  const template = yield* r.activeTemplate(eventId)
  if (Option.isNone(template)) {
    return yield* new CertificatesNotPublishable({ code: "CERTIFICATE_TEMPLATE_REQUIRED", reason: "An active certificate template is required to publish certificates" })
  }
  const tx = yield* Transactor
  const issuedNow = yield* tx.atomically(Effect.gen(function*() {
    const n = yield* r.publish(eventId, template.value, who.actor, now)
    yield* audit(who, "certificates.published", { kind: "event", id: eventId }, { issuedNow: n, templateVersion: template.value.version })
    return n
  }))
  return { ...(yield* r.status(eventId)), issuedNow }
})

export const unpublishCertificates = Effect.fn("results.certificates.unpublish")(function*(who: OrganizerActor, eventId: string) {
  yield* organizerEvent(who, eventId)
  const r = yield* repo
  const tx = yield* Transactor
  yield* tx.atomically(Effect.zipRight(r.unpublish(eventId, who.actor, new Date()), audit(who, "certificates.unpublished", { kind: "event", id: eventId }, {})))
  return yield* r.status(eventId)
})

export const listIssuances = Effect.fn("results.certificates.issuances")(function*(who: OrganizerActor, eventId: string, filter: {
  readonly status?: Certificate["status"] | undefined
  readonly page: number
  readonly limit: number
}) {
  yield* organizerEvent(who, eventId)
  const found = yield* Effect.flatMap(repo, (r) => r.issuances(eventId, filter))
  return { items: yield* views(found.items), total: found.total, page: filter.page, limit: filter.limit }
})

export const notIssuedCertificates = Effect.fn("results.certificates.notIssued")(function*(who: OrganizerActor, eventId: string, page: number, limit: number) {
  yield* organizerEvent(who, eventId)
  const found = yield* Effect.flatMap(repo, (r) => r.notIssued(eventId, page, limit))
  return { ...found, page, limit }
})

const moveCertificate = (move: CertificateMove) =>
  Effect.fn(`results.certificates.${move}`)(function*(who: OrganizerActor, eventId: string, participantId: string, reason: string | null) {
    yield* organizerEvent(who, eventId)
    const r = yield* repo
    const found = yield* r.byParticipant(eventId, participantId)
    if (Option.isNone(found)) return yield* new CertificateNotFound({ ref: participantId })
    const tx = yield* Transactor
    const moved = yield* tx.atomically(Effect.gen(function*() {
      const c = yield* r.move(found.value.id, move, who.actor, reason, new Date())
      yield* audit(who, `certificates.${move}d`, { kind: "certificate", id: c.id }, { eventId, participantId }, reason)
      return c
    }))
    return yield* certificateView(moved)
  })

export const revokeCertificate = moveCertificate("revoke")
export const unrevokeCertificate = moveCertificate("unrevoke")

export const certificatesOverview = Effect.fn("results.certificates.overview")(function*(who: OrganizerActor, page: number, limit: number) {
  const found = yield* Effect.flatMap(repo, (r) => r.overview(who.organizerId, page, limit))
  return { ...found, page, limit }
})

// --- documents ------------------------------------------------------------------------------

const isoDate = (at: Date, zone: string) => wallClockOf(at, zone).slice(0, 10)

/** The certificate's PDF: its template version filled with the participant's and the event's values, the verification in the footer. */
const renderPdf = (certificate: Certificate) =>
  Effect.gen(function*() {
    const template = Option.getOrThrow(yield* Effect.flatMap(repo, (r) => r.template(certificate.templateId)))
    const event = Option.getOrThrow(yield* Effect.flatMap(EventRepo, (r) => r.findById(certificate.eventId)))
    const seat = Option.getOrThrow(yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(certificate.participantId)))
    const code = yield* codeOf(certificate.id)
    const values: Record<string, string> = {
      participantName: `${seat.participant.firstName} ${seat.participant.lastName}`,
      firstName: seat.participant.firstName,
      lastName: seat.participant.lastName,
      eventTitle: event.title,
      eventDate: isoDate(event.startsAt, event.timezone),
      eventCity: event.city,
      bookingId: seat.participation.bookingId,
      issuedDate: certificate.issuedAt.toISOString().slice(0, 10),
      certificateCode: code
    }
    const bytes = yield* Effect.flatMap(PdfRenderer, (r) =>
      r.render({
        title: fillVariables(template.title, values),
        paragraphs: fillVariables(template.body, values).split(/\n+/).filter((p) => p.trim() !== ""),
        footer: `Verify this certificate at ${verificationPathOf(certificate.id, code)} (code ${code})`
      }))
    return { bytes, fileName: `certificate-${certificate.id}.pdf` }
  })

/** The organizer's copy of a participant's certificate (also while unpublished, as a preview; never a revoked one). */
export const organizerCertificatePdf = Effect.fn("results.certificates.organizerPdf")(function*(who: OrganizerActor, eventId: string, participantId: string) {
  yield* organizerEvent(who, eventId)
  const found = yield* Effect.flatMap(repo, (r) => r.byParticipant(eventId, participantId))
  if (Option.isNone(found)) return yield* new CertificateNotFound({ ref: participantId })
  if (found.value.status === "REVOKED") return yield* new CertificateRevoked({ certificateId: found.value.id })
  return yield* renderPdf(found.value)
})

/** The booking owner's download: an ISSUED certificate of a published event; anyone else's seat is 404. */
export const participantCertificatePdf = Effect.fn("results.certificates.participantPdf")(function*(userId: string, participantId: string) {
  const seat = yield* Effect.flatMap(ParticipationRepo, (r) => r.findParticipant(participantId))
  if (Option.isNone(seat) || seat.value.participation.userId !== userId) return yield* new CertificateNotFound({ ref: participantId })
  const [certificate] = (yield* Effect.flatMap(repo, (r) => r.mine(userId, seat.value.participation.eventId))).filter((c) => c.participantId === participantId)
  if (certificate === undefined) return yield* new CertificateNotFound({ ref: participantId })
  return yield* renderPdf(certificate)
})

export const myCertificates = Effect.fn("results.certificates.mine")(function*(userId: string) {
  return { items: yield* views(yield* Effect.flatMap(repo, (r) => r.mine(userId))) }
})

/** The caller's certificates of one event: one per seat of their bookings (404 when none). */
export const myEventCertificates = Effect.fn("results.certificates.mineForEvent")(function*(userId: string, eventId: string) {
  const items = yield* Effect.flatMap(repo, (r) => r.mine(userId, eventId))
  if (items.length === 0) return yield* new CertificateNotFound({ ref: eventId })
  return { items: yield* views(items) }
})

/**
 * Public verification: the code must be the HMAC of the id under the server key (compared in
 * constant time); an unknown id and a forged code answer the same 404. A revoked certificate, or
 * one of an event whose certificates were withdrawn, verifies as not valid with its status.
 */
export const verifyCertificate = Effect.fn("results.certificates.verify")(function*(certificateId: string, code: string) {
  const found = yield* Effect.flatMap(repo, (r) => r.find(certificateId))
  const expected = yield* codeOf(certificateId)
  const given = code.trim().toUpperCase()
  let diff = expected.length ^ given.length
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ (given.charCodeAt(i) || 0)
  if (Option.isNone(found) || diff !== 0) return yield* new CertificateNotVerified({ ref: certificateId })
  const { certificate, published } = found.value
  const event = Option.getOrThrow(yield* Effect.flatMap(EventRepo, (r) => r.findById(certificate.eventId)))
  return {
    valid: certificate.status === "ISSUED" && published,
    certificateId: certificate.id,
    status: certificate.status,
    published,
    recipientName: certificate.recipientName,
    eventId: event.id,
    eventTitle: event.title,
    eventDate: isoDate(event.startsAt, event.timezone),
    issuedAt: certificate.issuedAt,
    revokedAt: certificate.revokedAt
  }
})
