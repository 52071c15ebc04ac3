/**
 * Certificates (C Events "Certificates"): the organizer's team writes a versioned template whose
 * `{{variables}}` are checked (an unknown one is 400 naming it), publishes once the event is
 * completed and a template is active (400 CERTIFICATES_EVENT_NOT_COMPLETED / CERTIFICATE_TEMPLATE_REQUIRED;
 * idempotent: it issues to participants who joined and attended and hold none yet), revokes and
 * unrevokes (audited), sees who holds none and why, and downloads any participant's PDF.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { CertificateTemplate, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"
import {
  CertificateAsset,
  CertificateAssetForm,
  CertificatesOverviewPage,
  CertificatesPublished,
  CertificatesStatusView,
  CertificateVariableList,
  CertificateView,
  CreateCertificateTemplateBody,
  IssuancePage,
  IssuancesQuery,
  NotIssuedPage,
  OverviewQuery,
  RevokeCertificateBody,
  UpdateCertificateTemplateBody
} from "./results.dto.js"

const Event = Schema.Struct({ eventId: UuidStr })
const Seat = Schema.Struct({ eventId: UuidStr, participantId: UuidStr })
const base = "/v2/organizers/events/:eventId/certificates"
const Pdf = HttpApiSchema.Uint8Array({ contentType: "application/pdf" })

export class CertificatesGroup extends HttpApiGroup.make("certificates")
  .add(op.get("activeCertificateTemplate", base, { path: Event, ok: CertificateTemplate, summary: "The event's active certificate template (404 CERTIFICATE_TEMPLATE_NOT_FOUND without one)" }).middleware(OrganizerReaders))
  .add(op.post("createCertificateTemplate", base, { path: Event, body: CreateCertificateTemplateBody, ok: CertificateTemplate, status: 201, summary: "Write the template's first version (unknown {{variables}} → 400 naming them; 409 CERTIFICATE_TEMPLATE_EXISTS while one is active)" }).middleware(OrganizerManagers))
  .add(op.patch("updateCertificateTemplate", base, { path: Event, body: UpdateCertificateTemplateBody, ok: CertificateTemplate, summary: "Write a new version of the active template (the previous one is deactivated; issued certificates keep theirs)" }).middleware(OrganizerManagers))
  .add(op.del("deactivateCertificateTemplate", base, { path: Event, ok: CertificateTemplate, summary: "Deactivate the active template (publish then needs a new one)" }).middleware(OrganizerManagers))
  .add(op.post("uploadCertificateAsset", `${base}/assets`, { path: Event, body: CertificateAssetForm, ok: CertificateAsset, status: 201, summary: "Upload certificate art (field file: PNG, JPG or WEBP, 5 MB); answers a signed public URL valid for a year" }).middleware(OrganizerManagers))
  .add(op.get("certificateVariables", `${base}/variables`, { path: Event, ok: CertificateVariableList, summary: "The {{variables}} a template may use, with what each prints" }).middleware(OrganizerReaders))
  .add(op.get("certificatesStatus", `${base}/status`, { path: Event, ok: CertificatesStatusView, summary: "Published or not, the active template version, issued, revoked and eligible participants" }).middleware(OrganizerReaders))
  .add(op.post("publishCertificates", `${base}/publish`, { path: Event, ok: CertificatesPublished, summary: "Publish: issues to every participant who joined and attended and holds none yet (idempotent)" }).middleware(OrganizerManagers))
  .add(op.post("unpublishCertificates", `${base}/unpublish`, { path: Event, ok: CertificatesStatusView, summary: "Withdraw the certificates from athletes and verification (409 CERTIFICATES_STATUS_CONFLICT when not published)" }).middleware(OrganizerManagers))
  .add(op.get("certificateIssuances", `${base}/issuances`, { path: Event, query: IssuancesQuery, ok: IssuancePage, summary: "Issued certificates by recipient name (?status, page, limit)" }).middleware(OrganizerReaders))
  .add(op.get("certificatesNotIssued", `${base}/not-issued`, { path: Event, query: OverviewQuery, ok: NotIssuedPage, summary: "Participants holding no certificate, each with why (booking_not_confirmed, cancelled, not_checked_in, not_published)" }).middleware(OrganizerReaders))
  .add(op.get("downloadIssuedCertificate", `${base}/issuances/:participantId/download`, { path: Seat, success: Pdf, summary: "A participant's certificate as PDF (409 CERTIFICATE_REVOKED for a revoked one)" }).middleware(OrganizerReaders))
  .add(op.post("revokeCertificate", `${base}/issuances/:participantId/revoke`, { path: Seat, body: RevokeCertificateBody, ok: CertificateView, summary: "Revoke a certificate (reversible, audited; 409 CERTIFICATE_STATUS_CONFLICT when already revoked)" }).middleware(OrganizerManagers))
  .add(op.post("unrevokeCertificate", `${base}/issuances/:participantId/unrevoke`, { path: Seat, ok: CertificateView, summary: "Restore a revoked certificate (audited; 409 CERTIFICATE_STATUS_CONFLICT when not revoked)" }).middleware(OrganizerManagers))
  .add(op.get("certificatesOverview", "/v2/organizers/events/certificates-overview", { query: OverviewQuery, ok: CertificatesOverviewPage, summary: "Every event of the organizer with its certificates' state and counts, latest start first" }).middleware(OrganizerReaders))
  .annotate(OpenApi.Title, "Events / Certificates")
  .annotate(OpenApi.Description, "Certificate templates, publication, issuances and revocation")
{}
