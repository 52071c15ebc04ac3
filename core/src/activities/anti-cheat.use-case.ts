/**
 * Anti-cheat: the athlete's side (their enforced flags and why, one response and one appeal per
 * flag, their standing, the review state of an activity, live signals) and the admin's side
 * (governance rules and mode, the review queue, decisions on flags and appeals with a reason).
 * Shadow flags are recorded for admins only. Every decision is appended to the audit log.
 */
import type { ActivityAppeal, AntiCheatFlag, RuleMode, Sport } from "@podium/kernel"
import { Duration, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { RateLimiter } from "../platform/rate-limiter.port.js"
import { evaluate } from "./anti-cheat.rules.js"
import { haversineMeters } from "./track.js"
import {
  ActivityNotFound,
  AppealAlreadySubmitted,
  AppealNotFound,
  FlagNotFound,
  isUuid,
  LiveSignalsRateLimited,
  NothingToAppeal,
  NotYourAccount,
  RuleNotFound
} from "./activity.model.js"
import { ActivityRepo, AntiCheatRepo, type AppealFilter } from "./activity.port.js"
import { ownActivity } from "./activity.use-case.js"

const audit = (principal: Principal, action: string, subject: { kind: string; id: string }, reason?: string, data?: Record<string, unknown>) =>
  Effect.flatMap(AuditLog, (log) =>
    log.append({
      action,
      actor: { kind: principal.accountKind, id: principal.accountId },
      subject,
      ...(reason === undefined ? {} : { reason }),
      ...(data === undefined ? {} : { data })
    }))

/** A user-scoped path (`/v2/users/{userId}/…`) names the caller, or an admin the contract let through. */
export const checkUserPath = (principal: Principal, userId: string) =>
  principal.role === "admin" || userId === principal.accountId || userId === "me"
    ? Effect.succeed(userId === "me" ? principal.accountId : userId)
    : Effect.fail(new NotYourAccount())

// ---- athlete ----

/** An enforced flag of the caller (404 for shadow flags and other athletes'). */
export const myFlag = Effect.fn("antiCheat.myFlag")(function*(principal: Principal, flagId: string) {
  const found = isUuid(flagId) ? yield* Effect.flatMap(AntiCheatRepo, (r) => r.findFlag(flagId)) : Option.none()
  if (Option.isNone(found) || found.value.userId !== principal.accountId || found.value.mode !== "enforce") {
    return yield* new FlagNotFound({ id: flagId })
  }
  return found.value
})

export const myFlags = (principal: Principal, page: { readonly limit: number; readonly offset: number }) =>
  Effect.flatMap(AntiCheatRepo, (r) => r.listFlags({ userId: principal.accountId, mode: "enforce", ...page }))

export const myFlagResponses = Effect.fn("antiCheat.myFlagResponses")(function*(principal: Principal, flagId: string) {
  yield* myFlag(principal, flagId)
  return yield* Effect.flatMap(AntiCheatRepo, (r) => r.responses(flagId))
})

export const myFlagsByActivity = Effect.fn("antiCheat.myFlagsByActivity")(function*(principal: Principal, activityId: string) {
  yield* ownActivity(principal, activityId)
  const page = yield* Effect.flatMap(AntiCheatRepo, (r) => r.listFlags({ activityId, mode: "enforce", limit: 100, offset: 0 }))
  return page.items
})

/** The athlete's standing: `good` without undecided or confirmed flags, `under_review` while one is undecided. */
export const myStatus = Effect.fn("antiCheat.myStatus")(function*(principal: Principal) {
  const repo = yield* AntiCheatRepo
  const count = (statuses: ReadonlyArray<AntiCheatFlag["status"]>) =>
    Effect.map(repo.listFlags({ userId: principal.accountId, mode: "enforce", statuses, limit: 1, offset: 0 }), (p) => p.total)
  const openFlags = yield* count(["OPEN", "RESPONDED"])
  const appealedFlags = yield* count(["APPEALED"])
  const confirmedFlags = yield* count(["CONFIRMED"])
  const dismissedFlags = yield* count(["DISMISSED"])
  const pendingAppeals = (yield* repo.listAppeals({ userId: principal.accountId, status: "PENDING", limit: 1, offset: 0 })).total
  return {
    userId: principal.accountId,
    standing: openFlags + appealedFlags > 0 ? "under_review" as const : confirmedFlags > 0 ? "flagged" as const : "good" as const,
    openFlags,
    appealedFlags,
    confirmedFlags,
    dismissedFlags,
    pendingAppeals
  }
})

export const respondToFlag = Effect.fn("antiCheat.respond")(function*(principal: Principal, flagId: string, message: string) {
  yield* myFlag(principal, flagId)
  const response = yield* Effect.flatMap(AntiCheatRepo, (r) => r.respond(flagId, principal.accountId, message))
  yield* audit(principal, "activities.flag.responded", { kind: "anti_cheat_flag", id: flagId })
  return response
})

export const appealFlag = Effect.fn("antiCheat.appeal")(function*(principal: Principal, flagId: string, reason: string) {
  const flag = yield* myFlag(principal, flagId)
  const appeal = yield* Effect.flatMap(AntiCheatRepo, (r) => r.appeal(flagId, principal.accountId, reason))
  yield* audit(principal, "activities.flag.appealed", { kind: "anti_cheat_flag", id: flagId }, undefined, { appealId: appeal.id, activityId: flag.activityId })
  return appeal
})

/** Appeals the activity's flag that can still be appealed (the newest undecided or confirmed one). */
export const appealActivity = Effect.fn("antiCheat.appealActivity")(function*(principal: Principal, userId: string, activityId: string, reason: string) {
  const owner = yield* checkUserPath(principal, userId)
  if (owner !== principal.accountId) return yield* new NotYourAccount()
  yield* ownActivity(principal, activityId)
  const flags = (yield* Effect.flatMap(AntiCheatRepo, (r) => r.listFlags({ activityId, mode: "enforce", limit: 100, offset: 0 }))).items
  const open = flags.find((f) => f.status === "OPEN" || f.status === "RESPONDED" || f.status === "CONFIRMED")
  if (open !== undefined) return yield* appealFlag(principal, open.id, reason)
  const appealed = flags.find((f) => f.status === "APPEALED")
  if (appealed !== undefined) return yield* new AppealAlreadySubmitted({ flagId: appealed.id })
  return yield* new NothingToAppeal({ activityId })
})

/**
 * Where an activity stands: `clear` (never flagged), `flagged` (an undecided flag), `under_appeal`,
 * `confirmed` (a flag stands) or `restored` (every flag dismissed), with the flags and appeals.
 */
export const reviewState = Effect.fn("antiCheat.reviewState")(function*(principal: Principal, userId: string, activityId: string) {
  const owner = yield* checkUserPath(principal, userId)
  const found = isUuid(activityId) ? yield* Effect.flatMap(ActivityRepo, (r) => r.findById(activityId)) : Option.none()
  if (Option.isNone(found) || found.value.userId !== owner) return yield* new ActivityNotFound({ id: activityId })
  const repo = yield* AntiCheatRepo
  const flags = (yield* repo.listFlags({ activityId, mode: "enforce", limit: 100, offset: 0 })).items
  const appeals = (yield* repo.listAppeals({ userId: owner, limit: 100, offset: 0 })).items.filter((a) => a.activityId === activityId)
  const has = (status: AntiCheatFlag["status"]) => flags.some((f) => f.status === status)
  const state = flags.length === 0
    ? "clear" as const
    : has("APPEALED")
    ? "under_appeal" as const
    : has("OPEN") || has("RESPONDED")
    ? "flagged" as const
    : has("CONFIRMED")
    ? "confirmed" as const
    : "restored" as const
  return { activityId, eligible: found.value.eligible, state, flags, appeals }
})

export const userAppeals = Effect.fn("antiCheat.userAppeals")(function*(principal: Principal, userId: string, page: Omit<AppealFilter, "userId">) {
  const owner = yield* checkUserPath(principal, userId)
  return yield* Effect.flatMap(AntiCheatRepo, (r) => r.listAppeals({ ...page, userId: owner }))
})

export const myAppeals = (principal: Principal, page: Omit<AppealFilter, "userId">) =>
  Effect.flatMap(AntiCheatRepo, (r) => r.listAppeals({ ...page, userId: principal.accountId }))

export const myAppeal = Effect.fn("antiCheat.myAppeal")(function*(principal: Principal, appealId: string) {
  const found = yield* findAppeal(appealId)
  if (found.userId !== principal.accountId) return yield* new AppealNotFound({ id: appealId })
  return found
})

/** Live positions are checked as they come (teleports, the sport's speed); at most 30 batches a minute. */
export const LiveSignalsRule = { limit: 30, window: Duration.minutes(1) }

export const ingestLiveSignals = Effect.fn("antiCheat.liveSignals")(function*(
  principal: Principal,
  input: { readonly sport: Sport; readonly points: ReadonlyArray<{ readonly lat: number; readonly lon: number; readonly at: Date }> }
) {
  const decision = yield* Effect.flatMap(RateLimiter, (l) => l.hit(`activities:live-signals:${principal.accountId}`, LiveSignalsRule))
  if (!decision.allowed) return yield* new LiveSignalsRateLimited({ retryAfterMs: decision.retryAfterMs })
  const governance = yield* Effect.flatMap(AntiCheatRepo, (r) => r.governance)
  const points = [...input.points].sort((a, b) => a.at.getTime() - b.at.getTime()).map((p) => ({ ...p, ele: null }))
  const first = points[0]
  const last = points.at(-1)
  const durationSeconds = first === undefined || last === undefined ? 0 : (last.at.getTime() - first.at.getTime()) / 1000
  let distanceMeters = 0
  for (let i = 1; i < points.length; i++) distanceMeters += haversineMeters(points[i - 1]!, points[i]!)
  const rules = governance.rules.filter((r) => r.key.startsWith("speed.") || r.key === "gps.teleport")
  const signals = evaluate(governance.mode, rules, { sport: input.sport, distanceMeters, durationSeconds, points, duplicateOfAnother: false })
  return { accepted: points.length, remaining: decision.remaining, signals }
})

// ---- admin ----

export const governance = Effect.flatMap(AntiCheatRepo, (r) => r.governance)

export const setGovernanceMode = Effect.fn("antiCheat.setMode")(function*(admin: Principal, mode: RuleMode) {
  const updated = yield* Effect.flatMap(AntiCheatRepo, (r) => r.setMode(mode))
  yield* audit(admin, "activities.anti_cheat.mode_set", { kind: "anti_cheat_governance", id: "global" }, undefined, { mode })
  return updated
})

export const updateRule = Effect.fn("antiCheat.updateRule")(function*(admin: Principal, key: string, patch: { readonly threshold?: number; readonly mode?: RuleMode }) {
  const updated = yield* Effect.flatMap(AntiCheatRepo, (r) => r.updateRule(key, patch))
  if (Option.isNone(updated)) return yield* new RuleNotFound({ key })
  yield* audit(admin, "activities.anti_cheat.rule_updated", { kind: "anti_cheat_rule", id: key }, undefined, { ...patch })
  return updated.value
})

/** Undecided enforced flags, oldest first. */
export const reviewQueue = (page: { readonly limit: number; readonly offset: number }) =>
  Effect.flatMap(AntiCheatRepo, (r) => r.listFlags({ mode: "enforce", statuses: ["OPEN", "RESPONDED"], oldestFirst: true, ...page }))

export const findFlag = Effect.fn("antiCheat.findFlag")(function*(flagId: string) {
  const found = isUuid(flagId) ? yield* Effect.flatMap(AntiCheatRepo, (r) => r.findFlag(flagId)) : Option.none()
  if (Option.isNone(found)) return yield* new FlagNotFound({ id: flagId })
  return found.value
})

export const flagResponses = Effect.fn("antiCheat.flagResponses")(function*(flagId: string) {
  yield* findFlag(flagId)
  return yield* Effect.flatMap(AntiCheatRepo, (r) => r.responses(flagId))
})

export const decideFlag = Effect.fn("antiCheat.decideFlag")(function*(admin: Principal, flagId: string, decision: "confirm" | "dismiss", reason: string) {
  yield* findFlag(flagId)
  const flag = yield* Effect.flatMap(AntiCheatRepo, (r) => r.decideFlag(flagId, decision, { adminId: admin.accountId, reason }))
  yield* audit(admin, `activities.flag.${decision === "confirm" ? "confirmed" : "dismissed"}`, { kind: "anti_cheat_flag", id: flagId }, reason, {
    activityId: flag.activityId
  })
  return flag
})

export const findAppeal = Effect.fn("antiCheat.findAppeal")(function*(appealId: string) {
  const found = isUuid(appealId) ? yield* Effect.flatMap(AntiCheatRepo, (r) => r.findAppeal(appealId)) : Option.none()
  if (Option.isNone(found)) return yield* new AppealNotFound({ id: appealId })
  return found.value
})

export const listAppeals = (filter: AppealFilter) => Effect.flatMap(AntiCheatRepo, (r) => r.listAppeals(filter))

export const decideAppeal = Effect.fn("antiCheat.decideAppeal")(function*(admin: Principal, appealId: string, decision: "uphold" | "reject", reason: string) {
  yield* findAppeal(appealId)
  const appeal: ActivityAppeal = yield* Effect.flatMap(AntiCheatRepo, (r) => r.decideAppeal(appealId, decision, { adminId: admin.accountId, reason }))
  yield* audit(admin, `activities.appeal.${decision === "uphold" ? "upheld" : "rejected"}`, { kind: "activity_appeal", id: appealId }, reason, {
    flagId: appeal.flagId,
    activityId: appeal.activityId
  })
  return appeal
})

