/**
 * The club admin workspace's community tools (document C "Club admin"; states.tsv "Club recognition
 * rule" and "Club audience segment"): recognition rules, awards, audience segments and member
 * segments. Everything here is data a club's OWNER/ADMIN edits; every write is audited.
 *
 * Recognition rule (created DISABLED):   DISABLED ──enable──▶ ENABLED ──disable──▶ DISABLED
 *   A rule is `{metric, period, threshold, awardName}`: "members with at least `threshold` points
 *   (or attended runs) in the week/month earn `awardName`". `evaluate` previews who qualifies now,
 *   without persisting anything; an award given for a rule names it (`ruleId`), at most once per
 *   member and period key.
 *
 * Audience segment:   ACTIVE ──archive──▶ ARCHIVED   (archived segments are read-only)
 *   A segment is a filter over the club's members (role, tier, joined before/after, minimum points,
 *   minimum attended runs) evaluated against the club tables at read time; `preview` answers the
 *   count only. Challenges are attached by id: there is no challenges context yet, so a challenge id
 *   is stored as a reference validated only as a UUID. Member segments are the same filter, saved
 *   for the member list (list and create only, as C lists).
 */
import { DomainError, type RecognitionRuleStatus, InputInvalid } from "@podium/kernel"
import { Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { RecognitionMetrics, RecognitionPeriods, RecognitionRuleStatuses, RecognitionRule, ClubAward, SegmentFilter, SegmentKinds, SegmentStatuses, ClubSegment, type RecognitionMetric, type RecognitionPeriod, type RecognitionRuleStatus, type SegmentKind, type SegmentStatus } from "@podium/kernel"

/** The rule moves as data (states.tsv). */
export const RecognitionRuleMoves = {
  enable: { from: ["DISABLED"], to: "ENABLED" },
  disable: { from: ["ENABLED"], to: "DISABLED" }
} as const satisfies Record<string, { readonly from: ReadonlyArray<RecognitionRuleStatus>; readonly to: RecognitionRuleStatus }>
export type RecognitionRuleMove = keyof typeof RecognitionRuleMoves

/** One member who meets a rule in a period. */
export const RuleQualifier = Schema.Struct({
  userId: Schema.String,
  value: Schema.Number
})
export interface RuleQualifier extends Schema.Schema.Type<typeof RuleQualifier> {}

// --- errors ---------------------------------------------------------------------------------

export class RecognitionRuleNotFound extends DomainError<RecognitionRuleNotFound>()("RecognitionRuleNotFound", { kind: "not-found", code: "CLUB_RECOGNITION_RULE_NOT_FOUND" }, { ruleId: Schema.String }) {
  override get message() {
    return "Recognition rule not found"
  }
}

/** enable on an ENABLED rule, disable on a DISABLED one (409). */
export class RecognitionRuleMoveRefused extends DomainError<RecognitionRuleMoveRefused>()("RecognitionRuleMoveRefused", { kind: "conflict", code: "CLUB_RECOGNITION_RULE_MOVE_REFUSED" }, {
  ruleId: Schema.String,
  move: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `Cannot ${this.move} a rule that is ${this.status}`
  }
}

export class ClubAwardNotFound extends DomainError<ClubAwardNotFound>()("ClubAwardNotFound", { kind: "not-found", code: "CLUB_AWARD_NOT_FOUND" }, { awardId: Schema.String }) {
  override get message() {
    return "Award not found"
  }
}

/** The rule already awarded this member for this period (409). */
export class ClubAwardAlreadyGiven extends DomainError<ClubAwardAlreadyGiven>()("ClubAwardAlreadyGiven", { kind: "conflict", code: "CLUB_AWARD_ALREADY_GIVEN" }, {
  ruleId: Schema.String,
  userId: Schema.String,
  periodKey: Schema.String
}) {
  override get message() {
    return `This member already has the rule's award for ${this.periodKey}`
  }
}

/** Awards go to ACTIVE members of the club (400). */
export class AwardRecipientNotMember extends DomainError<AwardRecipientNotMember>()("AwardRecipientNotMember", { kind: "invalid", code: "CLUB_AWARD_NOT_A_MEMBER" }, { userId: Schema.String }) {
  override get message() {
    return "userId must be an active member of the club"
  }
}

export class ClubSegmentNotFound extends DomainError<ClubSegmentNotFound>()("ClubSegmentNotFound", { kind: "not-found", code: "CLUB_SEGMENT_NOT_FOUND" }, { segmentId: Schema.String }) {
  override get message() {
    return "Segment not found"
  }
}

/** A change to an ARCHIVED segment (409). */
export class ClubSegmentArchived extends DomainError<ClubSegmentArchived>()("ClubSegmentArchived", { kind: "conflict", code: "CLUB_SEGMENT_ARCHIVED" }, { segmentId: Schema.String }) {
  override get message() {
    return "The segment is archived"
  }
}

/** Detaching a challenge that is not attached (404). */
export class SegmentChallengeNotAttached extends DomainError<SegmentChallengeNotAttached>()("SegmentChallengeNotAttached", { kind: "not-found", code: "CLUB_SEGMENT_CHALLENGE_NOT_ATTACHED" }, {
  segmentId: Schema.String,
  challengeId: Schema.String
}) {
  override get message() {
    return "The challenge is not attached to this segment"
  }
}

/** Bad admin-workspace input found after decoding (400 with the message list). */
export class ClubAdminInputInvalid extends InputInvalid<ClubAdminInputInvalid>()("ClubAdminInputInvalid") {}
