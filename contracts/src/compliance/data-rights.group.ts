/** The athlete's data rights (C "Data rights"): consent, erasure requests. */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import {
  BulkConsentBody,
  ConsentChangeResult,
  ConsentEventView,
  ConsentHistoryQuery,
  ConsentView,
  CreateErasureBody,
  ErasureView,
  MedicalInfoErasedView,
  SetConsentBody
} from "./compliance.dto.js"

export class DataRightsGroup extends HttpApiGroup.make("dataRights")
  .add(op.get("getConsent", "/v2/me/consent", { ok: Schema.Array(ConsentView), summary: "Consent state of every purpose (never set = not granted)" }))
  .add(op.post("setConsent", "/v2/me/consent", { body: SetConsentBody, ok: ConsentChangeResult, summary: "Grant or withdraw one purpose (idempotent: repeating the state writes no history)" }))
  .add(op.post("setConsentBulk", "/v2/me/consent/bulk", { body: BulkConsentBody, ok: ConsentChangeResult, summary: "Grant or withdraw several purposes at once (all or nothing)" }))
  .add(op.get("getConsentHistory", "/v2/me/consent/history", { query: ConsentHistoryQuery, ok: Schema.Array(ConsentEventView), summary: "Append-only consent history, newest first; ?purpose filters" }))
  .add(op.post("requestErasure", "/v2/me/data-erasure", { body: CreateErasureBody, ok: ErasureView, status: 201, summary: "Request erasure: personal data scrambled at once, other sessions revoked, hard delete after the cool-off (ERASURE_COOL_OFF_DAYS) unless a legal hold" }))
  .add(op.get("getActiveErasure", "/v2/me/data-erasure/active", { ok: Schema.NullOr(ErasureView), summary: "The caller's open erasure request (in cool-off or on legal hold), or null" }))
  .add(op.post("cancelErasure", "/v2/me/data-erasure/cancel/:requestId", { path: Schema.Struct({ requestId: UuidStr }), ok: ErasureView, summary: "Cancel an erasure request during its cool-off (the account stays, de-identified)" }))
  .add(op.post("eraseMedicalInfo", "/v2/me/medical-info/erase", { ok: MedicalInfoErasedView, summary: "Erase the caller's medical information (blood group, allergies, conditions, medications, emergency contact) at once; answers which fields held a value (idempotent)" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Data rights")
  .annotate(OpenApi.Description, "Consent, erasure and export of the caller's personal data")
{}
