/**
 * Memory twins of club gamification and the club admin workspace repositories (same rules as the
 * Postgres adapters: one reversal per entry, idempotency keys unique per club, one member of the
 * month per club and month, conditional state moves). The "locks" are no-ops: the memory
 * Transactor serializes units of work. Membership, points and attendance are read from the
 * ClubMemberRepo, ClubPointsRepo and ClubRunRepo twins they are built with.
 */
import { Effect, Layer, Option } from "effect"
import {
  type ClubAward,
  ClubAwardAlreadyGiven,
  type ClubSegment,
  type RecognitionRule,
  type RuleQualifier
} from "../clubs/club-admin.model.js"
import { ClubAwardRepo, ClubCommunityMetrics, ClubSegmentRepo, RecognitionRuleRepo } from "../clubs/club-admin.port.js"
import type { ClubMember } from "../clubs/club.model.js"
import { ClubMemberRepo } from "../clubs/club.port.js"
import type { BoardScope, BoardStanding, MemberOfTheMonth, PointsEntry } from "../clubs/gamification.model.js"
import { ClubPointsRepo, MemberOfTheMonthRepo } from "../clubs/gamification.port.js"
import { ClubRunRepo } from "../clubs/run.port.js"
import { nextMemoryId } from "./sequential-id.js"

const inScope = (scope: BoardScope) => (e: PointsEntry) =>
  scope.kind === "all" ? scope.sportId === null || e.sportId === scope.sportId : scope.kind === "month" ? e.monthKey === scope.key : e.weekKey === scope.key

const sumBy = (entries: ReadonlyArray<PointsEntry>) => {
  const totals = new Map<string, { points: number; last: number }>()
  for (const e of entries) {
    const t = totals.get(e.userId) ?? { points: 0, last: 0 }
    totals.set(e.userId, { points: t.points + e.points, last: Math.max(t.last, e.occurredAt.getTime()) })
  }
  return totals
}

/** All ACTIVE members of a club (walks the member twin's pages). */
const activeMembers = (members: ClubMemberRepo["Type"], clubId: string) =>
  Effect.gen(function*() {
    const all: Array<ClubMember> = []
    for (let offset = 0; ; offset += 500) {
      const page = yield* members.list(clubId, { status: "ACTIVE", limit: 500, offset })
      all.push(...page.items)
      if (page.items.length < 500) break
    }
    return all
  })

export const ClubPointsRepoMemory: Layer.Layer<ClubPointsRepo, never, ClubMemberRepo> = Layer.effect(ClubPointsRepo, Effect.gen(function*() {
  const members = yield* ClubMemberRepo
  const entries = new Map<string, PointsEntry>()
  const ofClub = (clubId: string) => [...entries.values()].filter((e) => e.clubId === clubId)
  return ClubPointsRepo.of({
    lockMember: (clubId, userId) => Effect.map(members.find(clubId, userId), Option.map((m) => m.status)),
    balance: (clubId, userId) => Effect.sync(() => ofClub(clubId).filter((e) => e.userId === userId).reduce((a, e) => a + e.points, 0)),
    findByIdempotencyKey: (clubId, key) => Effect.sync(() => Option.fromNullable(ofClub(clubId).find((e) => e.idempotencyKey === key))),
    insert: (input) =>
      Effect.sync(() => {
        const taken = [...entries.values()].some((e) =>
          (input.idempotencyKey !== null && e.clubId === input.clubId && e.idempotencyKey === input.idempotencyKey) ||
          (input.reversesEntryId !== null && e.reversesEntryId === input.reversesEntryId)
        )
        if (taken) return Option.none()
        const entry: PointsEntry = { id: nextMemoryId(), ...input, reversedByEntryId: null, createdAt: new Date() }
        entries.set(entry.id, entry)
        return Option.some(entry)
      }),
    lockEntry: (clubId, entryId) => Effect.sync(() => Option.filter(Option.fromNullable(entries.get(entryId)), (e) => e.clubId === clubId)),
    markReversed: (entryId, reversalId) =>
      Effect.sync(() => {
        const entry = entries.get(entryId)
        if (entry === undefined || entry.reversedByEntryId !== null) return false
        entries.set(entryId, { ...entry, reversedByEntryId: reversalId })
        return true
      }),
    list: (clubId, filter) =>
      Effect.sync(() => {
        const items = ofClub(clubId)
          .filter((e) => filter.userId === undefined || e.userId === filter.userId)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        return { items: items.slice(filter.offset, filter.offset + filter.limit), total: items.length }
      }),
    standings: (clubId, scope) =>
      Effect.sync(() => [...sumBy(ofClub(clubId).filter(inScope(scope)))].map(([userId, t]): BoardStanding => ({ userId, points: t.points }))),
    memberPoints: (clubId, userId, scope) =>
      Effect.sync(() => ofClub(clubId).filter((e) => e.userId === userId && inScope(scope)(e)).reduce((a, e) => a + e.points, 0)),
    boardKeys: (clubId) =>
      Effect.sync(() => {
        const club = ofClub(clubId)
        const distinct = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => v !== null))].sort()
        return { sportIds: distinct(club.map((e) => e.sportId)), monthKeys: distinct(club.map((e) => e.monthKey)), weekKeys: distinct(club.map((e) => e.weekKey)) }
      }),
    monthWinner: (clubId, monthKey) =>
      Effect.gen(function*() {
        const active = new Set((yield* activeMembers(members, clubId)).map((m) => m.userId))
        const ranked = [...sumBy(ofClub(clubId).filter((e) => e.monthKey === monthKey))]
          .filter(([userId, t]) => active.has(userId) && t.points > 0)
          .sort(([ua, a], [ub, b]) => b.points - a.points || a.last - b.last || (ua < ub ? -1 : ua > ub ? 1 : 0))
        return Option.map(Option.fromNullable(ranked[0]), ([userId, t]): BoardStanding => ({ userId, points: t.points }))
      })
  })
}))

export const MemberOfTheMonthRepoMemory = Layer.sync(MemberOfTheMonthRepo, () => {
  const rows = new Map<string, MemberOfTheMonth>()
  const key = (clubId: string, monthKey: string) => `${clubId}|${monthKey}`
  return MemberOfTheMonthRepo.of({
    record: (input) =>
      Effect.sync(() => {
        if (rows.has(key(input.clubId, input.monthKey))) return Option.none()
        const row: MemberOfTheMonth = { ...input, detectedAt: new Date() }
        rows.set(key(input.clubId, input.monthKey), row)
        return Option.some(row)
      }),
    find: (clubId, monthKey) => Effect.sync(() => Option.fromNullable(rows.get(key(clubId, monthKey))))
  })
})

const newestFirst = <A extends { readonly createdAt: Date; readonly id: string }>(a: A, b: A) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)

export const RecognitionRuleRepoMemory = Layer.sync(RecognitionRuleRepo, () => {
  const rules = new Map<string, RecognitionRule>()
  const change = (id: string, f: (r: RecognitionRule) => RecognitionRule | undefined) =>
    Effect.sync(() => {
      const rule = rules.get(id)
      const next = rule === undefined ? undefined : f(rule)
      if (next === undefined) return Option.none()
      rules.set(id, next)
      return Option.some(next)
    })
  return RecognitionRuleRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const rule: RecognitionRule = { id: nextMemoryId(), ...input, status: "DISABLED", createdAt: at, updatedAt: at }
        rules.set(rule.id, rule)
        return rule
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rules.get(id))),
    list: (clubId, filter) =>
      Effect.sync(() => {
        const items = [...rules.values()].filter((r) => r.clubId === clubId && (filter.status === undefined || r.status === filter.status)).sort(newestFirst)
        return { items: items.slice(filter.offset, filter.offset + filter.limit), total: items.length }
      }),
    update: (id, patch) => change(id, (r) => ({ ...r, ...patch, updatedAt: new Date() })),
    transition: (id, from, to) => change(id, (r) => (from.includes(r.status) ? { ...r, status: to, updatedAt: new Date() } : undefined))
  })
})

export const ClubAwardRepoMemory = Layer.sync(ClubAwardRepo, () => {
  const awards = new Map<string, ClubAward & { revoked: boolean }>()
  const live = () => [...awards.values()].filter((a) => !a.revoked)
  const strip = ({ revoked: _, ...award }: ClubAward & { revoked: boolean }): ClubAward => award
  return ClubAwardRepo.of({
    create: (input) =>
      Effect.suspend(() => {
        if (input.ruleId !== null && live().some((a) => a.ruleId === input.ruleId && a.userId === input.userId && a.periodKey === input.periodKey)) {
          return Effect.fail(new ClubAwardAlreadyGiven({ ruleId: input.ruleId, userId: input.userId, periodKey: input.periodKey ?? "" }))
        }
        const at = new Date()
        const award = { id: nextMemoryId(), ...input, createdAt: at, updatedAt: at, revoked: false }
        awards.set(award.id, award)
        return Effect.succeed(strip(award))
      }),
    findById: (id) => Effect.sync(() => Option.map(Option.filter(Option.fromNullable(awards.get(id)), (a) => !a.revoked), strip)),
    list: (clubId, filter) =>
      Effect.sync(() => {
        const items = live()
          .filter((a) => a.clubId === clubId && (filter.userId === undefined || a.userId === filter.userId) && (filter.ruleId === undefined || a.ruleId === filter.ruleId))
          .sort(newestFirst)
        return { items: items.slice(filter.offset, filter.offset + filter.limit).map(strip), total: items.length }
      }),
    update: (id, patch) =>
      Effect.sync(() => {
        const award = awards.get(id)
        if (award === undefined || award.revoked) return Option.none()
        const next = { ...award, ...patch, updatedAt: new Date() }
        awards.set(id, next)
        return Option.some(strip(next))
      }),
    revoke: (id) =>
      Effect.sync(() => {
        const award = awards.get(id)
        if (award === undefined || award.revoked) return Option.none()
        awards.set(id, { ...award, revoked: true, updatedAt: new Date() })
        return Option.some(strip(award))
      })
  })
})

export const ClubSegmentRepoMemory = Layer.sync(ClubSegmentRepo, () => {
  const segments = new Map<string, ClubSegment>()
  const change = (id: string, f: (s: ClubSegment) => ClubSegment | undefined) =>
    Effect.sync(() => {
      const segment = segments.get(id)
      const next = segment === undefined ? undefined : f(segment)
      if (next === undefined) return Option.none()
      segments.set(id, next)
      return Option.some(next)
    })
  return ClubSegmentRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const at = new Date()
        const segment: ClubSegment = { id: nextMemoryId(), ...input, status: "ACTIVE", challengeIds: [], createdAt: at, updatedAt: at }
        segments.set(segment.id, segment)
        return segment
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(segments.get(id))),
    list: (clubId, kind, filter) =>
      Effect.sync(() => {
        const items = [...segments.values()]
          .filter((s) => s.clubId === clubId && s.kind === kind && (filter.status === undefined || s.status === filter.status))
          .sort(newestFirst)
        return { items: items.slice(filter.offset, filter.offset + filter.limit), total: items.length }
      }),
    update: (id, patch) => change(id, (s) => (s.status === "ACTIVE" ? { ...s, ...patch, updatedAt: new Date() } : undefined)),
    archive: (id) => change(id, (s) => (s.status === "ACTIVE" ? { ...s, status: "ARCHIVED", updatedAt: new Date() } : undefined)),
    attachChallenge: (id, challengeId) =>
      change(id, (s) =>
        s.status !== "ACTIVE" ? undefined : s.challengeIds.includes(challengeId) ? s : { ...s, challengeIds: [...s.challengeIds, challengeId], updatedAt: new Date() }),
    detachChallenge: (id, challengeId) =>
      Effect.sync(() => {
        const segment = segments.get(id)
        if (segment === undefined || !segment.challengeIds.includes(challengeId)) return false
        segments.set(id, { ...segment, challengeIds: segment.challengeIds.filter((c) => c !== challengeId), updatedAt: new Date() })
        return true
      })
  })
})

export const ClubCommunityMetricsMemory: Layer.Layer<ClubCommunityMetrics, never, ClubMemberRepo | ClubPointsRepo | ClubRunRepo> = Layer.effect(
  ClubCommunityMetrics,
  Effect.gen(function*() {
    const members = yield* ClubMemberRepo
    const points = yield* ClubPointsRepo
    const runs = yield* ClubRunRepo
    /** Present marks per user for the club's runs starting in [start, end) (any time when absent). */
    const attended = (clubId: string, window?: { readonly start: Date; readonly end: Date }) =>
      Effect.gen(function*() {
        const counts = new Map<string, number>()
        const found = yield* runs.list({ clubId, ...(window === undefined ? {} : { from: window.start, to: window.end }), limit: 100_000, offset: 0 })
        for (const run of found.items) {
          if (window !== undefined && run.status === "CANCELLED") continue
          for (const mark of yield* runs.attendance(run.id)) if (mark.present) counts.set(mark.userId, (counts.get(mark.userId) ?? 0) + 1)
        }
        return counts
      })
    return ClubCommunityMetrics.of({
      countMembers: (clubId, f) =>
        Effect.gen(function*() {
          const all = yield* activeMembers(members, clubId)
          const runsAttended = f.minAttendedRuns === undefined ? new Map<string, number>() : yield* attended(clubId)
          let n = 0
          for (const m of all) {
            const joined = m.joinedAt ?? m.createdAt
            if (f.roles !== undefined && f.roles.length > 0 && !f.roles.includes(m.role)) continue
            if (f.tierIds !== undefined && f.tierIds.length > 0 && (m.tierId === null || !f.tierIds.includes(m.tierId))) continue
            if (f.joinedBefore !== undefined && !(joined < f.joinedBefore)) continue
            if (f.joinedAfter !== undefined && !(joined >= f.joinedAfter)) continue
            if (f.minPoints !== undefined && (yield* points.balance(clubId, m.userId)) < f.minPoints) continue
            if (f.minAttendedRuns !== undefined && (runsAttended.get(m.userId) ?? 0) < f.minAttendedRuns) continue
            n++
          }
          return n
        }),
      qualifiers: (clubId, metric, window, threshold) =>
        Effect.gen(function*() {
          const active = new Set((yield* activeMembers(members, clubId)).map((m) => m.userId))
          const values: ReadonlyArray<readonly [string, number]> = metric === "points"
            ? (yield* points.standings(clubId, window.period === "month" ? { kind: "month", key: window.periodKey } : { kind: "week", key: window.periodKey }))
              .map((s) => [s.userId, s.points] as const)
            : [...(yield* attended(clubId, window))]
          return values
            .filter(([userId, value]) => active.has(userId) && value >= threshold)
            .sort(([ua, a], [ub, b]) => b - a || (ua < ub ? -1 : 1))
            .map(([userId, value]): RuleQualifier => ({ userId, value }))
        })
    })
  })
)

/** Every gamification and club admin twin; needs the members and runs twins. */
export const ClubGamificationMemory: Layer.Layer<
  ClubPointsRepo | MemberOfTheMonthRepo | RecognitionRuleRepo | ClubAwardRepo | ClubSegmentRepo | ClubCommunityMetrics,
  never,
  ClubMemberRepo | ClubRunRepo
> = Layer.mergeAll(MemberOfTheMonthRepoMemory, RecognitionRuleRepoMemory, ClubAwardRepoMemory, ClubSegmentRepoMemory, ClubCommunityMetricsMemory).pipe(
  Layer.provideMerge(ClubPointsRepoMemory)
)
