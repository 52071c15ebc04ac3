/**
 * Club gamification use cases: points grants/debits/reversals (append-only entries in Postgres),
 * leaderboards served from Redis sorted sets through the `Leaderboard` port, and member-of-the-month
 * detection. See gamification.model.ts for the rules.
 *
 * Keeping the boards right: Postgres is the truth, Redis a cache of per-board sums. After an entry
 * commits, the boards it counts on are refreshed under a per-club lock by writing the member's
 * ABSOLUTE total read from Postgres (not an increment), and a board that is missing is rebuilt
 * from Postgres under the same lock. Because every Redis write happens under the lock and reads
 * Postgres after the entry committed, the last writer always leaves the board equal to Postgres, and
 * a rebuild racing a grant can never count the grant twice. If the lock cannot be had, the boards are
 * deleted instead, so the next read rebuilds them. A read of a missing board rebuilds it first;
 * `rebuildLeaderboards` rebuilds every board of a club on demand (CLI `clubs leaderboards rebuild`).
 */
import { Clock, Effect, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import type { Principal } from "../identity/principal.model.js"
import { DeviceTokenRepo } from "../notifications/inbox.port.js"
import { enqueueNotification } from "../notifications/enqueue-notification.use-case.js"
import { withLock } from "../platform/distributed-lock.port.js"
import { Leaderboard } from "../platform/leaderboard.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { ClubRepo } from "./club.port.js"
import { auditClub, getClub } from "./club.use-case.js"
import {
  type BoardScope,
  boardName,
  boardsOf,
  GamificationKeyInvalid,
  isValidWeekKey,
  MemberOfTheMonthEvent,
  monthKeyOf,
  type PointsEntry,
  PointsAlreadyReversed,
  PointsEntryNotFound,
  PointsIdempotencyConflict,
  PointsInsufficient,
  PointsRecipientNotMember,
  PointsReversalNotReversible,
  weekKeyOf
} from "./gamification.model.js"
import { ClubPointsRepo, MemberOfTheMonthRepo } from "./gamification.port.js"

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

// --- boards ---------------------------------------------------------------------------------

const lockKey = (clubId: string) => `clubs:points-boards:${clubId}`
const LockOptions = { ttl: "15 seconds", wait: "5 seconds" } as const

/** Replaces a board with the sums in Postgres. */
const rebuildBoard = (clubId: string, scope: BoardScope) =>
  Effect.gen(function*() {
    const board = yield* Leaderboard
    const standings = yield* Effect.flatMap(ClubPointsRepo, (r) => r.standings(clubId, scope))
    const name = boardName(clubId, scope)
    yield* board.clear(name)
    for (const s of standings) yield* board.add(name, s.userId, s.points)
    return standings.length
  })

/** Rebuilds the board from Postgres when it is missing (under the club's board lock). */
const ensureBoard = (clubId: string, scope: BoardScope) =>
  Effect.gen(function*() {
    const board = yield* Leaderboard
    const name = boardName(clubId, scope)
    if ((yield* board.size(name)) > 0) return
    const rebuild = Effect.flatMap(board.size(name), (n) => (n > 0 ? Effect.void : Effect.asVoid(rebuildBoard(clubId, scope))))
    yield* rebuild.pipe(withLock(lockKey(clubId), LockOptions), Effect.catchTag("LockNotAcquired", () => rebuild))
  })

/** Brings the boards an entry counts on up to date with Postgres for one member (see the file comment). */
const refreshBoards = (entry: PointsEntry) =>
  Effect.gen(function*() {
    const board = yield* Leaderboard
    const points = yield* ClubPointsRepo
    const scopes = boardsOf(entry)
    const refresh = Effect.forEach(scopes, (scope) =>
      Effect.gen(function*() {
        const name = boardName(entry.clubId, scope)
        if ((yield* board.size(name)) === 0) return yield* Effect.asVoid(rebuildBoard(entry.clubId, scope))
        yield* board.add(name, entry.userId, yield* points.memberPoints(entry.clubId, entry.userId, scope))
      }), { discard: true })
    yield* refresh.pipe(
      withLock(lockKey(entry.clubId), LockOptions),
      Effect.catchTag("LockNotAcquired", () => Effect.forEach(scopes, (scope) => board.clear(boardName(entry.clubId, scope)), { discard: true })),
      // The entry is committed whatever Redis does: a failing Redis must not fail the grant. The
      // boards may then be stale until rebuilt (`pnpm cli clubs leaderboards rebuild <clubId>`).
      Effect.catchAllCause((cause) =>
        Effect.logWarning(`club ${entry.clubId} leaderboards not refreshed after entry ${entry.id}; rebuild them`, cause))
    )
  })

/** Rebuilds every board of a club from Postgres (all-time, each sport, each month and week with entries). */
export const rebuildLeaderboards = Effect.fn("clubs.points.rebuildLeaderboards")(function*(clubId: string) {
  const keys = yield* Effect.flatMap(ClubPointsRepo, (r) => r.boardKeys(clubId))
  const scopes: Array<BoardScope> = [
    { kind: "all", sportId: null },
    ...keys.sportIds.map((sportId): BoardScope => ({ kind: "all", sportId })),
    ...keys.monthKeys.map((key): BoardScope => ({ kind: "month", key })),
    ...keys.weekKeys.map((key): BoardScope => ({ kind: "week", key }))
  ]
  const rebuilt = yield* Effect.forEach(scopes, (scope) => rebuildBoard(clubId, scope)).pipe(withLock(lockKey(clubId), LockOptions))
  return { clubId, boards: scopes.length, standings: rebuilt.reduce((a, b) => a + b, 0) }
})

// --- leaderboards ---------------------------------------------------------------------------

export type LeaderboardKind = "all-time" | "monthly" | "weekly"

export interface LeaderboardInput {
  readonly kind: LeaderboardKind
  /** monthKey (monthly) or weekKey (weekly); default the current UTC month or ISO week. */
  readonly key?: string | undefined
  readonly sportId?: string | undefined
  readonly page: number
  readonly limit: number
}

/** One board page: ranks 1-based in points order (ties ordered as the board orders them). */
export const clubLeaderboard = Effect.fn("clubs.points.leaderboard")(function*(principal: Principal | undefined, clubId: string, input: LeaderboardInput) {
  const club = yield* getClub(principal, clubId)
  const at = yield* now
  let scope: BoardScope
  let key: string | null = null
  if (input.kind === "monthly") {
    key = input.key ?? monthKeyOf(at)
    scope = { kind: "month", key }
  } else if (input.kind === "weekly") {
    key = input.key ?? weekKeyOf(at)
    if (!isValidWeekKey(key)) return yield* new GamificationKeyInvalid({ messages: [`weekKey ${key} is not an ISO week of ${key.slice(0, 4)}`] })
    scope = { kind: "week", key }
  } else {
    scope = { kind: "all", sportId: input.sportId ?? null }
  }
  yield* ensureBoard(club.id, scope)
  const board = yield* Leaderboard
  const name = boardName(club.id, scope)
  const entries = yield* board.top(name, { limit: input.limit, offset: (input.page - 1) * input.limit })
  return {
    clubId: club.id,
    period: input.kind,
    key,
    sportId: input.kind === "all-time" ? input.sportId ?? null : null,
    items: entries.map((e) => ({ rank: e.rank, userId: e.member, points: e.score })),
    total: yield* board.size(name),
    page: input.page,
    limit: input.limit
  }
})

// --- points ---------------------------------------------------------------------------------

export interface GrantPointsInput {
  readonly userId: string
  readonly points: number
  readonly reason: string
  readonly sportId?: string | undefined
  readonly idempotencyKey?: string | undefined
}

const sameGrant = (entry: PointsEntry, input: GrantPointsInput) =>
  entry.userId === input.userId && entry.points === input.points && entry.reason === input.reason.trim() && entry.sportId === (input.sportId ?? null)

/**
 * Grants (points > 0) or debits (points < 0) a member's points: the user must be an ACTIVE member,
 * and a debit never takes the member below zero. A repeated idempotency key answers the first entry
 * (`created: false`) when the request is the same, 409 otherwise.
 */
export const grantPoints = Effect.fn("clubs.points.grant")(function*(principal: Principal, clubId: string, input: GrantPointsInput) {
  const repo = yield* ClubPointsRepo
  const tx = yield* Transactor
  const at = yield* now
  const key = input.idempotencyKey ?? null
  const replay = (entry: PointsEntry) =>
    sameGrant(entry, input) ? Effect.succeed({ entry, created: false }) : Effect.fail(new PointsIdempotencyConflict({ idempotencyKey: key ?? "" }))
  const result = yield* tx.atomically(Effect.gen(function*() {
    const status = yield* repo.lockMember(clubId, input.userId)
    if (key !== null) {
      const earlier = yield* repo.findByIdempotencyKey(clubId, key)
      if (Option.isSome(earlier)) return yield* replay(earlier.value)
    }
    if (Option.getOrNull(status) !== "ACTIVE") return yield* new PointsRecipientNotMember({ userId: input.userId })
    if (input.points < 0) {
      const balance = yield* repo.balance(clubId, input.userId)
      if (balance + input.points < 0) return yield* new PointsInsufficient({ userId: input.userId, balance, debit: -input.points })
    }
    const inserted = yield* repo.insert({
      clubId,
      userId: input.userId,
      points: input.points,
      kind: input.points < 0 ? "DEBIT" : "GRANT",
      reason: input.reason.trim(),
      sportId: input.sportId ?? null,
      reversesEntryId: null,
      idempotencyKey: key,
      createdBy: principal.accountId,
      occurredAt: at,
      monthKey: monthKeyOf(at),
      weekKey: weekKeyOf(at)
    })
    if (Option.isNone(inserted)) {
      // The same key was used concurrently for another member: answer what it recorded.
      const earlier = yield* repo.findByIdempotencyKey(clubId, key ?? "")
      if (Option.isNone(earlier)) return yield* Effect.dieMessage("points entry vanished after an idempotency conflict")
      return yield* replay(earlier.value)
    }
    const entry = inserted.value
    yield* auditClub(entry.kind === "DEBIT" ? "club.points.debited" : "club.points.granted", principal, clubId, {
      reason: entry.reason,
      data: { entryId: entry.id, userId: entry.userId, points: entry.points }
    })
    return { entry, created: true }
  }))
  if (result.created) yield* refreshBoards(result.entry)
  return result
})

/**
 * Reverses an entry once by writing the opposite REVERSAL entry (same period keys as the original).
 * A reversal of a reversal, or a second reversal, is refused (409). Reversals may take a member's
 * points below zero: they correct mistakes and must always be possible.
 */
export const reversePoints = Effect.fn("clubs.points.reverse")(function*(
  principal: Principal,
  clubId: string,
  entryId: string,
  reason: string | undefined
) {
  const repo = yield* ClubPointsRepo
  const tx = yield* Transactor
  const reversal = yield* tx.atomically(Effect.gen(function*() {
    const found = yield* repo.lockEntry(clubId, entryId)
    if (Option.isNone(found)) return yield* new PointsEntryNotFound({ entryId })
    const entry = found.value
    if (entry.kind === "REVERSAL") return yield* new PointsReversalNotReversible({ entryId })
    if (entry.reversedByEntryId !== null) return yield* new PointsAlreadyReversed({ entryId })
    const inserted = yield* repo.insert({
      clubId,
      userId: entry.userId,
      points: -entry.points,
      kind: "REVERSAL",
      reason: reason?.trim() ?? `Reversal of ${entry.kind === "DEBIT" ? "debit" : "grant"}: ${entry.reason}`.slice(0, 500),
      sportId: entry.sportId,
      reversesEntryId: entry.id,
      idempotencyKey: null,
      createdBy: principal.accountId,
      occurredAt: entry.occurredAt,
      monthKey: entry.monthKey,
      weekKey: entry.weekKey
    })
    if (Option.isNone(inserted) || !(yield* repo.markReversed(entry.id, inserted.value.id))) return yield* new PointsAlreadyReversed({ entryId })
    yield* auditClub("club.points.reversed", principal, clubId, {
      reason: inserted.value.reason,
      data: { entryId: entry.id, reversalId: inserted.value.id, userId: entry.userId, points: inserted.value.points }
    })
    return inserted.value
  }))
  yield* refreshBoards(reversal)
  return reversal
})

/** The club's points entries, newest first (`?userId`). */
export const listPointsEntries = Effect.fn("clubs.points.list")(function*(
  clubId: string,
  input: { readonly userId?: string | undefined; readonly page: number; readonly limit: number }
) {
  const found = yield* Effect.flatMap(ClubPointsRepo, (r) =>
    r.list(clubId, { userId: input.userId, limit: input.limit, offset: (input.page - 1) * input.limit }))
  return { ...found, page: input.page, limit: input.limit }
})

// --- member of the month ---------------------------------------------------------------------

/**
 * Detects the month's member (default: the current UTC month; a future month is refused with 400).
 * The first detection per club and month key records the winner and, in the same unit of work,
 * emits CLUB_MEMBER_OF_THE_MONTH: an audit row plus outbox messages for the winner (a PUSH per
 * active device token and an EMAIL when the athlete has an address). Later or concurrent detections
 * answer the recorded winner with `emitted: false`. A month without any points answers no winner
 * and records nothing, so it can still be detected once points exist.
 */
export const detectMemberOfTheMonth = Effect.fn("clubs.points.detectMemberOfTheMonth")(function*(
  principal: Principal,
  clubId: string,
  monthKey: string | undefined
) {
  const current = monthKeyOf(yield* now)
  const key = monthKey ?? current
  if (key > current) return yield* new GamificationKeyInvalid({ messages: ["monthKey must not be a future month"] })
  const moms = yield* MemberOfTheMonthRepo
  const answer = (m: { readonly userId: string; readonly points: number; readonly detectedAt: Date } | null, emitted: boolean) => ({
    clubId,
    monthKey: key,
    winner: m === null ? null : { userId: m.userId, points: m.points },
    detectedAt: m?.detectedAt ?? null,
    emitted
  })
  const earlier = yield* moms.find(clubId, key)
  if (Option.isSome(earlier)) return answer(earlier.value, false)
  const winner = yield* Effect.flatMap(ClubPointsRepo, (r) => r.monthWinner(clubId, key))
  if (Option.isNone(winner)) return answer(null, false)
  const club = Option.getOrThrow(yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId)))
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const recorded = yield* moms.record({ clubId, monthKey: key, userId: winner.value.userId, points: winner.value.points, detectedBy: principal.accountId })
    if (Option.isNone(recorded)) {
      const first = yield* moms.find(clubId, key)
      return answer(Option.getOrNull(first), false)
    }
    const mom = recorded.value
    const tokens = (yield* Effect.flatMap(DeviceTokenRepo, (r) => r.listForUser(mom.userId))).filter((t) => t.active)
    const email = Option.flatMap(yield* Effect.flatMap(UserRepo, (r) => r.findById(mom.userId)), (u) => Option.fromNullable(u.email))
    const message = {
      userId: mom.userId,
      subject: `Member of the month at ${club.name}`,
      body: `Congratulations! You are ${club.name}'s member of the month for ${key} with ${mom.points} points.`,
      category: "clubs",
      producer: `${MemberOfTheMonthEvent}:${clubId}:${key}`
    }
    for (const t of tokens) yield* enqueueNotification({ ...message, channel: "PUSH", recipient: t.token })
    if (Option.isSome(email)) yield* enqueueNotification({ ...message, channel: "EMAIL", recipient: email.value })
    yield* auditClub(MemberOfTheMonthEvent, principal, clubId, {
      data: { monthKey: key, userId: mom.userId, points: mom.points, pushMessages: tokens.length, email: Option.isSome(email) }
    })
    return answer(mom, true)
  }))
})

