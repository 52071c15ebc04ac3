/**
 * Club gamification (document C "Clubs" gamification, states.tsv "Club points entry" and "Club member
 * of the month"). Points are NOT money: they live in an append-only entry table in Postgres (a
 * member's points are the sum of their entries), never in the RC ledger.
 *
 *   entry (GRANT, or DEBIT when points < 0) ──reverse──▶ reversed (an opposite REVERSAL entry is written)
 *
 * A REVERSAL entry cannot itself be reversed, and an entry is reversed at most once (both 409). A
 * reversal carries the original entry's `occurredAt`, month key and week key, so it cancels the
 * original in the same monthly and weekly leaderboards rather than in the period it was written.
 *
 * Leaderboards (all-time, per sport, monthly `YYYY-MM` UTC, weekly ISO `YYYY-WW`) are Redis sorted
 * sets kept by the `Leaderboard` port and rebuilt from the entry table when a board is missing.
 *
 * Member of the month: the first detection per club and month key records the winner (one row per
 * club and month) and emits `CLUB_MEMBER_OF_THE_MONTH`; later detections answer the same winner with
 * `emitted: false`. The winner is the ACTIVE member with the most points in the month (> 0); a tie is
 * broken by who reached the total first (the earliest last entry of the month), then by the lowest
 * user id — deterministic, and it rewards getting there first.
 */
import { DomainError, PointsEntry, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { PointsEntryKinds, PointsEntry, type PointsEntryKind } from "@podium/kernel"

/** Bounds of one grant or debit. */
export const MaxPointsPerEntry = 100_000

/** A member's standing on one board. */
export const BoardStanding = Schema.Struct({
  userId: Schema.String,
  points: Schema.Number
})
export interface BoardStanding extends Schema.Schema.Type<typeof BoardStanding> {}

/** Which leaderboard: all-time (optionally one sport), one UTC month, one ISO week. */
export type BoardScope =
  | { readonly kind: "all"; readonly sportId: string | null }
  | { readonly kind: "month"; readonly key: string }
  | { readonly kind: "week"; readonly key: string }

/** The Redis sorted-set name of a club board. */
export const boardName = (clubId: string, scope: BoardScope): string => {
  switch (scope.kind) {
    case "all":
      return scope.sportId === null ? `clubs:points:${clubId}:all` : `clubs:points:${clubId}:sport:${scope.sportId}`
    case "month":
      return `clubs:points:${clubId}:month:${scope.key}`
    case "week":
      return `clubs:points:${clubId}:week:${scope.key}`
  }
}

/** The boards one entry counts on. */
export const boardsOf = (entry: Pick<PointsEntry, "sportId" | "monthKey" | "weekKey">): ReadonlyArray<BoardScope> => [
  { kind: "all", sportId: null },
  ...(entry.sportId === null ? [] : [{ kind: "all" as const, sportId: entry.sportId }]),
  { kind: "month", key: entry.monthKey },
  { kind: "week", key: entry.weekKey }
]

const pad = (n: number) => String(n).padStart(2, "0")

/** The UTC month key `YYYY-MM` of an instant. */
export const monthKeyOf = (at: Date): string => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`

/** The ISO-8601 week `YYYY-WW` of an instant (UTC): weeks start on Monday; week 1 holds the year's first Thursday. */
export const weekKeyOf = (at: Date): string => {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  const weekday = day.getUTCDay() === 0 ? 7 : day.getUTCDay()
  day.setUTCDate(day.getUTCDate() + 4 - weekday) // the Thursday of this week decides the year
  const year = day.getUTCFullYear()
  const week = Math.ceil(((day.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7)
  return `${year}-${pad(week)}`
}

/** How many ISO weeks a year has (52 or 53). */
export const isoWeeksIn = (year: number): number => (weekKeyOf(new Date(Date.UTC(year, 11, 28))).endsWith("-53") ? 53 : 52)

/** The UTC instants bounding a month key: [start, end). */
export const monthBounds = (monthKey: string): { readonly start: Date; readonly end: Date } => {
  const [y, m] = monthKey.split("-").map(Number) as [number, number]
  return { start: new Date(Date.UTC(y, m - 1, 1)), end: new Date(Date.UTC(y, m, 1)) }
}

/** The UTC instants bounding an ISO week key: [Monday 00:00, next Monday 00:00). */
export const weekBounds = (weekKey: string): { readonly start: Date; readonly end: Date } => {
  const [y, w] = weekKey.split("-").map(Number) as [number, number]
  const jan4 = new Date(Date.UTC(y, 0, 4))
  const weekday = jan4.getUTCDay() === 0 ? 7 : jan4.getUTCDay()
  const start = new Date(Date.UTC(y, 0, 4 - weekday + 1 + (w - 1) * 7))
  return { start, end: new Date(start.getTime() + 7 * 86_400_000) }
}

export const MonthKeyPattern = /^\d{4}-(0[1-9]|1[0-2])$/
export const WeekKeyPattern = /^\d{4}-(0[1-9]|[1-4]\d|5[0-3])$/

/** A week key that names a real ISO week (week 53 only in 53-week years). */
export const isValidWeekKey = (key: string) => WeekKeyPattern.test(key) && Number(key.slice(5)) <= isoWeeksIn(Number(key.slice(0, 4)))

/** A recorded member of the month (one per club and month key). */
export const MemberOfTheMonth = Schema.Struct({
  clubId: Schema.String,
  monthKey: Schema.String,
  userId: Schema.String,
  points: Schema.Number,
  detectedBy: Schema.String,
  detectedAt: Schema.DateFromSelf
})
export interface MemberOfTheMonth extends Schema.Schema.Type<typeof MemberOfTheMonth> {}

/** The event name of the first detection (A section 6). */
export const MemberOfTheMonthEvent = "CLUB_MEMBER_OF_THE_MONTH"

// --- errors ---------------------------------------------------------------------------------

export class PointsEntryNotFound extends DomainError<PointsEntryNotFound>()("PointsEntryNotFound", { kind: "not-found", code: "CLUB_POINTS_ENTRY_NOT_FOUND" }, { entryId: Schema.String }) {
  override get message() {
    return "Points entry not found"
  }
}

/** The entry was already reversed (409). */
export class PointsAlreadyReversed extends DomainError<PointsAlreadyReversed>()("PointsAlreadyReversed", { kind: "conflict", code: "CLUB_POINTS_ALREADY_REVERSED" }, { entryId: Schema.String }) {
  override get message() {
    return "This points entry was already reversed"
  }
}

/** A reversal cannot be reversed (409); grant or debit again instead. */
export class PointsReversalNotReversible extends DomainError<PointsReversalNotReversible>()("PointsReversalNotReversible", { kind: "conflict", code: "CLUB_POINTS_REVERSAL_NOT_REVERSIBLE" }, {
  entryId: Schema.String
}) {
  override get message() {
    return "A reversal cannot be reversed"
  }
}

/** Points go only to ACTIVE members of the club (400). */
export class PointsRecipientNotMember extends DomainError<PointsRecipientNotMember>()("PointsRecipientNotMember", { kind: "invalid", code: "CLUB_POINTS_NOT_A_MEMBER" }, { userId: Schema.String }) {
  override get message() {
    return "userId must be an active member of the club"
  }
}

/** A debit larger than the member's points (409): points never go below zero through a debit. */
export class PointsInsufficient extends DomainError<PointsInsufficient>()("PointsInsufficient", { kind: "conflict", code: "CLUB_POINTS_INSUFFICIENT" }, {
  userId: Schema.String,
  balance: Schema.Number,
  debit: Schema.Number
}) {
  override get message() {
    return `The member has ${this.balance} points; cannot debit ${this.debit}`
  }
}

/** The idempotency key was used before with a different grant (409). */
export class PointsIdempotencyConflict extends DomainError<PointsIdempotencyConflict>()("PointsIdempotencyConflict", { kind: "conflict", code: "CLUB_POINTS_IDEMPOTENCY_CONFLICT" }, {
  idempotencyKey: Schema.String
}) {
  override get message() {
    return "idempotencyKey was already used for a different points entry"
  }
}

/** A period key that is well-formed but not usable (week 53 of a 52-week year, a future month) (400). */
export class GamificationKeyInvalid extends InputInvalid<GamificationKeyInvalid>()("GamificationKeyInvalid") {}
