/**
 * Admin: Money / Chargebacks and Chargeback defend (document B). Cases are created by the
 * gateway's dispute webhooks through the payment inbox; admins holding `payments.disputes` work
 * them. Permission `payments.disputes` rather than `payments.manage`: defending disputes is risk and
 * support work that reads customer evidence, separate from operating the gateway inbox.
 *
 * Defend machine: OPEN → DRAFT (draft autosave, evidence) → SUBMITTED (submit-defense: at least 2
 * evidence items and a draft of at least 40 characters; gatewaySubmissionStatus becomes
 * MANUAL_GATEWAY_UPLOAD_REQUIRED) → WON / LOST (mark-won / mark-lost with a reason); OPEN/DRAFT →
 * EXPIRED once the gateway deadline passed; any live case → CANCELLED; resolve closes a case as
 * WON/LOST (any live state) or ACCEPTED (conceded, OPEN/DRAFT). An illegal move is 409
 * CHARGEBACK_STATE_CONFLICT.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Body,
  Chargeback,
  ChargebackDefendStatus,
  ChargebackDetail,
  ChargebackEvidence,
  ChargebackEvidenceKind,
  DayEndOrInstant,
  DayOrInstant,
  HttpUrl,
  OneOf,
  Optional,
  Query,
  says,
  StrLength
} from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, PageOf, PageParams, Requires } from "../common/index.js"

const ChargebackPath = Schema.Struct({ chargebackId: Schema.String })
const IdPath = Schema.Struct({ id: Schema.String })

/** A draft of at most 4000 characters (an empty draft clears it). */
export const DefenseDraftText = Schema.String.pipe(
  Schema.filter((s) => s.length <= 4000),
  Schema.annotations({ ...says("must be shorter than or equal to 4000 characters"), jsonSchema: { type: "string", maxLength: 4000 } })
)

export const DefenseDraftBody = Body({ draft: DefenseDraftText })

export const ChargebackEvidenceBody = Body({
  kind: ChargebackEvidenceKind,
  fileUrl: Optional(HttpUrl),
  description: Optional(StrLength(1, 2000))
})

export const ChargebackReasonBody = Body({ reason: StrLength(10, 500) })

export const ResolveChargebackBody = Body({
  outcome: OneOf("WON", "LOST", "ACCEPTED"),
  reason: StrLength(10, 500)
})

const Filters = {
  ...PageParams,
  defendStatus: Optional(ChargebackDefendStatus),
  fromDate: Optional(DayOrInstant),
  toDate: Optional(DayEndOrInstant)
}

export class AdminChargebacksGroup extends HttpApiGroup.make("adminChargebacks")
  .add(op.get("adminListChargebacks", "/v2/admin/chargebacks", { query: Query({
        ...Filters,
        gatewayStatus: Optional(StrLength(1, 40)),
        purpose: Optional(StrLength(1, 40)),
        provider: Optional(StrLength(1, 40))
      }), ok: PageOf(Chargeback), summary: "Chargebacks reported by the gateway, newest first (filters defendStatus, gatewayStatus, purpose, provider, fromDate, toDate)" }).middleware(Authenticated))
  .add(op.post("adminResolveChargeback", "/v2/admin/chargebacks/:id/resolve", { path: IdPath, body: ResolveChargebackBody, ok: Chargeback, status: 201, summary: "Close a case: WON or LOST from any live state, ACCEPTED (conceded) from OPEN/DRAFT; resolver, time and reason recorded" }).middleware(Authenticated))
  .add(op.get("adminListChargebackDefenses", "/v2/admin/chargebacks/defend", { query: Query({
        ...Filters,
        search: Optional(StrLength(1, 100))
      }), ok: PageOf(Chargeback), summary: "The defend workbench: filters defendStatus, search by gateway case id, fromDate, toDate (received); paginated" }).middleware(Authenticated))
  .add(op.get("adminGetChargebackDefense", "/v2/admin/chargebacks/defend/:chargebackId", { path: ChargebackPath, ok: ChargebackDetail, summary: "One case with its draft and evidence" }).middleware(Authenticated))
  .add(op.post("adminCancelChargebackDefense", "/v2/admin/chargebacks/defend/:chargebackId/cancel", { path: ChargebackPath, ok: Chargeback, status: 201, summary: "Any non-terminal case → CANCELLED" }).middleware(Authenticated))
  .add(op.put("adminSaveChargebackDefenseDraft", "/v2/admin/chargebacks/defend/:chargebackId/defense-draft", { path: ChargebackPath, body: DefenseDraftBody, ok: Chargeback, summary: "Autosave the defense draft (at most 4000 characters): OPEN/DRAFT → DRAFT" }).middleware(Authenticated))
  .add(op.post("adminAddChargebackEvidence", "/v2/admin/chargebacks/defend/:chargebackId/evidence", { path: ChargebackPath, body: ChargebackEvidenceBody, ok: ChargebackEvidence, status: 201, summary: "Add evidence: a kind plus an absolute http(s) fileUrl or a description" }).middleware(Authenticated))
  .add(op.post("adminMarkChargebackExpired", "/v2/admin/chargebacks/defend/:chargebackId/mark-expired", { path: ChargebackPath, ok: Chargeback, status: 201, summary: "OPEN/DRAFT → EXPIRED once the gateway deadline has passed" }).middleware(Authenticated))
  .add(op.post("adminMarkChargebackLost", "/v2/admin/chargebacks/defend/:chargebackId/mark-lost", { path: ChargebackPath, body: ChargebackReasonBody, ok: Chargeback, status: 201, summary: "SUBMITTED → LOST; resolver, time and reason recorded" }).middleware(Authenticated))
  .add(op.post("adminMarkChargebackWon", "/v2/admin/chargebacks/defend/:chargebackId/mark-won", { path: ChargebackPath, body: ChargebackReasonBody, ok: Chargeback, status: 201, summary: "SUBMITTED → WON; resolver, time and reason recorded" }).middleware(Authenticated))
  .add(op.post("adminSubmitChargebackDefense", "/v2/admin/chargebacks/defend/:chargebackId/submit-defense", { path: ChargebackPath, ok: Chargeback, status: 201, summary: "Submit the defense (at least 2 evidence items and a draft of at least 40 characters); gatewaySubmissionStatus becomes MANUAL_GATEWAY_UPLOAD_REQUIRED" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("payments.disputes"))
  .annotate(OpenApi.Title, "Admin: chargebacks")
  .annotate(OpenApi.Description, "Chargebacks reported by the payment gateway and their defence; permission payments.disputes")
{}
