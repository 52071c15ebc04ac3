/** Handlers of the athlete's data rights: consent, erasure requests and the data export. */
import { type HttpApiGroup, HttpServerResponse } from "@effect/platform"
import { BadRequest, CurrentPrincipal, Forbidden, Unauthorized } from "@podium/contracts/common"
import { ComplianceApi } from "@podium/contracts/compliance"
import { Compliance } from "@podium/core"
import type { ComplianceInfrastructure, NotificationsInfrastructure } from "@podium/host-common"
import { Effect, type Layer, Option } from "effect"
import type { IdentityHandlerServices } from "../identity/auth.middleware.js"
import { apiGroup } from "../serving/served-groups.js"

export type ComplianceHandlerServices = IdentityHandlerServices | ComplianceInfrastructure | NotificationsInfrastructure

const checkPurposes = (purposes: ReadonlyArray<string>) => {
  const unknown = purposes.filter((p) => !(Compliance.ConsentPurposes as ReadonlyArray<string>).includes(p))
  return unknown.length === 0
    ? Effect.void
    : Effect.fail(new BadRequest({ message: `purpose must be one of ${Compliance.ConsentPurposes.join(", ")} (unknown: ${[...new Set(unknown)].join(", ")})` }))
}

/** The public view of an erasure request. */
export const erasureView = (r: Compliance.ErasureRequest) => ({
  id: r.id,
  userId: r.userId,
  status: r.status,
  reason: r.reason,
  requestedAt: r.requestedAt,
  coolOffUntil: r.coolOffUntil,
  cancelledAt: r.cancelledAt,
  confirmedAt: r.confirmedAt,
  hardDeletedAt: r.hardDeletedAt,
  legalHold: r.holdStatute === null
    ? null
    : { reason: r.holdReason ?? "", statute: r.holdStatute, retainUntil: r.holdRetainUntil ?? "", heldBy: r.heldBy, heldAt: r.heldAt }
})

export const DataRightsHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "dataRights">, never, ComplianceHandlerServices> = apiGroup(ComplianceApi, "dataRights", (handlers) =>
  handlers
    .handle("getConsent", () =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return yield* Compliance.consentState(me.accountId)
      }))
    .handle("setConsent", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        yield* checkPurposes([payload.purpose])
        return yield* Compliance.setConsents(me.accountId, [payload], "single")
      }))
    .handle("setConsentBulk", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        yield* checkPurposes(payload.items.map((i) => i.purpose))
        // The last item for a purpose wins.
        const changes = [...new Map(payload.items.map((i) => [i.purpose, i] as const)).values()]
        return yield* Compliance.setConsents(me.accountId, changes, "bulk")
      }))
    .handle("getConsentHistory", ({ urlParams }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return yield* Compliance.consentHistory(me.accountId, Option.fromNullable(urlParams.purpose))
      }))
    .handle("requestErasure", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        if (me.impersonatorId !== undefined) return yield* new BadRequest({ message: "Erasure cannot be requested while impersonating" })
        return erasureView(yield* Compliance.requestErasure(me, payload.reason ?? null))
      }))
    .handle("getActiveErasure", () =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return Option.getOrNull(Option.map(yield* Compliance.activeErasure(me.accountId), erasureView))
      }))
    .handle("cancelErasure", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return erasureView(yield* Compliance.cancelErasure(me.accountId, path.requestId))
      }))
    .handle("eraseMedicalInfo", () =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        const result = yield* Compliance.eraseMedicalInfo(me.accountId)
        return { erased: result.erased, fields: [...result.fields], erasedAt: result.erasedAt.toISOString() }
      }))
)

export const DataExportHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "dataExport">, never, ComplianceHandlerServices> = apiGroup(ComplianceApi, "dataExport", (handlers) =>
  handlers.handle("getDataExport", ({ urlParams }) =>
    Effect.gen(function*() {
      const principal = yield* Effect.serviceOption(CurrentPrincipal)
      let userId: string
      if (urlParams.token !== undefined) {
        const verified = yield* Compliance.verifyExportToken(urlParams.token)
        if (Option.isNone(verified)) return yield* new Unauthorized({ message: "The export link is invalid or has expired" })
        userId = verified.value
      } else if (Option.isSome(principal)) {
        // This route takes either credential, so the bearer's role is checked here, not declared.
        if (principal.value.role !== "user") return yield* new Forbidden({ message: "Access Denied" })
        userId = principal.value.accountId
      } else {
        return yield* new Unauthorized({ message: "Unauthorized" })
      }
      if (urlParams.delivery === "email") {
        if (urlParams.token !== undefined) return yield* new BadRequest({ message: "delivery=email needs the bearer token, not an export link" })
        return yield* Compliance.emailExportLink(userId)
      }
      const doc = yield* Compliance.buildExport(userId)
      if (urlParams.format === "csv") {
        return HttpServerResponse.text(Compliance.exportToCsv(doc), {
          contentType: "text/csv; charset=utf-8",
          headers: { "content-disposition": "attachment; filename=\"podium-data-export.csv\"" }
        })
      }
      return doc
    }))
)

