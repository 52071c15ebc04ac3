/**
 * Challenge progress and leaderboards (C "Challenges", "Challenge participations"; B "Challenge
 * management"): progress is derived from the athletes' eligible activities in the window, so it is
 * current at every read; ties share a rank (1-2-2-4); only JOINED athletes are ranked.
 *
 * Who may call: the leaderboards are public (the paged one answers the signed-in viewer's own entry);
 * an athlete reads their own progress; analytics need the challenge's manager; activity validation
 * and participation detail need an admin with `challenges.manage`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Activity,
  ActivityValidation,
  ActivityValidationStatus,
  Body,
  Challenge,
  ChallengeActivityType,
  ChallengeGoalType,
  ChallengeParticipation,
  ChallengeProgress,
  ChallengeStatus,
  IntFromText,
  Optional,
  Query,
  SportProgress,
  StrLength
} from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, AdminsNeed, Authenticated, OptionalAuthenticated, op, PageOf, PageParams, Requires, Role } from "../common/index.js"

const IdPath = Schema.Struct({ id: Schema.String })
const Goal = {
  challengeId: Schema.String,
  activityType: ChallengeActivityType,
  goalType: ChallengeGoalType,
  goalValue: Schema.Number
}

export const ChallengeLeaderboardView = Schema.Struct({ ...Goal, total: Schema.Number, items: Schema.Array(ChallengeProgress) })
  .annotations({ identifier: "ChallengeLeaderboard" })
export const PagedChallengeLeaderboardView = Schema.Struct({
  ...Goal,
  items: Schema.Array(ChallengeProgress),
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number,
  /** The signed-in caller's own entry; null when anonymous or not joined. */
  viewer: Schema.NullOr(ChallengeProgress)
}).annotations({ identifier: "PagedChallengeLeaderboard" })
export const MyChallengeProgressView = Schema.Struct({
  ...Goal,
  participationStatus: ChallengeParticipation.fields.status,
  rank: Schema.NullOr(Schema.Number),
  progress: ChallengeProgress
}).annotations({ identifier: "MyChallengeProgress" })
export const ChallengeAnalyticsView = Schema.Struct({
  ...Goal,
  status: ChallengeStatus,
  participations: Schema.Struct({ JOINED: Schema.Number, LEFT: Schema.Number, REVOKED: Schema.Number }),
  activeAthletes: Schema.Number,
  completed: Schema.Number,
  completionRate: Schema.Number,
  totalValue: Schema.Number,
  activityCount: Schema.Number,
  averagePercent: Schema.Number,
  bySport: Schema.Array(SportProgress)
}).annotations({ identifier: "ChallengeAnalytics" })
export const DailyProgressView = Schema.Struct({ date: Schema.String, value: Schema.Number, activityCount: Schema.Number, cumulative: Schema.Number })
export const ParticipationDetailView = Schema.Struct({
  ...ChallengeParticipation.fields,
  challenge: Challenge,
  rank: Schema.NullOr(Schema.Number),
  progress: ChallengeProgress,
  dailyProgress: Schema.Array(DailyProgressView)
}).annotations({ identifier: "ChallengeParticipationDetail" })
export const ValidatedActivityView = Schema.Struct({ ...Activity.fields, validation: ActivityValidation }).annotations({ identifier: "ChallengeActivity" })
export const ChallengeActivityDetailView = Schema.Struct({
  ...Activity.fields,
  validation: ActivityValidation,
  challenges: Schema.Array(Schema.Struct({ id: Schema.String, title: Schema.String, goalType: ChallengeGoalType, status: ChallengeStatus }))
}).annotations({ identifier: "ChallengeActivityDetail" })
export const ActivityValidationBody = Body({ status: ActivityValidationStatus, note: Optional(StrLength(1, 1000)) })

export class ChallengeLeaderboardsGroup extends HttpApiGroup.make("challengeLeaderboards")
  .add(op.get("challengeLeaderboard", "/v2/challenges/:id/leaderboard", { path: IdPath, query: Query({ limit: Optional(IntFromText(1, 100)) }), ok: ChallengeLeaderboardView, summary: "The top of a public challenge's leaderboard (default 50): most progress first, ties share a rank (1-2-2-4)" }))
  .add(op.get("challengeLeaderboardPaged", "/v2/challenges/:id/leaderboard/paged", { path: IdPath, query: Query(PageParams), ok: PagedChallengeLeaderboardView, summary: "One page of a public challenge's leaderboard with the signed-in viewer's own entry and rank" }).middleware(OptionalAuthenticated).annotate(OpenApi.Description, "Public; with a bearer token `viewer` is the caller's entry wherever it falls (null when not joined)."))
  .add(op.get("challengeAnalytics", "/v2/challenges/:id/analytics", { path: IdPath, ok: ChallengeAnalyticsView, summary: "A challenge's participations, completions, totals and sports (its manager)" }).middleware(Authenticated).annotate(Requires, AdminsNeed("challenges.manage")))
  .add(op.get("myMultiSportProgress", "/v2/challenge-participations/:challengeId/multi-sport-progress", { path: Schema.Struct({ challengeId: Schema.String }), ok: MyChallengeProgressView, summary: "The caller's progress in a challenge they joined, sport by sport, with their rank while JOINED" }).middleware(Authenticated).annotate(Requires, Role("user")))
  .annotate(OpenApi.Title, "Challenge leaderboards and progress")
{}

const base = "/v2/admin/challenge-management"

export class AdminChallengeActivitiesGroup extends HttpApiGroup.make("adminChallengeActivities")
  .add(op.get("adminChallengeActivities", `${base}/activities`, { query: Query({ ...PageParams, challengeId: Optional(Schema.String), userId: Optional(Schema.String), status: Optional(ActivityValidationStatus) }), ok: PageOf(ValidatedActivityView), summary: "The activities counted toward a challenge (challengeId required), newest first, with each verdict" }))
  .add(op.get("adminChallengeActivity", `${base}/activities/:activityId`, { path: Schema.Struct({ activityId: Schema.String }), ok: ChallengeActivityDetailView, summary: "One activity, its verdict and the challenges it counts toward" }))
  .add(op.patch("adminSetActivityValidation", `${base}/activities/:activityId/validation`, { path: Schema.Struct({ activityId: Schema.String }), body: ActivityValidationBody, ok: ActivityValidation, summary: "Set an activity's verdict: INVALID takes it out of every challenge's progress at once (audited)" }))
  .add(op.get("adminParticipationDetail", `${base}/participations/:participationId`, { path: Schema.Struct({ participationId: Schema.String }), ok: ParticipationDetailView, summary: "One participation with its challenge, progress, rank and day-by-day progress in the challenge's time zone" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("challenges.manage"))
  .annotate(OpenApi.Title, "Admin: challenge activities and progress")
{}

