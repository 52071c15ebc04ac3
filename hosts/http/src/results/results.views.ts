/** What the results handlers share: the services their use cases need from the host, the actor of a guarded request, PDF answers. */
import { HttpServerResponse } from "@effect/platform"
import type { Accounts, Events, Identity, Media, Organizers, Platform, Registrations, Results, Wallets } from "@podium/core"

export type ResultsHandlerServices =
  | Results.ResultsRepo
  | Results.CertificateRepo
  | Results.PrizeRepo
  | Wallets.Ledger
  | Accounts.UserRepo
  | Registrations.ParticipationRepo
  | Identity.Hmac
  | Identity.SecureRandom
  | Media.BlobStore
  | Organizers.PdfRenderer
  | Events.EventRepo
  | Platform.Transactor
  | Platform.AuditLog
  | Platform.Leaderboard
  | Platform.DistributedLock

/** Page and limit with the house's defaults. */
export const pageOf = (q: { readonly page?: number | undefined; readonly limit?: number | undefined }) => ({ page: q.page ?? 1, limit: q.limit ?? 20 })

export { organizerActor } from "../registrations/registrations.views.js"

/** A PDF answer, downloaded under its file name and never cached (it can be revoked). */
export const pdfAnswer = (document: { readonly bytes: Uint8Array; readonly fileName: string }) =>
  HttpServerResponse.uint8Array(document.bytes, {
    contentType: "application/pdf",
    headers: { "content-disposition": `attachment; filename="${document.fileName}"`, "cache-control": "no-store" }
  })
