/** Handlers of admin compliance: consent manager, erasure requests, consent history, account merges. */
import { type HttpApiGroup } from "@effect/platform"
import { ComplianceApi } from "@podium/contracts/compliance"
import { Compliance } from "@podium/core"
import { Effect, type Layer, Option } from "effect"
import { type ComplianceHandlerServices, erasureView } from "./data-rights.handlers.js"
import { CurrentPrincipal } from "@podium/contracts/common"
import { apiGroup } from "../serving/served-groups.js"

export const AdminComplianceHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "adminCompliance">, never, ComplianceHandlerServices> = apiGroup(ComplianceApi, "adminCompliance", (handlers) =>
  handlers
    .handle("consentManagerStatus", () =>
      Effect.gen(function*() {
        const settings = yield* Compliance.ComplianceSettings
        return { ...settings.consentManager, purposes: [...Compliance.ConsentPurposes] }
      }))
    .handle("listErasureRequests", ({ urlParams }) =>
      Effect.gen(function*() {
        return (yield* Compliance.listErasures(Option.fromNullable(urlParams.status))).map(erasureView)
      }))
    .handle("rejectErasureRequest", ({ path, payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return erasureView(yield* Compliance.rejectErasure(path.id, { ...payload, adminId: me.accountId }))
      }))
    .handle("tickErasureRequests", () =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return yield* Compliance.tickErasures({ kind: "admin", id: me.accountId })
      }))
    .handle("userConsentHistory", ({ path, urlParams }) =>
      Effect.gen(function*() {
        return yield* Compliance.adminConsentHistory(path.userId, Option.fromNullable(urlParams.purpose))
      }))
    .handle("listAccountMerges", ({ urlParams }) =>
      Effect.gen(function*() {
        return yield* Compliance.listMerges(Option.fromNullable(urlParams.status))
      }))
    .handle("previewAccountMerge", ({ payload }) =>
      Effect.gen(function*() {
        return yield* Compliance.previewMerge(payload.sourceUserId, payload.targetUserId)
      }))
    .handle("proposeAccountMerge", ({ payload }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return yield* Compliance.proposeMerge({ ...payload, adminId: me.accountId })
      }))
    .handle("getAccountMerge", ({ path }) =>
      Effect.gen(function*() {
        return yield* Compliance.findMerge(path.id)
      }))
    .handle("cancelAccountMerge", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return yield* Compliance.cancelMerge(path.id, me.accountId)
      }))
    .handle("executeAccountMerge", ({ path }) =>
      Effect.gen(function*() {
        const me = yield* CurrentPrincipal
        return yield* Compliance.executeMerge(path.id, me.accountId)
      }))
)
