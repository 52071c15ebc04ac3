/**
 * The risk register (B): 13 launch-blocking probes computed from live signals (dependencies, queue
 * lag, dead jobs and outbox rows, SLOs, the audit chain, exports), each with its health, the signal
 * measured, when it was checked, the recommended action and a runbook anchor, plus the latest
 * acknowledgement and escalation. Acknowledge and escalate write hash-chained audit rows
 * (`risk.acknowledged`, `risk.escalated`); escalating also pages on-call. Needs `platform.operate`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"

const Mark = Schema.Struct({ by: Schema.NullOr(Schema.String), at: Schema.String, note: Schema.NullOr(Schema.String), auditSeq: Schema.Int })

export const RiskView = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  health: Schema.Literal("ok", "warning", "critical", "unknown"),
  signal: Schema.String,
  lastChecked: Schema.String,
  recommendedAction: Schema.String,
  runbookAnchor: Schema.String,
  acknowledged: Schema.NullOr(Mark),
  escalated: Schema.NullOr(Mark)
}).annotations({ identifier: "Risk" })

export const RiskRegisterView = Schema.Struct({
  data: Schema.Array(RiskView),
  count: Schema.Int,
  summary: Schema.Record({ key: Schema.String, value: Schema.Int })
}).annotations({ identifier: "RiskRegister" })

export const RiskIdParam = Schema.Struct({ riskId: Schema.String.pipe(Schema.maxLength(100)) })

export const AcknowledgeRiskBody = Body({ note: StrLength(3, 500).annotations(says("must be 3 to 500 characters")) })
  .annotations({ identifier: "AcknowledgeRiskDto" })
export const EscalateRiskBody = Body({ reason: StrLength(10, 500).annotations(says("must be 10 to 500 characters")) })
  .annotations({ identifier: "EscalateRiskDto" })

export class RiskRegisterGroup extends HttpApiGroup.make("riskRegister")
  .add(op.get("listRisks", "/v2/admin/risk-register", { ok: RiskRegisterView, summary: "The 13 launch-blocking probes with health, signal, last check, action and runbook anchor" }))
  .add(op.get("getRisk", "/v2/admin/risk-register/:riskId", { path: RiskIdParam, ok: RiskView, summary: "One probe, checked now" }))
  .add(op.post("acknowledgeRisk", "/v2/admin/risk-register/:riskId/acknowledge", { path: RiskIdParam, body: AcknowledgeRiskBody, ok: RiskView, status: 201, summary: "Acknowledge a risk (audited as risk.acknowledged)" }))
  .add(op.post("escalateRisk", "/v2/admin/risk-register/:riskId/escalate", { path: RiskIdParam, body: EscalateRiskBody, ok: RiskView, status: 201, summary: "Escalate a risk: pages on-call and is audited as risk.escalated" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("platform.operate"))
  .annotate(OpenApi.Title, "Risk register")
  .annotate(OpenApi.Description, "Launch-blocking risk probes; permission platform.operate")
{}
