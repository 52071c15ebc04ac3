/**
 * Certificates (athlete) (C Events "Certificates (athlete)") and their public verification (C
 * Events "Hybrid race (public)" verify): the booking owner lists and downloads the certificates of
 * published events; anyone verifies a certificate by id and code (a forged code is 404
 * CERTIFICATE_NOT_VERIFIED, a revoked certificate verifies as not valid).
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { CertificateVerification, MyCertificates, VerifyQuery } from "./results.dto.js"

const athlete = Role("user")
const Pdf = HttpApiSchema.Uint8Array({ contentType: "application/pdf" })

export class MyCertificatesGroup extends HttpApiGroup.make("myCertificates")
  .add(op.get("myCertificates", "/v2/users/me/certificates", { ok: MyCertificates, summary: "The caller's certificates of published events, newest first" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("myEventCertificate", "/v2/events/:eventId/certificate/me", { path: Schema.Struct({ eventId: UuidStr }), ok: MyCertificates, summary: "The caller's certificates of one event, one per seat of their bookings (404 CERTIFICATE_NOT_FOUND when none)" }).middleware(Authenticated).annotate(Requires, athlete))
  .add(op.get("downloadMyCertificate", "/v2/event-participations/participants/:participantId/certificate/download", { path: Schema.Struct({ participantId: UuidStr }), success: Pdf, summary: "A seat's certificate as PDF, for the booking's owner (404 for anyone else's seat)" }).middleware(Authenticated).annotate(Requires, athlete))
  .annotate(OpenApi.Title, "Events / Certificates (athlete)")
  .annotate(OpenApi.Description, "An athlete's certificates")
{}

export class CertificateVerifyGroup extends HttpApiGroup.make("certificateVerify")
  .add(op.get("verifyCertificate", "/v2/race/results/:resultId/verify", { path: Schema.Struct({ resultId: UuidStr }), query: VerifyQuery, ok: CertificateVerification, summary: "Verify a certificate by id and the code printed on it (public; 404 CERTIFICATE_NOT_VERIFIED for an unknown id or a forged code)" }))
  .annotate(OpenApi.Title, "Events / Hybrid race (public)")
  .annotate(OpenApi.Description, "Public verification of certificates")
{}
