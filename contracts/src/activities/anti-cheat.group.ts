/**
 * Anti-cheat: the athlete's side (C "Athlete / Anti-cheat": their enforced flags and why, one
 * response and one appeal per flag, their standing, live signals) and the admin's side (B
 * "Anti-cheat" and "Activity audit", permission `activities.review`): governance rules and mode,
 * the review queue, decisions on flags and appeals with a reason (concurrent decisions: one wins,
 * the other 409), and an activity's audit log.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  ActivityAppeal,
  ActivityAuditEntry,
  AntiCheatFlag,
  AntiCheatGovernance,
  AntiCheatRule,
  Body,
  DateTimeText,
  FlagResponse,
  inputOf,
  NumberBetween,
  OneOf,
  Optional,
  Query,
  RuleMode,
  says,
  Sport,
  StrLength,
  UuidStr
} from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires, Role } from "../common/index.js"
import { AppealBody, AppealsQuery, OffsetPage, OffsetPageOf } from "./activities.group.js"

export const Finding = Schema.Struct({
  ruleKey: Schema.String,
  mode: OneOf("shadow", "enforce"),
  observed: Schema.Number,
  threshold: Schema.Number,
  reason: Schema.String
}).annotations({ identifier: "AntiCheatSignal" })

export const LiveSignalsBody = Body({
  sport: Sport,
  points: Schema.Array(Schema.Struct({ lat: NumberBetween(-90, 90), lon: NumberBetween(-180, 180), at: DateTimeText })).pipe(
    Schema.filter((a) => a.length >= 1 && a.length <= 500),
    Schema.annotations(says("must contain between 1 and 500 points"))
  )
})

export const LiveSignalsResult = Schema.Struct({ accepted: Schema.Number, remaining: Schema.Number, signals: Schema.Array(Finding) })
  .annotations({ identifier: "LiveSignalsResult" })

export const AntiCheatStatus = Schema.Struct({
  userId: Schema.String,
  standing: OneOf("good", "under_review", "flagged"),
  openFlags: Schema.Number,
  appealedFlags: Schema.Number,
  confirmedFlags: Schema.Number,
  dismissedFlags: Schema.Number,
  pendingAppeals: Schema.Number
}).annotations({ identifier: "AntiCheatStatus" })

export const RespondBody = Body({ message: FlagResponse.fields.message })

const FlagPath = Schema.Struct({ flagId: UuidStr })
const AppealPath = Schema.Struct({ appealId: UuidStr })

export class AntiCheatGroup extends HttpApiGroup.make("antiCheat")
  .add(op.post("ingestLiveSignals", "/v2/anti-cheat/live-signals", { body: LiveSignalsBody, ok: LiveSignalsResult, status: 201, summary: "Check a batch of live positions against the speed and teleport rules (30 batches a minute: 429 LIVE_SIGNALS_RATE_LIMITED)" }))
  .add(op.get("myAppeals", "/v2/anti-cheat/my-appeals", { query: AppealsQuery, ok: OffsetPageOf(ActivityAppeal), summary: "The caller's appeals, newest first" }))
  .add(op.get("myAppeal", "/v2/anti-cheat/my-appeals/:appealId", { path: AppealPath, ok: ActivityAppeal, summary: "One of the caller's appeals" }))
  .add(op.get("myFlags", "/v2/anti-cheat/my-flags", { query: Query(OffsetPage), ok: OffsetPageOf(AntiCheatFlag), summary: "The caller's anti-cheat flags with the reason for each, newest first" }))
  .add(op.get("myFlag", "/v2/anti-cheat/my-flags/:flagId", { path: FlagPath, ok: AntiCheatFlag, summary: "One of the caller's flags" }))
  .add(op.get("myFlagResponses", "/v2/anti-cheat/my-flags/:flagId/responses", { path: FlagPath, ok: Schema.Array(FlagResponse), summary: "The responses on one of the caller's flags (theirs and the admins' decision reasons)" }))
  .add(op.get("myFlagsByActivity", "/v2/anti-cheat/my-flags/by-activity/:activityId", { path: Schema.Struct({ activityId: UuidStr }), ok: Schema.Array(AntiCheatFlag), summary: "The flags on one of the caller's activities" }))
  .add(op.get("myAntiCheatStatus", "/v2/anti-cheat/my-status", { ok: AntiCheatStatus, summary: "The caller's standing and flag counts" }))
  .add(op.post("appealMyFlag", "/v2/anti-cheat/my-flags/:flagId/appeal", { path: FlagPath, body: AppealBody, ok: ActivityAppeal, status: 201, summary: "Appeal a flag, once (409 APPEAL_ALREADY_SUBMITTED)" }))
  .add(op.post("respondToMyFlag", "/v2/anti-cheat/my-flags/:flagId/respond", { path: FlagPath, body: RespondBody, ok: FlagResponse, status: 201, summary: "Respond to an open flag, once (OPEN → RESPONDED; 409 FLAG_STATE_CONFLICT after)" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Athlete / Anti-cheat")
  .annotate(OpenApi.Description, "Why an activity was flagged, responding and appealing, live signals")
{}

export const FlagDecisionBody = Body({ decision: OneOf("confirm", "dismiss"), reason: StrLength(3, 1000) })
export const AppealDecisionBody = Body({ decision: OneOf("uphold", "reject"), reason: StrLength(3, 1000) })
export const ModeBody = Body({ mode: RuleMode })
export const RulePatch = inputOf(AntiCheatRule, { required: [], optional: ["threshold", "mode"] })

const review = AdminPermission("activities.review")

export class AdminAntiCheatGroup extends HttpApiGroup.make("adminAntiCheat")
  .add(op.get("adminListAppeals", "/v2/admin/anti-cheat/appeals", { query: AppealsQuery, ok: OffsetPageOf(ActivityAppeal), summary: "Appeals, newest first, optionally of one status" }))
  .add(op.get("adminGetAppeal", "/v2/admin/anti-cheat/appeals/:appealId", { path: AppealPath, ok: ActivityAppeal, summary: "One appeal" }))
  .add(op.get("adminGetFlag", "/v2/admin/anti-cheat/flags/:flagId", { path: FlagPath, ok: AntiCheatFlag, summary: "One flag (shadow flags included)" }))
  .add(op.get("adminFlagResponses", "/v2/admin/anti-cheat/flags/:flagId/responses", { path: FlagPath, ok: Schema.Array(FlagResponse), summary: "The responses on a flag" }))
  .add(op.get("antiCheatGovernance", "/v2/admin/anti-cheat/governance", { ok: AntiCheatGovernance, summary: "The global mode and every rule with its threshold and mode" }))
  .add(op.get("antiCheatQueue", "/v2/admin/anti-cheat/queue", { query: Query(OffsetPage), ok: OffsetPageOf(AntiCheatFlag), summary: "Undecided enforced flags, oldest first" }))
  .add(op.post("decideAppeal", "/v2/admin/anti-cheat/appeals/:appealId/decision", { path: AppealPath, body: AppealDecisionBody, ok: ActivityAppeal, status: 201, summary: "Uphold (the flag is dismissed and the activity counts again) or reject an appeal, with a reason; 409 APPEAL_ALREADY_DECIDED" }))
  .add(op.post("decideFlag", "/v2/admin/anti-cheat/flags/:flagId/decision", { path: FlagPath, body: FlagDecisionBody, ok: AntiCheatFlag, status: 201, summary: "Confirm or dismiss an undecided flag, with a reason; 409 FLAG_STATE_CONFLICT" }))
  .add(op.patch("setAntiCheatMode", "/v2/admin/anti-cheat/governance/mode", { body: ModeBody, ok: AntiCheatGovernance, summary: "Set the global mode (off, shadow, enforce), which caps every rule's" }))
  .add(op.patch("updateAntiCheatRule", "/v2/admin/anti-cheat/governance/rules/:ruleKey", { path: Schema.Struct({ ruleKey: StrLength(1, 64) }), body: RulePatch, ok: AntiCheatRule, summary: "Change a rule's threshold or mode (only the fields present)" }))
  .middleware(Authenticated)
  .annotate(Requires, review)
  .annotate(OpenApi.Title, "Admin / Anti-cheat")
  .annotate(OpenApi.Description, "Anti-cheat governance and review (activities.review); every decision is audited")
{}

export const AuditQuery = Query({
  ...OffsetPage,
  editorId: Optional(StrLength(1, 64)),
  role: Optional(StrLength(1, 32)),
  from: Optional(DateTimeText),
  to: Optional(DateTimeText)
})

export class AdminActivityAuditGroup extends HttpApiGroup.make("adminActivityAudit")
  .add(op.get("activityAuditLog", "/v2/admin/activities/:id/audit-log", { path: Schema.Struct({ id: UuidStr }), query: AuditQuery, ok: OffsetPageOf(ActivityAuditEntry), summary: "Every change to an activity, newest first (filter editorId, role, from, to; limit, offset)" }))
  .middleware(Authenticated)
  .annotate(Requires, review)
  .annotate(OpenApi.Title, "Admin / Activity audit")
  .annotate(OpenApi.Description, "Who changed an activity, in which role, from what to what")
{}
