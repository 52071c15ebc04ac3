/**
 * Club gamification (C "Clubs" gamification): points grants and debits (negative points debit;
 * ACTIVE members only; a debit never takes a member below zero: 409 CLUB_POINTS_INSUFFICIENT),
 * reversal once by an opposite entry (409 CLUB_POINTS_ALREADY_REVERSED /
 * CLUB_POINTS_REVERSAL_NOT_REVERSIBLE), the all-time / monthly (`monthKey` YYYY-MM, default the
 * current UTC month) / weekly (`weekKey` YYYY-WW ISO week, default the current one) leaderboards,
 * which follow the club's visibility, and member-of-the-month detection, which emits
 * CLUB_MEMBER_OF_THE_MONTH only on the first detection per club and month key.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Optional, PointsEntry, Query, says, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { ClubManagers, ClubStaff, op, OptionalAuthenticated, PageOf, PageParams } from "../common/index.js"

const MonthKeyParam = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-(0[1-9]|1[0-2])$/.test(s)),
  Schema.annotations(says("must be a month key YYYY-MM"))
)
const WeekKeyParam = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-(0[1-9]|[1-4]\d|5[0-3])$/.test(s)),
  Schema.annotations(says("must be an ISO week key YYYY-WW (week 01-53)"))
)
const Points = Schema.Number.pipe(
  Schema.filter((n) => Number.isInteger(n) && n !== 0 && Math.abs(n) <= 100_000),
  Schema.annotations(says("must be a non-zero integer between -100000 and 100000 (negative points debit)")),
  Schema.annotations({ jsonSchema: { type: "integer", minimum: -100_000, maximum: 100_000, not: { const: 0 } } })
)

export const PointsEntryView = PointsEntry.annotations({ identifier: "ClubPointsEntry" })

const LeaderboardView = Schema.Struct({
  clubId: Schema.String,
  period: Schema.Literal("all-time", "monthly", "weekly"),
  /** The month or week key; null for the all-time board. */
  key: Schema.NullOr(Schema.String),
  sportId: Schema.NullOr(Schema.String),
  items: Schema.Array(Schema.Struct({ rank: Schema.Number, userId: Schema.String, points: Schema.Number })),
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number
}).annotations({ identifier: "ClubLeaderboard" })

const MemberOfTheMonthView = Schema.Struct({
  clubId: Schema.String,
  monthKey: Schema.String,
  winner: Schema.NullOr(Schema.Struct({ userId: Schema.String, points: Schema.Number })),
  detectedAt: Schema.NullOr(Schema.Date),
  /** True only for the detection that recorded the winner and emitted CLUB_MEMBER_OF_THE_MONTH. */
  emitted: Schema.Boolean
}).annotations({ identifier: "ClubMemberOfTheMonth" })

const ClubPath = Schema.Struct({ clubId: Schema.String })

export class ClubGamificationGroup extends HttpApiGroup.make("clubGamification")
  .add(op.get("clubLeaderboard", "/v2/clubs/:clubId/leaderboard", { path: ClubPath, query: Query({ ...PageParams, sportId: Optional(StrLength(1, 64)) }), ok: LeaderboardView, summary: "The club's all-time points leaderboard (`?sportId` narrows to one sport's points)" }).middleware(OptionalAuthenticated))
  .add(op.get("clubMonthlyLeaderboard", "/v2/clubs/:clubId/leaderboard/monthly", { path: ClubPath, query: Query({ ...PageParams, monthKey: Optional(MonthKeyParam) }), ok: LeaderboardView, summary: "The club's monthly leaderboard (`monthKey` YYYY-MM, default the current UTC month)" }).middleware(OptionalAuthenticated))
  .add(op.get("clubWeeklyLeaderboard", "/v2/clubs/:clubId/leaderboard/weekly", { path: ClubPath, query: Query({ ...PageParams, weekKey: Optional(WeekKeyParam) }), ok: LeaderboardView, summary: "The club's weekly leaderboard (`weekKey` YYYY-WW ISO week, default the current week)" }).middleware(OptionalAuthenticated))
  .add(op.post("detectClubMemberOfTheMonth", "/v2/clubs/:clubId/member-of-the-month/detect", { path: ClubPath, body: Body({ monthKey: Optional(MonthKeyParam) }), ok: MemberOfTheMonthView, summary: "Detect the member of the month (club OWNER/ADMIN); emits CLUB_MEMBER_OF_THE_MONTH on the first detection only" }).middleware(ClubManagers).annotate(OpenApi.Description, "Default month: the current UTC month; a future month is 400. Winner: the ACTIVE member with the most points in the month (> 0); ties go to whoever reached the total first (earliest last entry of the month), then the lowest user id. Later detections answer the recorded winner with emitted=false."))
  .add(op.get("clubPointsGrants", "/v2/clubs/:clubId/points/grants", { path: ClubPath, query: Query({ ...PageParams, userId: Optional(UuidStr) }), ok: PageOf(PointsEntryView), summary: "The club's points entries, newest first (club OWNER/ADMIN/MODERATOR; `?userId`)" }).middleware(ClubStaff))
  .add(op.post("grantClubPoints", "/v2/clubs/:clubId/points/grants", { path: ClubPath, body: Body({
        userId: UuidStr,
        points: Points,
        reason: StrLength(3, 500),
        sportId: Optional(StrLength(1, 64)),
        idempotencyKey: Optional(StrLength(1, 100))
      }), ok: PointsEntryView, status: 201, summary: "Grant points to a member, or debit them with negative points (club OWNER/ADMIN)" }).middleware(ClubManagers).annotate(OpenApi.Description, "The user must be an ACTIVE member (400 CLUB_POINTS_NOT_A_MEMBER); a debit never takes the member below zero (409 CLUB_POINTS_INSUFFICIENT). A repeated idempotencyKey answers the first entry; with a different body it is 409 CLUB_POINTS_IDEMPOTENCY_CONFLICT."))
  .add(op.post("reverseClubPoints", "/v2/clubs/:clubId/points/reverse/:entryId", { path: Schema.Struct({ clubId: Schema.String, entryId: Schema.String }), body: Body({ reason: Optional(StrLength(3, 500)) }), ok: PointsEntryView, status: 201, summary: "Reverse a points entry once by writing the opposite entry (club OWNER/ADMIN)" }).middleware(ClubManagers).annotate(OpenApi.Description, "Answers the REVERSAL entry. A second reversal is 409 CLUB_POINTS_ALREADY_REVERSED; reversing a reversal is 409 CLUB_POINTS_REVERSAL_NOT_REVERSIBLE."))
  .annotate(OpenApi.Title, "Club gamification")
{}
