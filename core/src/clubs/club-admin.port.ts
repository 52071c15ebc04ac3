/**
 * Repositories of the club admin workspace's community tools (Postgres `ClubAdminReposPg`, memory
 * twins `ClubAdminReposMemory`): recognition rules, awards, segments, and the metrics the rules and
 * segments are evaluated with (members, points, run attendance).
 */
import { Context, type Effect, type Option } from "effect"
import type {
  ClubAward,
  ClubAwardAlreadyGiven,
  ClubSegment,
  RecognitionMetric,
  RecognitionPeriod,
  RecognitionRule,
  RecognitionRuleStatus,
  RuleQualifier,
  SegmentFilter,
  SegmentKind,
  SegmentStatus
} from "./club-admin.model.js"

export interface Paging {
  readonly limit: number
  readonly offset: number
}

export type Found<A> = { readonly items: ReadonlyArray<A>; readonly total: number }

export type NewRecognitionRule = Pick<RecognitionRule, "clubId" | "name" | "metric" | "period" | "threshold" | "awardName" | "createdBy">
export type RecognitionRulePatch = Partial<Pick<RecognitionRule, "name" | "metric" | "period" | "threshold" | "awardName">>

export class RecognitionRuleRepo extends Context.Tag("@podium/core/clubs/RecognitionRuleRepo")<RecognitionRuleRepo, {
  /** Creates the rule DISABLED. */
  readonly create: (input: NewRecognitionRule) => Effect.Effect<RecognitionRule>
  readonly findById: (id: string) => Effect.Effect<Option.Option<RecognitionRule>>
  /** Newest first. */
  readonly list: (clubId: string, filter: Paging & { readonly status?: RecognitionRuleStatus | undefined }) => Effect.Effect<Found<RecognitionRule>>
  readonly update: (id: string, patch: RecognitionRulePatch) => Effect.Effect<Option.Option<RecognitionRule>>
  /** Conditional move: only while the status is one of `from`; none otherwise. */
  readonly transition: (id: string, from: ReadonlyArray<RecognitionRuleStatus>, to: RecognitionRuleStatus) => Effect.Effect<Option.Option<RecognitionRule>>
}>() {}

export type NewClubAward = Pick<ClubAward, "clubId" | "userId" | "name" | "description" | "ruleId" | "periodKey" | "awardedBy">

export class ClubAwardRepo extends Context.Tag("@podium/core/clubs/ClubAwardRepo")<ClubAwardRepo, {
  /** Fails with ClubAwardAlreadyGiven when the rule already awarded the member for the period. */
  readonly create: (input: NewClubAward) => Effect.Effect<ClubAward, ClubAwardAlreadyGiven>
  /** Revoked awards are not found. */
  readonly findById: (id: string) => Effect.Effect<Option.Option<ClubAward>>
  /** Newest first, revoked awards left out. */
  readonly list: (clubId: string, filter: Paging & { readonly userId?: string | undefined; readonly ruleId?: string | undefined }) => Effect.Effect<Found<ClubAward>>
  readonly update: (id: string, patch: { readonly name?: string; readonly description?: string | null }) => Effect.Effect<Option.Option<ClubAward>>
  /** Revokes (soft-deletes) the award; none when it was not there or already revoked. */
  readonly revoke: (id: string, by: string) => Effect.Effect<Option.Option<ClubAward>>
}>() {}

export type NewClubSegment = Pick<ClubSegment, "clubId" | "kind" | "name" | "description" | "filter" | "createdBy">
export type ClubSegmentPatch = { readonly name?: string; readonly description?: string | null; readonly filter?: SegmentFilter }

export class ClubSegmentRepo extends Context.Tag("@podium/core/clubs/ClubSegmentRepo")<ClubSegmentRepo, {
  readonly create: (input: NewClubSegment) => Effect.Effect<ClubSegment>
  readonly findById: (id: string) => Effect.Effect<Option.Option<ClubSegment>>
  /** Newest first. */
  readonly list: (clubId: string, kind: SegmentKind, filter: Paging & { readonly status?: SegmentStatus | undefined }) => Effect.Effect<Found<ClubSegment>>
  /** Changes an ACTIVE segment only; none otherwise. */
  readonly update: (id: string, patch: ClubSegmentPatch) => Effect.Effect<Option.Option<ClubSegment>>
  /** ACTIVE → ARCHIVED; none when it was not ACTIVE. */
  readonly archive: (id: string) => Effect.Effect<Option.Option<ClubSegment>>
  /** Adds the challenge reference to an ACTIVE segment (idempotent); none when not ACTIVE. */
  readonly attachChallenge: (id: string, challengeId: string) => Effect.Effect<Option.Option<ClubSegment>>
  /** Removes the reference; false when it was not attached. */
  readonly detachChallenge: (id: string, challengeId: string) => Effect.Effect<boolean>
}>() {}

/** The club tables the rules and segments are evaluated against (read-only). */
export class ClubCommunityMetrics extends Context.Tag("@podium/core/clubs/ClubCommunityMetrics")<ClubCommunityMetrics, {
  /** How many ACTIVE members match every condition of the filter. */
  readonly countMembers: (clubId: string, filter: SegmentFilter) => Effect.Effect<number>
  /**
   * ACTIVE members whose metric over [start, end) reaches `threshold`, highest first: points of the
   * entries whose period key is `periodKey`, or runs attended (present) that started in the window.
   */
  readonly qualifiers: (
    clubId: string,
    metric: RecognitionMetric,
    window: { readonly period: RecognitionPeriod; readonly periodKey: string; readonly start: Date; readonly end: Date },
    threshold: number
  ) => Effect.Effect<ReadonlyArray<RuleQualifier>>
}>() {}
