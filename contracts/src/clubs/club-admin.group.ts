/**
 * The club admin workspace's community tools (C "Club admin", club OWNER/ADMIN): recognition rules
 * (created DISABLED; enable/disable, 409 CLUB_RECOGNITION_RULE_MOVE_REFUSED otherwise; evaluate is a
 * dry run), awards (given to ACTIVE members, optionally for a rule and period; DELETE revokes),
 * audience segments (archive, count-only preview, challenge attach/detach — the paths of those two
 * are reconstructed, and the challenge id is a UUID reference because no challenges context exists
 * yet) and member segments (list, create). Segments are filters over the club's ACTIVE members.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, ClubAward, ClubSegment, IntBetween, OneOf, Optional, Query, RecognitionRule, says, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { ClubManagers, op, PageOf, PageParams } from "../common/index.js"
import { IsoDateTime } from "./club-runs.group.js"

const PeriodKey = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-\d{2}$/.test(s)),
  Schema.annotations(says("must be YYYY-MM (monthly rules) or YYYY-WW (weekly rules)"))
)

export const RecognitionRuleView = RecognitionRule.annotations({ identifier: "ClubRecognitionRule" })

const RuleFields = {
  name: StrLength(3, 120),
  metric: OneOf("points", "runs_attended"),
  period: OneOf("week", "month"),
  threshold: IntBetween(1, 1_000_000),
  awardName: StrLength(3, 120)
}

const EvaluationView = Schema.Struct({
  ruleId: Schema.String,
  status: Schema.Literal("DISABLED", "ENABLED"),
  metric: Schema.Literal("points", "runs_attended"),
  period: Schema.Literal("week", "month"),
  periodKey: Schema.String,
  threshold: Schema.Number,
  awardName: Schema.String,
  evaluatedAt: Schema.Date,
  count: Schema.Number,
  qualifiers: Schema.Array(Schema.Struct({ userId: Schema.String, value: Schema.Number, alreadyAwarded: Schema.Boolean }))
}).annotations({ identifier: "ClubRecognitionRuleEvaluation" })

export const ClubAwardView = ClubAward.annotations({ identifier: "ClubAward" })

const SegmentFilterBody = Body({
  roles: Optional(Schema.Array(OneOf("OWNER", "ADMIN", "MODERATOR", "MEMBER"))),
  tierIds: Optional(Schema.Array(UuidStr)),
  joinedBefore: Optional(IsoDateTime),
  joinedAfter: Optional(IsoDateTime),
  minPoints: Optional(IntBetween(-1_000_000_000, 1_000_000_000)),
  minAttendedRuns: Optional(IntBetween(0, 100_000))
})


export const ClubSegmentView = ClubSegment.annotations({ identifier: "ClubSegment" })

const SegmentCreateBody = Body({ name: StrLength(3, 120), description: Optional(StrLength(0, 1000)), filter: SegmentFilterBody })

const ClubPath = Schema.Struct({ clubId: Schema.String })
const RulePath = Schema.Struct({ clubId: Schema.String, id: Schema.String })
const AwardPath = Schema.Struct({ clubId: Schema.String, awardId: Schema.String })
const SegmentPath = Schema.Struct({ clubId: Schema.String, id: Schema.String })
const SegmentChallengePath = Schema.Struct({ clubId: Schema.String, id: Schema.String, challengeId: UuidStr })
const base = "/v2/clubs/:clubId/admin"

export class ClubAdminGroup extends HttpApiGroup.make("clubAdmin")
  // recognition rules
  .add(op.get("clubRecognitionRules", `${base}/recognition-rules`, { path: ClubPath, query: Query({ ...PageParams, status: Optional(OneOf("DISABLED", "ENABLED")) }), ok: PageOf(RecognitionRuleView), summary: "The club's recognition rules, newest first (`?status`)" }).middleware(ClubManagers))
  .add(op.post("createClubRecognitionRule", `${base}/recognition-rules`, { path: ClubPath, body: Body(RuleFields), ok: RecognitionRuleView, status: 201, summary: "Create a recognition rule `{name, metric: points|runs_attended, period: week|month, threshold, awardName}`; created DISABLED" }).middleware(ClubManagers))
  .add(op.get("clubRecognitionRule", `${base}/recognition-rules/:id`, { path: RulePath, ok: RecognitionRuleView, summary: "One recognition rule" }).middleware(ClubManagers))
  .add(op.patch("updateClubRecognitionRule", `${base}/recognition-rules/:id`, { path: RulePath, body: Body({
        name: Optional(RuleFields.name),
        metric: Optional(RuleFields.metric),
        period: Optional(RuleFields.period),
        threshold: Optional(RuleFields.threshold),
        awardName: Optional(RuleFields.awardName)
      }), ok: RecognitionRuleView, summary: "Update a recognition rule (its status changes only through enable/disable)" }).middleware(ClubManagers))
  .add(op.post("disableClubRecognitionRule", `${base}/recognition-rules/:id/disable`, { path: RulePath, ok: RecognitionRuleView, summary: "ENABLED → DISABLED (409 CLUB_RECOGNITION_RULE_MOVE_REFUSED otherwise)" }).middleware(ClubManagers))
  .add(op.post("enableClubRecognitionRule", `${base}/recognition-rules/:id/enable`, { path: RulePath, ok: RecognitionRuleView, summary: "DISABLED → ENABLED (409 CLUB_RECOGNITION_RULE_MOVE_REFUSED otherwise)" }).middleware(ClubManagers))
  .add(op.post("evaluateClubRecognitionRule", `${base}/recognition-rules/:id/evaluate`, { path: RulePath, body: Body({ periodKey: Optional(PeriodKey) }), ok: EvaluationView, summary: "Preview (dry run): the ACTIVE members who meet the rule in the period now; nothing is persisted" }).middleware(ClubManagers).annotate(OpenApi.Description, "periodKey: YYYY-MM for monthly rules, ISO YYYY-WW for weekly ones; default the current UTC month or week."))
  // awards
  .add(op.get("clubAwards", `${base}/awards`, { path: ClubPath, query: Query({ ...PageParams, userId: Optional(UuidStr), ruleId: Optional(UuidStr) }), ok: PageOf(ClubAwardView), summary: "The club's awards, newest first (`?userId`, `?ruleId`)" }).middleware(ClubManagers))
  .add(op.post("giveClubAward", `${base}/awards`, { path: ClubPath, body: Body({
        userId: UuidStr,
        name: Optional(StrLength(3, 120)),
        description: Optional(StrLength(0, 1000)),
        ruleId: Optional(UuidStr),
        periodKey: Optional(PeriodKey)
      }), ok: ClubAwardView, status: 201, summary: "Give an award to an ACTIVE member, optionally for a rule (once per member and period: 409 CLUB_AWARD_ALREADY_GIVEN)" }).middleware(ClubManagers))
  .add(op.del("revokeClubAward", `${base}/awards/:awardId`, { path: AwardPath, ok: ClubAwardView, summary: "Revoke an award (kept in the audit trail; a second delete is 404)" }).middleware(ClubManagers))
  .add(op.patch("updateClubAward", `${base}/awards/:awardId`, { path: AwardPath, body: Body({ name: Optional(StrLength(3, 120)), description: Optional(Schema.NullOr(StrLength(0, 1000))) }), ok: ClubAwardView, summary: "Update an award's name or description" }).middleware(ClubManagers))
  // audience segments
  .add(op.get("clubAudienceSegments", `${base}/audience-segments`, { path: ClubPath, query: Query({ ...PageParams, status: Optional(OneOf("ACTIVE", "ARCHIVED")) }), ok: PageOf(ClubSegmentView), summary: "The club's audience segments, newest first (`?status`)" }).middleware(ClubManagers))
  .add(op.post("createClubAudienceSegment", `${base}/audience-segments`, { path: ClubPath, body: SegmentCreateBody, ok: ClubSegmentView, status: 201, summary: "Create an audience segment: a filter over ACTIVE members (roles, tierIds, joinedBefore/After, minPoints, minAttendedRuns)" }).middleware(ClubManagers))
  .add(op.patch("updateClubAudienceSegment", `${base}/audience-segments/:id`, { path: SegmentPath, body: Body({ name: Optional(StrLength(3, 120)), description: Optional(Schema.NullOr(StrLength(0, 1000))), filter: Optional(SegmentFilterBody) }), ok: ClubSegmentView, summary: "Update an ACTIVE audience segment (409 CLUB_SEGMENT_ARCHIVED once archived)" }).middleware(ClubManagers))
  .add(op.post("archiveClubAudienceSegment", `${base}/audience-segments/:id/archive`, { path: SegmentPath, ok: ClubSegmentView, summary: "ACTIVE → ARCHIVED (409 CLUB_SEGMENT_ARCHIVED when already archived)" }).middleware(ClubManagers))
  .add(op.get("previewClubAudienceSegment", `${base}/audience-segments/:id/preview`, { path: SegmentPath, ok: Schema.Struct({ segmentId: Schema.String, count: Schema.Number, evaluatedAt: Schema.Date }), summary: "How many ACTIVE members the segment matches now (count only)" }).middleware(ClubManagers))
  .add(op.post("attachClubSegmentChallenge", `${base}/audience-segments/:id/challenges/:challengeId`, { path: SegmentChallengePath, ok: ClubSegmentView, summary: "Attach a challenge to an ACTIVE audience segment (idempotent; PATH NOT SHOWN: reconstructed)" }).middleware(ClubManagers).annotate(OpenApi.Description, "No challenges context exists yet: the challenge id is validated as a UUID and stored as a reference."))
  .add(op.del("detachClubSegmentChallenge", `${base}/audience-segments/:id/challenges/:challengeId`, { path: SegmentChallengePath, ok: ClubSegmentView, summary: "Detach a challenge (404 CLUB_SEGMENT_CHALLENGE_NOT_ATTACHED when it is not attached; PATH NOT SHOWN: reconstructed)" }).middleware(ClubManagers))
  // member segments
  .add(op.get("clubMemberSegments", `${base}/member-segments`, { path: ClubPath, query: Query({ ...PageParams }), ok: PageOf(ClubSegmentView), summary: "The club's saved member segments, newest first" }).middleware(ClubManagers))
  .add(op.post("createClubMemberSegment", `${base}/member-segments`, { path: ClubPath, body: SegmentCreateBody, ok: ClubSegmentView, status: 201, summary: "Save a member segment (the same filter as audience segments)" }).middleware(ClubManagers))
  .annotate(OpenApi.Title, "Club admin: recognition, awards and segments")
{}
