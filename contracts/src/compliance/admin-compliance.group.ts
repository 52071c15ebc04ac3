/**
 * Admin compliance (B "Compliance", "Account merge"): consent-manager status, erasure requests
 * (list, legal-hold reject, tick), a user's consent history and account merge proposals. Role admin
 * with permission `compliance.manage`.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, Ok, Requires } from "../common/index.js"
import {
  ConsentEventView,
  ConsentHistoryQuery,
  ConsentManagerStatusView,
  ErasureListQuery,
  ErasureTickResult,
  ErasureView,
  MergeBody,
  MergeListQuery,
  MergePreviewView,
  MergeView,
  RejectErasureBody
} from "./compliance.dto.js"

const IdPath = Schema.Struct({ id: UuidStr })

export class AdminComplianceGroup extends HttpApiGroup.make("adminCompliance")
  .add(
    HttpApiEndpoint.get("consentManagerStatus", "/v2/admin/compliance/consent-manager/status")
      .addSuccess(Ok(ConsentManagerStatusView))
      .annotate(OpenApi.Summary, "Consent-manager credentials: presence only, never values")
  )
  .add(
    HttpApiEndpoint.get("listErasureRequests", "/v2/admin/compliance/erasure-requests")
      .setUrlParams(ErasureListQuery)
      .addSuccess(Ok(Schema.Array(ErasureView)))
      .annotate(OpenApi.Summary, "Erasure requests, newest first; ?status filters")
  )
  .add(
    HttpApiEndpoint.post("rejectErasureRequest", "/v2/admin/compliance/erasure-requests/:id/reject")
      .setPath(IdPath)
      .setPayload(RejectErasureBody)
      .addSuccess(Ok(ErasureView))
      .annotate(OpenApi.Summary, "Legal hold: REQUESTED → REJECTED with reason, statute and retention date (all required); the data stays scrambled, never hard-deleted by the tick")
  )
  .add(
    HttpApiEndpoint.post("tickErasureRequests", "/v2/admin/compliance/erasure-requests/tick")
      .addSuccess(Ok(ErasureTickResult))
      .annotate(OpenApi.Summary, "Run the erasure tick now: REQUESTED → CONFIRMED once the cool-off elapsed, hard-deleting the data (idempotent)")
  )
  .add(
    HttpApiEndpoint.get("userConsentHistory", "/v2/admin/compliance/users/:userId/consent/history")
      .setPath(Schema.Struct({ userId: UuidStr }))
      .setUrlParams(ConsentHistoryQuery)
      .addSuccess(Ok(Schema.Array(ConsentEventView)))
      .annotate(OpenApi.Summary, "A user's consent history, newest first; ?purpose filters")
  )
  .add(
    HttpApiEndpoint.get("listAccountMerges", "/v2/admin/compliance/account-merge")
      .setUrlParams(MergeListQuery)
      .addSuccess(Ok(Schema.Array(MergeView)))
      .annotate(OpenApi.Summary, "Account merge proposals, newest first; ?status filters")
  )
  .add(
    HttpApiEndpoint.post("previewAccountMerge", "/v2/admin/compliance/account-merge/preview")
      .setPayload(MergeBody)
      .addSuccess(Ok(MergePreviewView))
      .annotate(OpenApi.Summary, "What a merge would move (persists nothing)")
  )
  .add(
    HttpApiEndpoint.post("proposeAccountMerge", "/v2/admin/compliance/account-merge/propose")
      .setPayload(MergeBody)
      .addSuccess(Ok(MergeView, { status: 201 }))
      .annotate(OpenApi.Summary, "Propose merging source into target (reason ≥ 8 characters; 409 if either user has an open proposal)")
  )
  .add(
    HttpApiEndpoint.get("getAccountMerge", "/v2/admin/compliance/account-merge/:id")
      .setPath(IdPath)
      .addSuccess(Ok(MergeView))
      .annotate(OpenApi.Summary, "One account merge proposal")
  )
  .add(
    HttpApiEndpoint.post("cancelAccountMerge", "/v2/admin/compliance/account-merge/:id/cancel")
      .setPath(IdPath)
      .addSuccess(Ok(MergeView))
      .annotate(OpenApi.Summary, "Cancel a PROPOSED merge")
  )
  .add(
    HttpApiEndpoint.post("executeAccountMerge", "/v2/admin/compliance/account-merge/:id/execute")
      .setPath(IdPath)
      .addSuccess(Ok(MergeView))
      .annotate(OpenApi.Summary, "Execute a PROPOSED merge; 503 ACCOUNT_MERGE_EXECUTE_DISABLED while ACCOUNT_MERGE_EXECUTE_ENABLED is off")
  )
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("compliance.manage"))
  .annotate(OpenApi.Title, "Compliance")
  .annotate(OpenApi.Description, "Erasure requests and legal holds, consent history, consent manager, account merges; permission compliance.manage")
{}
