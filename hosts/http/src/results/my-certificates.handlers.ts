/** Handlers of Events / Certificates (athlete) and the public verification of certificates. */
import { type HttpApiGroup } from "@effect/platform"
import { type Authenticated, CurrentPrincipal } from "@podium/contracts/common"
import { ResultsApi } from "@podium/contracts/results"
import { Results } from "@podium/core"
import { Effect, type Layer } from "effect"
import { apiGroup } from "../serving/served-groups.js"
import { pdfAnswer, type ResultsHandlerServices } from "./results.views.js"

export const MyCertificatesHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "myCertificates">, never, ResultsHandlerServices | Authenticated> = apiGroup(ResultsApi, "myCertificates", (handlers) =>
  handlers
    .handle("myCertificates", () => Effect.flatMap(CurrentPrincipal, (me) => Results.myCertificates(me.accountId)))
    .handle("myEventCertificate", ({ path }) => Effect.flatMap(CurrentPrincipal, (me) => Results.myEventCertificates(me.accountId, path.eventId)))
    .handle("downloadMyCertificate", ({ path }) => Effect.map(Effect.flatMap(CurrentPrincipal, (me) => Results.participantCertificatePdf(me.accountId, path.participantId)), pdfAnswer)))

export const CertificateVerifyHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "certificateVerify">, never, ResultsHandlerServices> = apiGroup(ResultsApi, "certificateVerify", (handlers) =>
  handlers.handle("verifyCertificate", ({ path, urlParams }) => Results.verifyCertificate(path.resultId, urlParams.code)))
