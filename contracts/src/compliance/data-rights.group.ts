/** The athlete's data rights (C "Data rights"): consent, erasure requests. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, Ok, Requires, Role } from "../common/index.js"
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
  .add(
    HttpApiEndpoint.get("getConsent", "/v2/me/consent")
      .addSuccess(Ok(Schema.Array(ConsentView)))
      .annotate(OpenApi.Summary, "Consent state of every purpose (never set = not granted)")
  )
  .add(
    HttpApiEndpoint.post("setConsent", "/v2/me/consent")
      .setPayload(SetConsentBody)
      .addSuccess(Ok(ConsentChangeResult))
      .annotate(OpenApi.Summary, "Grant or withdraw one purpose (idempotent: repeating the state writes no history)")
  )
  .add(
    HttpApiEndpoint.post("setConsentBulk", "/v2/me/consent/bulk")
      .setPayload(BulkConsentBody)
      .addSuccess(Ok(ConsentChangeResult))
      .annotate(OpenApi.Summary, "Grant or withdraw several purposes at once (all or nothing)")
  )
  .add(
    HttpApiEndpoint.get("getConsentHistory", "/v2/me/consent/history")
      .setUrlParams(ConsentHistoryQuery)
      .addSuccess(Ok(Schema.Array(ConsentEventView)))
      .annotate(OpenApi.Summary, "Append-only consent history, newest first; ?purpose filters")
  )
  .add(
    HttpApiEndpoint.post("requestErasure", "/v2/me/data-erasure")
      .setPayload(CreateErasureBody)
      .addSuccess(Ok(ErasureView, { status: 201 }))
      .annotate(OpenApi.Summary, "Request erasure: personal data scrambled at once, other sessions revoked, hard delete after the cool-off (ERASURE_COOL_OFF_DAYS) unless a legal hold")
  )
  .add(
    HttpApiEndpoint.get("getActiveErasure", "/v2/me/data-erasure/active")
      .addSuccess(Ok(Schema.NullOr(ErasureView)))
      .annotate(OpenApi.Summary, "The caller's open erasure request (in cool-off or on legal hold), or null")
  )
  .add(
    HttpApiEndpoint.post("cancelErasure", "/v2/me/data-erasure/cancel/:requestId")
      .setPath(Schema.Struct({ requestId: UuidStr }))
      .addSuccess(Ok(ErasureView))
      .annotate(OpenApi.Summary, "Cancel an erasure request during its cool-off (the account stays, de-identified)")
  )
  .add(
    HttpApiEndpoint.post("eraseMedicalInfo", "/v2/me/medical-info/erase")
      .addSuccess(Ok(MedicalInfoErasedView))
      .annotate(OpenApi.Summary, "Erase the caller's medical information (blood group, allergies, conditions, medications, emergency contact) at once; answers which fields held a value (idempotent)")
  )
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Data rights")
  .annotate(OpenApi.Description, "Consent, erasure and export of the caller's personal data")
{}
