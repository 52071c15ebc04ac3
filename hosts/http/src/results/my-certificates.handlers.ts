/** Handlers of Events / Certificates (athlete) and the public verification of certificates. */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { ResultsApi } from "@podium/contracts/results"
import { HybridRace, Results } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import { pdfAnswer, type ResultsHandlerServices } from "./results.views.js"

export const MyCertificatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "myCertificates">, never, ResultsHandlerServices | Authenticated> = apiGroup(ResultsApi, "myCertificates", (handlers) =>
  handlers
    .handle("myCertificates", () => Effect.flatMap(CurrentPrincipal, (me) => Results.myCertificates(me.accountId)))
    .handle("myEventCertificate", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Results.myEventCertificates(me.accountId, path.eventId)))
    .handle("downloadMyCertificate", ({ path }) => Effect.map(Effect.flatMap(CurrentPrincipal, (me) => Results.participantCertificatePdf(me.accountId, path.participantId)), pdfAnswer)))

/**
 * One verify route for both kinds of certificate: an event certificate's id, else a hybrid race
 * result's (its certificate prints this route); neither is the same 404 CERTIFICATE_NOT_VERIFIED.
 */
export const CertificateVerifyHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "certificateVerify">, never, ResultsHandlerServices | HybridRace.HybridRaceRepo> = apiGroup(ResultsApi, "certificateVerify", (handlers) =>
  handlers.handle("verifyCertificate", ({ path, urlParams }) =>
    Results.verifyCertificate(path.resultId, urlParams.code).pipe(
      Effect.catchTag("CertificateNotVerified", (notVerified) =>
        HybridRace.verifyHybridResultCertificate(path.resultId, urlParams.code).pipe(Effect.catchTag("HybridResultNotFound", () => Effect.fail(notVerified))))
    )))
