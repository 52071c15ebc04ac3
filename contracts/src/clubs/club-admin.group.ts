/**
 * The club admin workspace's community tools (C "Club admin", club OWNER/ADMIN): recognition rules
 * (created DISABLED; enable/disable, 409 CLUB_RECOGNITION_RULE_MOVE_REFUSED otherwise; evaluate is a
 * dry run), awards (given to ACTIVE members, optionally for a rule and period; DELETE revokes),
 * audience segments (archive, count-only preview, challenge attach/detach — the paths of those two
 * are reconstructed, and the challenge id is a UUID reference because no challenges context exists
 * yet) and member segments (list, create). Segments are filters over the club's ACTIVE members.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntBetween, OneOf, Optional, Query, says, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { ClubManagers, Ok, PageOf, PageParams } from "../common/index.js"
import { IsoDateTime } from "./club-runs.group.js"

const PeriodKey = Schema.String.pipe(
  Schema.filter((s) => /^\d{4}-\d{2}$/.test(s)),
  Schema.annotations(says("must be YYYY-MM (monthly rules) or YYYY-WW (weekly rules)"))
)

export const RecognitionRuleView = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  name: Schema.String,
  metric: Schema.Literal("points", "runs_attended"),
  period: Schema.Literal("week", "month"),
  threshold: Schema.Number,
  awardName: Schema.String,
  status: Schema.Literal("DISABLED", "ENABLED"),
  createdBy: Schema.String,
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "ClubRecognitionRule" })

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

export const ClubAwardView = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  userId: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  ruleId: Schema.NullOr(Schema.String),
  periodKey: Schema.NullOr(Schema.String),
  awardedBy: Schema.String,
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "ClubAward" })

const SegmentFilterBody = Body({
  roles: Optional(Schema.Array(OneOf("OWNER", "ADMIN", "MODERATOR", "MEMBER"))),
  tierIds: Optional(Schema.Array(UuidStr)),
  joinedBefore: Optional(IsoDateTime),
  joinedAfter: Optional(IsoDateTime),
  minPoints: Optional(IntBetween(-1_000_000_000, 1_000_000_000)),
  minAttendedRuns: Optional(IntBetween(0, 100_000))
})

const SegmentFilterView = Schema.Struct({
  roles: Schema.optional(Schema.Array(Schema.String)),
  tierIds: Schema.optional(Schema.Array(Schema.String)),
  joinedBefore: Schema.optional(Schema.Date),
  joinedAfter: Schema.optional(Schema.Date),
  minPoints: Schema.optional(Schema.Number),
  minAttendedRuns: Schema.optional(Schema.Number)
})

export const ClubSegmentView = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  kind: Schema.Literal("AUDIENCE", "MEMBER"),
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  filter: SegmentFilterView,
  status: Schema.Literal("ACTIVE", "ARCHIVED"),
  challengeIds: Schema.Array(Schema.String),
  createdBy: Schema.String,
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "ClubSegment" })

const SegmentCreateBody = Body({ name: StrLength(3, 120), description: Optional(StrLength(0, 1000)), filter: SegmentFilterBody })

const ClubPath = Schema.Struct({ clubId: Schema.String })
const RulePath = Schema.Struct({ clubId: Schema.String, id: Schema.String })
const AwardPath = Schema.Struct({ clubId: Schema.String, awardId: Schema.String })
const SegmentPath = Schema.Struct({ clubId: Schema.String, id: Schema.String })
const SegmentChallengePath = Schema.Struct({ clubId: Schema.String, id: Schema.String, challengeId: UuidStr })
const base = "/v2/clubs/:clubId/admin"

export class ClubAdminGroup extends HttpApiGroup.make("clubAdmin")
  // recognition rules
  .add(
    HttpApiEndpoint.get("clubRecognitionRules", `${base}/recognition-rules`)
      .middleware(ClubManagers)
      .setPath(ClubPath)
      .setUrlParams(Query({ ...PageParams, status: Optional(OneOf("DISABLED", "ENABLED")) }))
      .addSuccess(Ok(PageOf(RecognitionRuleView)))
      .annotate(OpenApi.Summary, "The club's recognition rules, newest first (`?status`)")
  )
  .add(
    HttpApiEndpoint.post("createClubRecognitionRule", `${base}/recognition-rules`)
      .middleware(ClubManagers)
      .setPath(ClubPath)
      .setPayload(Body(RuleFields))
      .addSuccess(Ok(RecognitionRuleView, { status: 201 }))
      .annotate(OpenApi.Summary, "Create a recognition rule `{name, metric: points|runs_attended, period: week|month, threshold, awardName}`; created DISABLED")
  )
  .add(
    HttpApiEndpoint.get("clubRecognitionRule", `${base}/recognition-rules/:id`)
      .middleware(ClubManagers)
      .setPath(RulePath)
      .addSuccess(Ok(RecognitionRuleView))
      .annotate(OpenApi.Summary, "One recognition rule")
  )
  .add(
    HttpApiEndpoint.patch("updateClubRecognitionRule", `${base}/recognition-rules/:id`)
      .middleware(ClubManagers)
      .setPath(RulePath)
      .setPayload(Body({
        name: Optional(RuleFields.name),
        metric: Optional(RuleFields.metric),
        period: Optional(RuleFields.period),
        threshold: Optional(RuleFields.threshold),
        awardName: Optional(RuleFields.awardName)
      }))
      .addSuccess(Ok(RecognitionRuleView))
      .annotate(OpenApi.Summary, "Update a recognition rule (its status changes only through enable/disable)")
  )
  .add(
    HttpApiEndpoint.post("disableClubRecognitionRule", `${base}/recognition-rules/:id/disable`)
      .middleware(ClubManagers)
      .setPath(RulePath)
      .addSuccess(Ok(RecognitionRuleView))
      .annotate(OpenApi.Summary, "ENABLED → DISABLED (409 CLUB_RECOGNITION_RULE_MOVE_REFUSED otherwise)")
  )
  .add(
    HttpApiEndpoint.post("enableClubRecognitionRule", `${base}/recognition-rules/:id/enable`)
      .middleware(ClubManagers)
      .setPath(RulePath)
      .addSuccess(Ok(RecognitionRuleView))
      .annotate(OpenApi.Summary, "DISABLED → ENABLED (409 CLUB_RECOGNITION_RULE_MOVE_REFUSED otherwise)")
  )
  .add(
    HttpApiEndpoint.post("evaluateClubRecognitionRule", `${base}/recognition-rules/:id/evaluate`)
      .middleware(ClubManagers)
      .setPath(RulePath)
      .setPayload(Body({ periodKey: Optional(PeriodKey) }))
      .addSuccess(Ok(EvaluationView))
      .annotate(OpenApi.Summary, "Preview (dry run): the ACTIVE members who meet the rule in the period now; nothing is persisted")
      .annotate(OpenApi.Description, "periodKey: YYYY-MM for monthly rules, ISO YYYY-WW for weekly ones; default the current UTC month or week.")
  )
  // awards
  .add(
    HttpApiEndpoint.get("clubAwards", `${base}/awards`)
      .middleware(ClubManagers)
      .setPath(ClubPath)
      .setUrlParams(Query({ ...PageParams, userId: Optional(UuidStr), ruleId: Optional(UuidStr) }))
      .addSuccess(Ok(PageOf(ClubAwardView)))
      .annotate(OpenApi.Summary, "The club's awards, newest first (`?userId`, `?ruleId`)")
  )
  .add(
    HttpApiEndpoint.post("giveClubAward", `${base}/awards`)
      .middleware(ClubManagers)
      .setPath(ClubPath)
      .setPayload(Body({
        userId: UuidStr,
        name: Optional(StrLength(3, 120)),
        description: Optional(StrLength(0, 1000)),
        ruleId: Optional(UuidStr),
        periodKey: Optional(PeriodKey)
      }))
      .addSuccess(Ok(ClubAwardView, { status: 201 }))
      .annotate(OpenApi.Summary, "Give an award to an ACTIVE member, optionally for a rule (once per member and period: 409 CLUB_AWARD_ALREADY_GIVEN)")
  )
  .add(
    HttpApiEndpoint.del("revokeClubAward", `${base}/awards/:awardId`)
      .middleware(ClubManagers)
      .setPath(AwardPath)
      .addSuccess(Ok(ClubAwardView))
      .annotate(OpenApi.Summary, "Revoke an award (kept in the audit trail; a second delete is 404)")
  )
  .add(
    HttpApiEndpoint.patch("updateClubAward", `${base}/awards/:awardId`)
      .middleware(ClubManagers)
      .setPath(AwardPath)
      .setPayload(Body({ name: Optional(StrLength(3, 120)), description: Optional(Schema.NullOr(StrLength(0, 1000))) }))
      .addSuccess(Ok(ClubAwardView))
      .annotate(OpenApi.Summary, "Update an award's name or description")
  )
  // audience segments
  .add(
    HttpApiEndpoint.get("clubAudienceSegments", `${base}/audience-segments`)
      .middleware(ClubManagers)
      .setPath(ClubPath)
      .setUrlParams(Query({ ...PageParams, status: Optional(OneOf("ACTIVE", "ARCHIVED")) }))
      .addSuccess(Ok(PageOf(ClubSegmentView)))
      .annotate(OpenApi.Summary, "The club's audience segments, newest first (`?status`)")
  )
  .add(
    HttpApiEndpoint.post("createClubAudienceSegment", `${base}/audience-segments`)
      .middleware(ClubManagers)
      .setPath(ClubPath)
      .setPayload(SegmentCreateBody)
      .addSuccess(Ok(ClubSegmentView, { status: 201 }))
      .annotate(OpenApi.Summary, "Create an audience segment: a filter over ACTIVE members (roles, tierIds, joinedBefore/After, minPoints, minAttendedRuns)")
  )
  .add(
    HttpApiEndpoint.patch("updateClubAudienceSegment", `${base}/audience-segments/:id`)
      .middleware(ClubManagers)
      .setPath(SegmentPath)
      .setPayload(Body({ name: Optional(StrLength(3, 120)), description: Optional(Schema.NullOr(StrLength(0, 1000))), filter: Optional(SegmentFilterBody) }))
      .addSuccess(Ok(ClubSegmentView))
      .annotate(OpenApi.Summary, "Update an ACTIVE audience segment (409 CLUB_SEGMENT_ARCHIVED once archived)")
  )
  .add(
    HttpApiEndpoint.post("archiveClubAudienceSegment", `${base}/audience-segments/:id/archive`)
      .middleware(ClubManagers)
      .setPath(SegmentPath)
      .addSuccess(Ok(ClubSegmentView))
      .annotate(OpenApi.Summary, "ACTIVE → ARCHIVED (409 CLUB_SEGMENT_ARCHIVED when already archived)")
  )
  .add(
    HttpApiEndpoint.get("previewClubAudienceSegment", `${base}/audience-segments/:id/preview`)
      .middleware(ClubManagers)
      .setPath(SegmentPath)
      .addSuccess(Ok(Schema.Struct({ segmentId: Schema.String, count: Schema.Number, evaluatedAt: Schema.Date })))
      .annotate(OpenApi.Summary, "How many ACTIVE members the segment matches now (count only)")
  )
  .add(
    HttpApiEndpoint.post("attachClubSegmentChallenge", `${base}/audience-segments/:id/challenges/:challengeId`)
      .middleware(ClubManagers)
      .setPath(SegmentChallengePath)
      .addSuccess(Ok(ClubSegmentView))
      .annotate(OpenApi.Summary, "Attach a challenge to an ACTIVE audience segment (idempotent; PATH NOT SHOWN: reconstructed)")
      .annotate(OpenApi.Description, "No challenges context exists yet: the challenge id is validated as a UUID and stored as a reference.")
  )
  .add(
    HttpApiEndpoint.del("detachClubSegmentChallenge", `${base}/audience-segments/:id/challenges/:challengeId`)
      .middleware(ClubManagers)
      .setPath(SegmentChallengePath)
      .addSuccess(Ok(ClubSegmentView))
      .annotate(OpenApi.Summary, "Detach a challenge (404 CLUB_SEGMENT_CHALLENGE_NOT_ATTACHED when it is not attached; PATH NOT SHOWN: reconstructed)")
  )
  // member segments
  .add(
    HttpApiEndpoint.get("clubMemberSegments", `${base}/member-segments`)
      .middleware(ClubManagers)
      .setPath(ClubPath)
      .setUrlParams(Query({ ...PageParams }))
      .addSuccess(Ok(PageOf(ClubSegmentView)))
      .annotate(OpenApi.Summary, "The club's saved member segments, newest first")
  )
  .add(
    HttpApiEndpoint.post("createClubMemberSegment", `${base}/member-segments`)
      .middleware(ClubManagers)
      .setPath(ClubPath)
      .setPayload(SegmentCreateBody)
      .addSuccess(Ok(ClubSegmentView, { status: 201 }))
      .annotate(OpenApi.Summary, "Save a member segment (the same filter as audience segments)")
  )
  .annotate(OpenApi.Title, "Club admin: recognition, awards and segments")
{}
