/** Handlers of Events / Certificates (tenancy-guarded): templates, publication, issuances, revocation, PDFs. */
import { type HttpApiGroup } from "@effect/platform"
import { OrganizerAccess, type OrganizerManagers, type OrganizerReaders } from "@podium/contracts/common"
import { ResultsApi } from "@podium/contracts/results"
import { Results } from "@podium/core"
import { readFile } from "node:fs/promises"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import { organizerActor, pageOf, pdfAnswer, type ResultsHandlerServices } from "./results.views.js"

const who = Effect.map(OrganizerAccess, organizerActor)

export const CertificatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "certificates">, never, ResultsHandlerServices | OrganizerManagers | OrganizerReaders> = apiGroup(ResultsApi, "certificates", (handlers) =>
  handlers
    .handle("activeCertificateTemplate", ({ path }) => Effect.flatMap(who, (w) => Results.activeCertificateTemplate(w, path.eventId)))
    .handle("createCertificateTemplate", ({ path, payload }) => Effect.flatMap(who, (w) => Results.createCertificateTemplate(w, path.eventId, payload)))
    .handle("updateCertificateTemplate", ({ path, payload }) => Effect.flatMap(who, (w) => Results.updateCertificateTemplate(w, path.eventId, payload)))
    .handle("deactivateCertificateTemplate", ({ path }) => Effect.flatMap(who, (w) => Results.deactivateCertificateTemplate(w, path.eventId)))
    .handle("uploadCertificateAsset", ({ path, payload }) =>
      Effect.gen(function*() {
        const bytes = yield* Effect.promise(() => readFile(payload.file.path))
        return yield* Results.uploadCertificateAsset(yield* who, path.eventId, { fileName: payload.file.name, bytes: new Uint8Array(bytes) })
      }))
    .handle("certificateVariables", ({ path }) => Effect.flatMap(who, (w) => Results.certificateVariables(w, path.eventId)))
    .handle("certificatesStatus", ({ path }) => Effect.flatMap(who, (w) => Results.certificatesStatus(w, path.eventId)))
    .handle("publishCertificates", ({ path }) => Effect.flatMap(who, (w) => Results.publishCertificates(w, path.eventId)))
    .handle("unpublishCertificates", ({ path }) => Effect.flatMap(who, (w) => Results.unpublishCertificates(w, path.eventId)))
    .handle("certificateIssuances", ({ path, urlParams }) => Effect.flatMap(who, (w) => Results.listIssuances(w, path.eventId, { status: urlParams.status, ...pageOf(urlParams) })))
    .handle("certificatesNotIssued", ({ path, urlParams }) => {
      const { page, limit } = pageOf(urlParams)
      return Effect.flatMap(who, (w) => Results.notIssuedCertificates(w, path.eventId, page, limit))
    })
    .handle("downloadIssuedCertificate", ({ path }) => Effect.map(Effect.flatMap(who, (w) => Results.organizerCertificatePdf(w, path.eventId, path.participantId)), pdfAnswer))
    .handle("revokeCertificate", ({ path, payload }) => Effect.flatMap(who, (w) => Results.revokeCertificate(w, path.eventId, path.participantId, payload.reason ?? null)))
    .handle("unrevokeCertificate", ({ path }) => Effect.flatMap(who, (w) => Results.unrevokeCertificate(w, path.eventId, path.participantId, null)))
    .handle("certificatesOverview", ({ urlParams }) => {
      const { page, limit } = pageOf(urlParams)
      return Effect.flatMap(who, (w) => Results.certificatesOverview(w, page, limit))
    }))
