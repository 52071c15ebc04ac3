/**
 * Admin compliance (B "Compliance", "Account merge"): consent-manager status, erasure requests
 * (list, legal-hold reject, tick), a user's consent history and account merge proposals. Role admin
 * with permission `compliance.manage`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"
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
  .add(op.get("consentManagerStatus", "/v2/admin/compliance/consent-manager/status", { ok: ConsentManagerStatusView, summary: "Consent-manager credentials: presence only, never values" }))
  .add(op.get("listErasureRequests", "/v2/admin/compliance/erasure-requests", { query: ErasureListQuery, ok: Schema.Array(ErasureView), summary: "Erasure requests, newest first; ?status filters" }))
  .add(op.post("rejectErasureRequest", "/v2/admin/compliance/erasure-requests/:id/reject", { path: IdPath, body: RejectErasureBody, ok: ErasureView, summary: "Legal hold: REQUESTED → REJECTED with reason, statute and retention date (all required); the data stays scrambled, never hard-deleted by the tick" }))
  .add(op.post("tickErasureRequests", "/v2/admin/compliance/erasure-requests/tick", { ok: ErasureTickResult, summary: "Run the erasure tick now: REQUESTED → CONFIRMED once the cool-off elapsed, hard-deleting the data (idempotent)" }))
  .add(op.get("userConsentHistory", "/v2/admin/compliance/users/:userId/consent/history", { path: Schema.Struct({ userId: UuidStr }), query: ConsentHistoryQuery, ok: Schema.Array(ConsentEventView), summary: "A user's consent history, newest first; ?purpose filters" }))
  .add(op.get("listAccountMerges", "/v2/admin/compliance/account-merge", { query: MergeListQuery, ok: Schema.Array(MergeView), summary: "Account merge proposals, newest first; ?status filters" }))
  .add(op.post("previewAccountMerge", "/v2/admin/compliance/account-merge/preview", { body: MergeBody, ok: MergePreviewView, summary: "What a merge would move (persists nothing)" }))
  .add(op.post("proposeAccountMerge", "/v2/admin/compliance/account-merge/propose", { body: MergeBody, ok: MergeView, status: 201, summary: "Propose merging source into target (reason ≥ 8 characters; 409 if either user has an open proposal)" }))
  .add(op.get("getAccountMerge", "/v2/admin/compliance/account-merge/:id", { path: IdPath, ok: MergeView, summary: "One account merge proposal" }))
  .add(op.post("cancelAccountMerge", "/v2/admin/compliance/account-merge/:id/cancel", { path: IdPath, ok: MergeView, summary: "Cancel a PROPOSED merge" }))
  .add(op.post("executeAccountMerge", "/v2/admin/compliance/account-merge/:id/execute", { path: IdPath, ok: MergeView, summary: "Execute a PROPOSED merge; 503 ACCOUNT_MERGE_EXECUTE_DISABLED while ACCOUNT_MERGE_EXECUTE_ENABLED is off" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("compliance.manage"))
  .annotate(OpenApi.Title, "Compliance")
  .annotate(OpenApi.Description, "Erasure requests and legal holds, consent history, consent manager, account merges; permission compliance.manage")
{}
