/**
 * The club admin workspace's community tools (document C "Club admin"): recognition rules (created
 * DISABLED; enable/disable as data; evaluate previews without persisting), awards, audience
 * segments (archive, count-only preview, challenge references) and member segments. The caller's
 * OWNER/ADMIN role is checked by the route's tenancy guard; every use case here scopes reads to the
 * club it is given, so an id of another club answers 404. Every write is audited via `auditClub`.
 */
import { Clock, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import {
  AwardRecipientNotMember,
  ClubAdminInputInvalid,
  ClubAwardNotFound,
  ClubSegmentArchived,
  ClubSegmentNotFound,
  type RecognitionMetric,
  type RecognitionPeriod,
  type RecognitionRuleMove,
  RecognitionRuleMoveRefused,
  RecognitionRuleMoves,
  RecognitionRuleNotFound,
  type RecognitionRuleStatus,
  type SegmentFilter,
  type SegmentKind,
  type SegmentStatus,
  SegmentChallengeNotAttached
} from "./club-admin.model.js"
import { ClubAwardRepo, ClubCommunityMetrics, ClubSegmentRepo, type RecognitionRulePatch, RecognitionRuleRepo } from "./club-admin.port.js"
import { ClubMemberRepo } from "./club.port.js"
import { auditClub } from "./club.use-case.js"
import { isValidWeekKey, MonthKeyPattern, monthBounds, monthKeyOf, weekBounds, weekKeyOf } from "./gamification.model.js"

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
const paging = (input: { readonly page: number; readonly limit: number }) => ({ limit: input.limit, offset: (input.page - 1) * input.limit })
const paged = <A>(found: { readonly items: ReadonlyArray<A>; readonly total: number }, input: { readonly page: number; readonly limit: number }) => ({
  ...found,
  page: input.page,
  limit: input.limit
})

// --- recognition rules ------------------------------------------------------------------------

const ruleOfClub = (clubId: string, ruleId: string) =>
  Effect.gen(function*() {
    const rule = yield* Effect.flatMap(RecognitionRuleRepo, (r) => r.findById(ruleId))
    if (Option.isNone(rule) || rule.value.clubId !== clubId) return yield* new RecognitionRuleNotFound({ ruleId })
    return rule.value
  })

export const listRecognitionRules = Effect.fn("clubs.admin.rules.list")(function*(
  clubId: string,
  input: { readonly status?: RecognitionRuleStatus | undefined; readonly page: number; readonly limit: number }
) {
  return paged(yield* Effect.flatMap(RecognitionRuleRepo, (r) => r.list(clubId, { ...paging(input), status: input.status })), input)
})

export interface RecognitionRuleInput {
  readonly name: string
  readonly metric: RecognitionMetric
  readonly period: RecognitionPeriod
  readonly threshold: number
  readonly awardName: string
}

/** Creates a rule; it starts DISABLED (C: "create DISABLED"). */
export const createRecognitionRule = Effect.fn("clubs.admin.rules.create")(function*(principal: Principal, clubId: string, input: RecognitionRuleInput) {
  const rule = yield* Effect.flatMap(RecognitionRuleRepo, (r) =>
    r.create({ clubId, name: input.name.trim(), metric: input.metric, period: input.period, threshold: input.threshold, awardName: input.awardName.trim(), createdBy: principal.accountId }))
  yield* auditClub("club.recognition_rule.created", principal, clubId, { data: { ruleId: rule.id, metric: rule.metric, period: rule.period, threshold: rule.threshold } })
  return rule
})

export const getRecognitionRule = Effect.fn("clubs.admin.rules.get")(function*(clubId: string, ruleId: string) {
  return yield* ruleOfClub(clubId, ruleId)
})

/** Edits a rule in either state (its status moves only through enable/disable). */
export const updateRecognitionRule = Effect.fn("clubs.admin.rules.update")(function*(
  principal: Principal,
  clubId: string,
  ruleId: string,
  patch: RecognitionRulePatch
) {
  yield* ruleOfClub(clubId, ruleId)
  const clean: RecognitionRulePatch = {
    ...patch,
    ...(patch.name === undefined ? {} : { name: patch.name.trim() }),
    ...(patch.awardName === undefined ? {} : { awardName: patch.awardName.trim() })
  }
  const updated = yield* Effect.flatMap(RecognitionRuleRepo, (r) => r.update(ruleId, clean))
  if (Option.isNone(updated)) return yield* new RecognitionRuleNotFound({ ruleId })
  yield* auditClub("club.recognition_rule.updated", principal, clubId, { data: { ruleId, fields: Object.keys(clean) } })
  return updated.value
})

/** enable (DISABLED → ENABLED) or disable (ENABLED → DISABLED); any other move is 409. */
export const moveRecognitionRule = Effect.fn("clubs.admin.rules.move")(function*(principal: Principal, clubId: string, ruleId: string, move: RecognitionRuleMove) {
  const rule = yield* ruleOfClub(clubId, ruleId)
  const { from, to } = RecognitionRuleMoves[move]
  const moved = yield* Effect.flatMap(RecognitionRuleRepo, (r) => r.transition(ruleId, from, to))
  if (Option.isNone(moved)) {
    const current = Option.match(yield* Effect.flatMap(RecognitionRuleRepo, (r) => r.findById(ruleId)), { onNone: () => rule.status, onSome: (r) => r.status })
    return yield* new RecognitionRuleMoveRefused({ ruleId, move, status: current })
  }
  yield* auditClub(`club.recognition_rule.${move}d`, principal, clubId, { data: { ruleId } })
  return moved.value
})

/** The period key and window a rule is evaluated over (default: the current UTC month or ISO week). */
const ruleWindow = (period: RecognitionPeriod, periodKey: string | undefined, at: Date) => {
  if (period === "month") {
    const key = periodKey ?? monthKeyOf(at)
    if (!MonthKeyPattern.test(key)) return Effect.fail(new ClubAdminInputInvalid({ messages: ["periodKey must be YYYY-MM for a monthly rule"] }))
    return Effect.succeed({ period, periodKey: key, ...monthBounds(key) })
  }
  const key = periodKey ?? weekKeyOf(at)
  if (!isValidWeekKey(key)) return Effect.fail(new ClubAdminInputInvalid({ messages: ["periodKey must be an ISO week YYYY-WW for a weekly rule"] }))
  return Effect.succeed({ period, periodKey: key, ...weekBounds(key) })
}

/**
 * Dry run: who meets the rule in the period now (ACTIVE members, highest first), and whether each
 * already holds the rule's award for the period. Works on DISABLED rules too; persists nothing.
 */
export const evaluateRecognitionRule = Effect.fn("clubs.admin.rules.evaluate")(function*(clubId: string, ruleId: string, periodKey: string | undefined) {
  const rule = yield* ruleOfClub(clubId, ruleId)
  const at = yield* now
  const window = yield* ruleWindow(rule.period, periodKey, at)
  const qualifiers = yield* Effect.flatMap(ClubCommunityMetrics, (m) => m.qualifiers(clubId, rule.metric, window, rule.threshold))
  const awarded = new Set<string>()
  const awards = yield* ClubAwardRepo
  for (let offset = 0; ; offset += 500) {
    const page = yield* awards.list(clubId, { ruleId, limit: 500, offset })
    for (const a of page.items) if (a.periodKey === window.periodKey) awarded.add(a.userId)
    if (page.items.length < 500) break
  }
  return {
    ruleId,
    status: rule.status,
    metric: rule.metric,
    period: rule.period,
    periodKey: window.periodKey,
    threshold: rule.threshold,
    awardName: rule.awardName,
    evaluatedAt: at,
    count: qualifiers.length,
    qualifiers: qualifiers.map((q) => ({ userId: q.userId, value: q.value, alreadyAwarded: awarded.has(q.userId) }))
  }
})

// --- awards ---------------------------------------------------------------------------------

const awardOfClub = (clubId: string, awardId: string) =>
  Effect.gen(function*() {
    const award = yield* Effect.flatMap(ClubAwardRepo, (r) => r.findById(awardId))
    if (Option.isNone(award) || award.value.clubId !== clubId) return yield* new ClubAwardNotFound({ awardId })
    return award.value
  })

export const listAwards = Effect.fn("clubs.admin.awards.list")(function*(
  clubId: string,
  input: { readonly userId?: string | undefined; readonly ruleId?: string | undefined; readonly page: number; readonly limit: number }
) {
  return paged(yield* Effect.flatMap(ClubAwardRepo, (r) => r.list(clubId, { ...paging(input), userId: input.userId, ruleId: input.ruleId })), input)
})

export interface GiveAwardInput {
  readonly userId: string
  readonly name?: string | undefined
  readonly description?: string | undefined
  readonly ruleId?: string | undefined
  readonly periodKey?: string | undefined
}

/**
 * Gives an award to an ACTIVE member. With `ruleId` the award is the rule's (name defaults to the
 * rule's awardName, `periodKey` to the rule's current period) and is given at most once per member
 * and period (409 CLUB_AWARD_ALREADY_GIVEN); without it, `name` is required and there is no period.
 */
export const giveAward = Effect.fn("clubs.admin.awards.give")(function*(principal: Principal, clubId: string, input: GiveAwardInput) {
  const member = yield* Effect.flatMap(ClubMemberRepo, (r) => r.find(clubId, input.userId))
  if (!Option.exists(member, (m) => m.status === "ACTIVE")) return yield* new AwardRecipientNotMember({ userId: input.userId })
  let name = input.name?.trim()
  let periodKey: string | null = null
  if (input.ruleId !== undefined) {
    const rule = yield* ruleOfClub(clubId, input.ruleId)
    periodKey = (yield* ruleWindow(rule.period, input.periodKey, yield* now)).periodKey
    name = name ?? rule.awardName
  } else if (input.periodKey !== undefined) {
    return yield* new ClubAdminInputInvalid({ messages: ["periodKey is only allowed with ruleId"] })
  }
  if (name === undefined || name === "") return yield* new ClubAdminInputInvalid({ messages: ["name should not be empty"] })
  const award = yield* Effect.flatMap(ClubAwardRepo, (r) =>
    r.create({ clubId, userId: input.userId, name, description: input.description ?? null, ruleId: input.ruleId ?? null, periodKey, awardedBy: principal.accountId }))
  yield* auditClub("club.award.given", principal, clubId, { data: { awardId: award.id, userId: award.userId, ruleId: award.ruleId, periodKey } })
  return award
})

export const updateAward = Effect.fn("clubs.admin.awards.update")(function*(
  principal: Principal,
  clubId: string,
  awardId: string,
  patch: { readonly name?: string | undefined; readonly description?: string | null | undefined }
) {
  yield* awardOfClub(clubId, awardId)
  const clean = {
    ...(patch.name === undefined ? {} : { name: patch.name.trim() }),
    ...(patch.description === undefined ? {} : { description: patch.description })
  }
  const updated = yield* Effect.flatMap(ClubAwardRepo, (r) => r.update(awardId, clean))
  if (Option.isNone(updated)) return yield* new ClubAwardNotFound({ awardId })
  yield* auditClub("club.award.updated", principal, clubId, { data: { awardId, fields: Object.keys(clean) } })
  return updated.value
})

/** Revokes an award (kept for the audit trail, gone from the lists); a second delete is 404. */
export const revokeAward = Effect.fn("clubs.admin.awards.revoke")(function*(principal: Principal, clubId: string, awardId: string) {
  yield* awardOfClub(clubId, awardId)
  const revoked = yield* Effect.flatMap(ClubAwardRepo, (r) => r.revoke(awardId, principal.accountId))
  if (Option.isNone(revoked)) return yield* new ClubAwardNotFound({ awardId })
  yield* auditClub("club.award.revoked", principal, clubId, { data: { awardId, userId: revoked.value.userId } })
  return revoked.value
})

// --- segments -------------------------------------------------------------------------------

const checkFilter = (filter: SegmentFilter) =>
  filter.joinedAfter !== undefined && filter.joinedBefore !== undefined && filter.joinedAfter >= filter.joinedBefore
    ? Effect.fail(new ClubAdminInputInvalid({ messages: ["filter.joinedAfter must be earlier than filter.joinedBefore"] }))
    : Effect.void

const segmentOfClub = (clubId: string, segmentId: string, kind: SegmentKind) =>
  Effect.gen(function*() {
    const segment = yield* Effect.flatMap(ClubSegmentRepo, (r) => r.findById(segmentId))
    if (Option.isNone(segment) || segment.value.clubId !== clubId || segment.value.kind !== kind) return yield* new ClubSegmentNotFound({ segmentId })
    return segment.value
  })

export const listSegments = Effect.fn("clubs.admin.segments.list")(function*(
  clubId: string,
  kind: SegmentKind,
  input: { readonly status?: SegmentStatus | undefined; readonly page: number; readonly limit: number }
) {
  return paged(yield* Effect.flatMap(ClubSegmentRepo, (r) => r.list(clubId, kind, { ...paging(input), status: input.status })), input)
})

export interface SegmentInput {
  readonly name: string
  readonly description?: string | undefined
  readonly filter: SegmentFilter
}

export const createSegment = Effect.fn("clubs.admin.segments.create")(function*(principal: Principal, clubId: string, kind: SegmentKind, input: SegmentInput) {
  yield* checkFilter(input.filter)
  const segment = yield* Effect.flatMap(ClubSegmentRepo, (r) =>
    r.create({ clubId, kind, name: input.name.trim(), description: input.description ?? null, filter: input.filter, createdBy: principal.accountId }))
  yield* auditClub(`club.${kind === "AUDIENCE" ? "audience" : "member"}_segment.created`, principal, clubId, { data: { segmentId: segment.id, name: segment.name } })
  return segment
})

/** Edits an ACTIVE audience segment (an ARCHIVED one is read-only: 409). */
export const updateAudienceSegment = Effect.fn("clubs.admin.segments.update")(function*(
  principal: Principal,
  clubId: string,
  segmentId: string,
  patch: { readonly name?: string | undefined; readonly description?: string | null | undefined; readonly filter?: SegmentFilter | undefined }
) {
  const segment = yield* segmentOfClub(clubId, segmentId, "AUDIENCE")
  if (segment.status === "ARCHIVED") return yield* new ClubSegmentArchived({ segmentId })
  if (patch.filter !== undefined) yield* checkFilter(patch.filter)
  const clean = {
    ...(patch.name === undefined ? {} : { name: patch.name.trim() }),
    ...(patch.description === undefined ? {} : { description: patch.description }),
    ...(patch.filter === undefined ? {} : { filter: patch.filter })
  }
  const updated = yield* Effect.flatMap(ClubSegmentRepo, (r) => r.update(segmentId, clean))
  if (Option.isNone(updated)) return yield* new ClubSegmentArchived({ segmentId })
  yield* auditClub("club.audience_segment.updated", principal, clubId, { data: { segmentId, fields: Object.keys(clean) } })
  return updated.value
})

/** ACTIVE → ARCHIVED; archiving twice is 409 (conditional update: of two concurrent archives one wins). */
export const archiveAudienceSegment = Effect.fn("clubs.admin.segments.archive")(function*(principal: Principal, clubId: string, segmentId: string) {
  yield* segmentOfClub(clubId, segmentId, "AUDIENCE")
  const archived = yield* Effect.flatMap(ClubSegmentRepo, (r) => r.archive(segmentId))
  if (Option.isNone(archived)) return yield* new ClubSegmentArchived({ segmentId })
  yield* auditClub("club.audience_segment.archived", principal, clubId, { data: { segmentId } })
  return archived.value
})

/** How many ACTIVE members the segment's filter matches now (count only). */
export const previewAudienceSegment = Effect.fn("clubs.admin.segments.preview")(function*(clubId: string, segmentId: string) {
  const segment = yield* segmentOfClub(clubId, segmentId, "AUDIENCE")
  const count = yield* Effect.flatMap(ClubCommunityMetrics, (m) => m.countMembers(clubId, segment.filter))
  return { segmentId, count, evaluatedAt: yield* now }
})

/**
 * Attaches a challenge to an ACTIVE audience segment (idempotent). There is no challenges context
 * yet, so the id is kept as a reference (validated as a UUID by the contract) and resolved later.
 */
export const attachSegmentChallenge = Effect.fn("clubs.admin.segments.attachChallenge")(function*(
  principal: Principal,
  clubId: string,
  segmentId: string,
  challengeId: string
) {
  const segment = yield* segmentOfClub(clubId, segmentId, "AUDIENCE")
  if (segment.status === "ARCHIVED") return yield* new ClubSegmentArchived({ segmentId })
  const attached = yield* Effect.flatMap(ClubSegmentRepo, (r) => r.attachChallenge(segmentId, challengeId.toLowerCase()))
  if (Option.isNone(attached)) return yield* new ClubSegmentArchived({ segmentId })
  if (!segment.challengeIds.includes(challengeId.toLowerCase())) {
    yield* auditClub("club.audience_segment.challenge_attached", principal, clubId, { data: { segmentId, challengeId } })
  }
  return attached.value
})

/** Detaches a challenge (404 when it was not attached); allowed on an ARCHIVED segment too (clean-up). */
export const detachSegmentChallenge = Effect.fn("clubs.admin.segments.detachChallenge")(function*(
  principal: Principal,
  clubId: string,
  segmentId: string,
  challengeId: string
) {
  yield* segmentOfClub(clubId, segmentId, "AUDIENCE")
  const removed = yield* Effect.flatMap(ClubSegmentRepo, (r) => r.detachChallenge(segmentId, challengeId.toLowerCase()))
  if (!removed) return yield* new SegmentChallengeNotAttached({ segmentId, challengeId })
  yield* auditClub("club.audience_segment.challenge_detached", principal, clubId, { data: { segmentId, challengeId } })
  return yield* segmentOfClub(clubId, segmentId, "AUDIENCE")
})
