/**
 * Challenges (C "Badges and challenges": Challenges, Club challenges, Challenge participations,
 * Challenge templates; B "Challenge management"). One record, `Challenge` in the kernel, answers
 * every read; bodies are its projections.
 *
 * Who may call: discovery, the public view, tags, participants and `calendar.ics` are public;
 * creating and managing need a signed-in OWNER/ADMIN of the creating organizer or club, or an admin
 * with `challenges.manage` (`AdminsNeed`: admins need the permission, everyone else passes to the
 * creator check in core); club routes are guarded by the club tenancy guard (OWNER/ADMIN); review,
 * force-close, reopen and the management reads need `challenges.manage`; joining is for athletes.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import {
  Body,
  Bool,
  Challenge,
  ChallengeActivityType,
  ChallengeCreatorType,
  ChallengeParticipation,
  ChallengeStatus,
  ChallengeTag,
  ChallengeTemplate,
  Instant,
  InstantInput,
  IntFromText,
  inputOf,
  OneOf,
  Optional,
  Query,
  StrLength,
  UuidStr
} from "@podium/kernel"
import { Schema } from "effect"
import { PrizesField } from "./challenge-rewards.group.js"
import { AdminPermission, AdminsNeed, Authenticated, ClubManagers, GatewayCheckout, op, PageOf, PageParams, Requires, Role, VerifyCheckoutBody } from "../common/index.js"

const manage = AdminsNeed("challenges.manage")
const admin = AdminPermission("challenges.manage")

const setupFields = ["description", "maxParticipants", "entryFee", "charityId", "tags", "coverImageUrl"] as const
const dates = { startsAt: InstantInput, endsAt: InstantInput }
const created = inputOf(Challenge, { required: ["title", "activityType", "goalType", "goalValue", "timeZone"], optional: [...setupFields, "slug"] })

/** A club's challenge: the set-up only (the club is the path's). */
export const CreateClubChallengeBody = Body({ ...created.fields, ...dates, prizes: PrizesField })
/** A new challenge and its creator: `admin` (the platform's own), or the organizer or club named by `creatorId`. */
export const CreateChallengeBody = Body({ ...created.fields, ...dates, creatorType: ChallengeCreatorType, creatorId: Optional(Schema.String), prizes: PrizesField })
const updated = inputOf(Challenge, { required: [], optional: ["title", "activityType", "goalType", "goalValue", "timeZone", "slug", "isFeatured", ...setupFields] })
export const UpdateChallengeBody = Body({ ...updated.fields, startsAt: Optional(InstantInput), endsAt: Optional(InstantInput), prizes: PrizesField })
export const ReviewChallengeBody = Body({ decision: OneOf("APPROVE", "REJECT"), note: Optional(StrLength(1, 1000)) })
export const ReasonBody = Body({ reason: Optional(StrLength(1, 1000)) })
export const RevokeBody = Body({ reason: StrLength(3, 1000) })
export const ReopenBody = Body({ endsAt: Optional(InstantInput) })
export const TagsBody = Body({ tags: Schema.Array(ChallengeTag) })
export const SaveTemplateBody = Body({ challengeId: UuidStr, name: Optional(StrLength(3, 120)) })

const ChallengePage = PageOf(Challenge)
const IdPath = Schema.Struct({ id: Schema.String })
const ClubPath = Schema.Struct({ clubId: Schema.String })
const ClubChallengePath = Schema.Struct({ clubId: Schema.String, id: Schema.String })
const ChallengeIdPath = Schema.Struct({ challengeId: Schema.String })
const Deleted = Schema.Struct({ id: Schema.String, deleted: Schema.Literal(true) })
const Discovery = { ...PageParams, tag: Optional(ChallengeTag), activityType: Optional(ChallengeActivityType), q: Optional(StrLength(1, 100)) }

export const ChallengeTagView = Schema.Struct({ slug: Schema.String, label: Schema.String }).annotations({ identifier: "ChallengeTag" })
export const ChallengeTagsView = Schema.Struct({ challengeId: Schema.String, tags: Schema.Array(ChallengeTagView) })
export const ParticipationWithChallengeView = Schema.Struct({ ...ChallengeParticipation.fields, challenge: Challenge })
export const ChallengeReadinessView = Schema.Struct({
  challengeId: Schema.String,
  status: ChallengeStatus,
  ready: Schema.Boolean,
  reasons: Schema.Array(Schema.Struct({ code: OneOf("NOT_IN_REVIEW", "DESCRIPTION_MISSING", "END_DATE_PASSED"), message: Schema.String }))
}).annotations({ identifier: "ChallengeReadiness" })
export const ChallengeCalendar = HttpApiSchema.Text({ contentType: "text/calendar" })

export class ChallengesGroup extends HttpApiGroup.make("challenges")
  .add(op.get("discoverChallenges", "/v2/challenges/discover", { query: Query(Discovery), ok: ChallengePage, summary: "Challenges an athlete can join now (ACTIVE, not ended, not full), soonest start first (public)" }))
  .add(op.get("exploreChallenges", "/v2/challenges/explore", { query: Query({ ...Discovery, phase: Optional(OneOf("upcoming", "ongoing", "past")), creatorType: Optional(ChallengeCreatorType), sort: Optional(OneOf("popular", "startsAt", "newest")) }), ok: ChallengePage, summary: "Browse public challenges by phase, tag, sport and creator; most joined first by default (public)" }))
  .add(op.get("featuredChallenges", "/v2/challenges/featured", { query: Query(PageParams), ok: ChallengePage, summary: "Featured challenges that have not ended (public)" }))
  .add(op.get("challengeTagTaxonomy", "/v2/challenges/tags/taxonomy", { ok: Schema.Array(ChallengeTagView), summary: "The 14 canonical challenge tags (public)" }))
  .add(op.get("challengesByTag", "/v2/challenges/tags/:slug/challenges", { path: Schema.Struct({ slug: Schema.String }), query: Query(PageParams), ok: ChallengePage, summary: "Public challenges carrying one tag; 404 CHALLENGE_TAG_NOT_FOUND outside the taxonomy" }))
  .add(op.get("publicChallenge", "/v2/challenges/:idOrSlug/public", { path: Schema.Struct({ idOrSlug: Schema.String }), ok: Challenge, summary: "A challenge by id or slug (public; ACTIVE, PAUSED or CLOSED only)" }))
  .add(op.get("challengeTags", "/v2/challenges/:id/tags", { path: IdPath, ok: ChallengeTagsView, summary: "A public challenge's tags" }))
  .add(op.get("challengeCalendar", "/v2/challenges/:id/calendar.ics", { path: IdPath, success: ChallengeCalendar, summary: "A public challenge as an iCalendar event in the challenge's time zone (text/calendar)" }))
  .add(op.get("challengeParticipants", "/v2/challenges/:id/participants", { path: IdPath, query: Query(PageParams), ok: PageOf(ChallengeParticipation), summary: "The athletes joined to a public challenge, newest first (paginated)" }))
  .add(op.get("listChallenges", "/v2/challenges", { query: Query({ ...PageParams, creatorType: Optional(ChallengeCreatorType), creatorId: Optional(Schema.String), status: Optional(ChallengeStatus), q: Optional(StrLength(1, 100)) }), ok: ChallengePage, summary: "One creator's challenges, newest first (its OWNER/ADMIN); admins may omit the creator to list all" }).middleware(Authenticated).annotate(Requires, manage))
  .add(op.post("createChallenge", "/v2/challenges", { body: CreateChallengeBody, ok: Challenge, status: 201, summary: "Draft a challenge for an organizer or club (its OWNER/ADMIN), a brand (a user holding an ACTIVE account of the APPROVED brand) or, as an admin, the platform" }).middleware(Authenticated).annotate(Requires, manage).annotate(OpenApi.Description, "Status DRAFT until an admin's review. creatorType `brand`: 404 CREATOR_NOT_FOUND for an unknown brand, 403 SPONSOR_BRAND_NOT_APPROVED while it is not APPROVED; a brand challenge waits in the brand challenge approvals queue. endsAt must be after startsAt. slug defaults to the title's with a short suffix; 409 CHALLENGE_SLUG_TAKEN."))
  .add(op.get("getChallenge", "/v2/challenges/:id", { path: IdPath, ok: Challenge, summary: "A challenge as its manager sees it (any status)" }).middleware(Authenticated).annotate(Requires, manage))
  .add(op.patch("updateChallenge", "/v2/challenges/:id", { path: IdPath, body: UpdateChallengeBody, ok: Challenge, summary: "Change a challenge's set-up (not once CLOSED or CANCELLED); only admins feature" }).middleware(Authenticated).annotate(Requires, manage).annotate(OpenApi.Description, "409 CHALLENGE_NOT_EDITABLE once closed or cancelled; 409 CHALLENGE_CAP_BELOW_PARTICIPANTS when maxParticipants is below the joined count."))
  .add(op.del("deleteChallenge", "/v2/challenges/:id", { path: IdPath, ok: Deleted, summary: "Delete a challenge that never went live (DRAFT or REJECTED; 409 CHALLENGE_NOT_DELETABLE otherwise)" }).middleware(Authenticated).annotate(Requires, manage))
  .add(op.get("challengeReadiness", "/v2/challenges/:id/readiness", { path: IdPath, ok: ChallengeReadinessView, summary: "What keeps the challenge from going live, as reasons (none: an admin may approve it)" }).middleware(Authenticated).annotate(Requires, manage))
  .add(op.patch("reviewChallenge", "/v2/challenges/:id/review", { path: IdPath, body: ReviewChallengeBody, ok: Challenge, summary: "Admin review: APPROVE (DRAFT or REJECTED → ACTIVE) or REJECT with a note (DRAFT → REJECTED)" }).middleware(Authenticated).annotate(Requires, admin).annotate(OpenApi.Description, "409 CHALLENGE_MOVE_REFUSED from any other status (of two concurrent reviews one wins); APPROVE is 409 CHALLENGE_NOT_READY while the readiness read lists a reason."))
  .add(op.patch("toggleChallenge", "/v2/challenges/:id/toggle", { path: IdPath, ok: Challenge, summary: "Pause an ACTIVE challenge or resume a PAUSED one (a paused challenge takes no joins)" }).middleware(Authenticated).annotate(Requires, manage))
  .add(op.post("cancelChallenge", "/v2/challenges/:id/cancel", { path: IdPath, body: ReasonBody, ok: Challenge, summary: "Cancel a challenge that has not closed" }).middleware(Authenticated).annotate(Requires, manage))
  .add(op.patch("setChallengeTags", "/v2/challenges/:id/tags", { path: IdPath, body: TagsBody, ok: ChallengeTagsView, summary: "Replace a challenge's tags; only the 14 taxonomy tags are accepted" }).middleware(Authenticated).annotate(Requires, manage))
  .annotate(OpenApi.Title, "Challenges")
  .annotate(OpenApi.Description, "Challenge records, their life cycle and discovery")
{}

export class ClubChallengesGroup extends HttpApiGroup.make("clubChallenges")
  .add(op.get("listClubChallenges", "/v2/challenges/club/:clubId", { path: ClubPath, query: Query({ ...PageParams, status: Optional(ChallengeStatus) }), ok: ChallengePage, summary: "The club's challenges in every status, newest first (club OWNER/ADMIN)" }))
  .add(op.post("createClubChallenge", "/v2/challenges/club/:clubId", { path: ClubPath, body: CreateClubChallengeBody, ok: Challenge, status: 201, summary: "Draft a challenge of the club (club OWNER/ADMIN)" }))
  .add(op.patch("updateClubChallenge", "/v2/challenges/club/:clubId/:id", { path: ClubChallengePath, body: UpdateChallengeBody, ok: Challenge, summary: "Change a club challenge's set-up" }))
  .add(op.post("cancelClubChallenge", "/v2/challenges/club/:clubId/:id/cancel", { path: ClubChallengePath, body: ReasonBody, ok: Challenge, summary: "Cancel a club challenge" }).annotate(OpenApi.Description, "Paid participations of a cancelled challenge show `refundDue: true` in their payment summary; the refund itself is paid out by the money flows."))
  .add(op.patch("toggleClubChallenge", "/v2/challenges/club/:clubId/:id/toggle", { path: ClubChallengePath, ok: Challenge, summary: "Pause or resume a club challenge" }))
  .middleware(ClubManagers)
  .annotate(OpenApi.Title, "Club challenges")
  .annotate(OpenApi.Description, "A club's OWNER/ADMIN runs the club's challenges")
{}

export class ClubPublicChallengesGroup extends HttpApiGroup.make("clubPublicChallenges")
  .add(op.get("clubPublicChallenges", "/v2/clubs/:id/challenges", { path: IdPath, query: Query(PageParams), ok: ChallengePage, summary: "A club's public challenges (ACTIVE, PAUSED, CLOSED), soonest start first (public)" }))
  .add(op.get("organizationPublicChallenges", "/v2/organizations/:id/challenges", { path: IdPath, query: Query(PageParams), ok: ChallengePage, summary: "An organizer's public challenges (ACTIVE, PAUSED, CLOSED), soonest start first (public)" }))
  .annotate(OpenApi.Title, "Creators' challenges (public)")
{}

/** A join: the participation and, for a paid challenge awaiting payment, the checkout to pay. */
export const ChallengeJoinView = Schema.Struct({ ...ChallengeParticipation.fields, payment: Schema.NullOr(GatewayCheckout) })
  .annotations({ identifier: "ChallengeJoin" })

export const ChallengePaymentView = Schema.Struct({
  challengeId: Schema.String,
  participationId: Schema.String,
  status: ChallengeParticipation.fields.status,
  entryFee: Schema.Int,
  currency: Schema.String,
  paid: Schema.Boolean,
  paymentId: Schema.NullOr(Schema.String),
  paidAt: Schema.NullOr(Instant),
  /** Until when a pending join holds its place (null once joined or left). */
  holdExpiresAt: Schema.NullOr(Instant),
  holdActive: Schema.Boolean,
  orderId: Schema.NullOr(Schema.String),
  orderStatus: Schema.NullOr(Schema.String),
  /** The order's payments as the gateway reported them (checkout or webhook). */
  payments: Schema.Array(Schema.Struct({ paymentId: Schema.String, status: Schema.String, amount: Schema.Int, currency: Schema.String, method: Schema.NullOr(Schema.String) })),
  /** Paid into a challenge that was since cancelled: the entry fee is owed back. */
  refundDue: Schema.Boolean
}).annotations({ identifier: "ChallengePaymentSummary" })

export class ChallengeParticipationsGroup extends HttpApiGroup.make("challengeParticipations")
  .add(op.get("myChallengeParticipations", "/v2/challenge-participations", { query: Query({ ...PageParams, status: Optional(ChallengeParticipation.fields.status) }), ok: PageOf(ParticipationWithChallengeView), summary: "The caller's participations with their challenges, newest join first" }))
  .add(op.post("joinChallenge", "/v2/challenge-participations/:challengeId", { path: ChallengeIdPath, ok: ChallengeJoinView, status: 201, summary: "Join an ACTIVE challenge that has not ended; rejoining after a leave reuses the participation" }).annotate(OpenApi.Description, "A free challenge joins at once (`payment: null`). A paid one (entryFee above 0) answers PENDING_PAYMENT with `payment`, the gateway order to pay, holding the place for 30 minutes; joining again while pending issues a fresh order; an athlete who paid and left rejoins without paying. 409 CHALLENGE_FULL at the cap (joined athletes and live holds count; concurrent joins never pass it), CHALLENGE_NOT_JOINABLE, CHALLENGE_ALREADY_JOINED, PARTICIPATION_REVOKED; 503 PAYMENT_GATEWAY_NOT_CONFIGURED for a paid challenge without a gateway."))
  .add(op.get("challengePaymentSummary", "/v2/challenge-participations/:challengeId/payment-summary", { path: ChallengeIdPath, ok: ChallengePaymentView, summary: "The caller's payment for a challenge: fee, hold, order and its payments, refund due" }).annotate(OpenApi.Description, "404 PARTICIPATION_NOT_FOUND when the caller never joined."))
  .add(op.post("verifyChallengePayment", "/v2/challenge-participations/:challengeId/verify-payment", { path: ChallengeIdPath, body: VerifyCheckoutBody, ok: ChallengeParticipation, summary: "Confirm the caller's pending paid join with the gateway checkout's payment (once; the webhook may confirm it first)" }).annotate(OpenApi.Description, "400 PAYMENT_SIGNATURE_INVALID, 400 PAYMENT_MISMATCH; 404 PARTICIPATION_NOT_FOUND for an order that is not the caller's join; 409 CHALLENGE_PAYMENT_NOT_PENDING when nothing awaits payment, 409 CHALLENGE_PAYMENT_NOT_CAPTURED while the gateway has not captured it, 409 CHALLENGE_FULL when the hold lapsed and the cap filled meanwhile."))
  .add(op.get("myChallengeParticipation", "/v2/challenge-participations/:challengeId", { path: ChallengeIdPath, ok: ChallengeParticipation, summary: "The caller's participation in one challenge" }))
  .add(op.patch("updateMyChallengeParticipation", "/v2/challenge-participations/:challengeId", { path: ChallengeIdPath, body: Body({ leaderboardVisible: Optional(Bool) }), ok: ChallengeParticipation, summary: "Show on public leaderboards by name, or hide (keeping your place; your own entry still shows you)" }))
  .add(op.del("leaveChallenge", "/v2/challenge-participations/:challengeId", { path: ChallengeIdPath, ok: ChallengeParticipation, summary: "Leave a joined challenge while it is ACTIVE or PAUSED" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("user"))
  .annotate(OpenApi.Title, "Challenge participations")
  .annotate(OpenApi.Description, "Athletes join and leave challenges")
{}

export class ChallengeTemplatesGroup extends HttpApiGroup.make("challengeTemplates")
  .add(op.get("listChallengeTemplates", "/v2/challenge-templates", { query: Query({ creatorType: Optional(ChallengeCreatorType), creatorId: Optional(Schema.String) }), ok: Schema.Array(ChallengeTemplate), summary: "One creator's templates, newest first (its OWNER/ADMIN); admins may omit the creator" }))
  .add(op.post("saveChallengeTemplate", "/v2/challenge-templates", { body: SaveTemplateBody, ok: ChallengeTemplate, status: 201, summary: "Save a challenge's set-up as a template of its creator (dates kept as a duration in days)" }))
  .add(op.del("deleteChallengeTemplate", "/v2/challenge-templates/:id", { path: IdPath, ok: Deleted, summary: "Delete a template" }))
  .middleware(Authenticated)
  .annotate(Requires, manage)
  .annotate(OpenApi.Title, "Challenge templates")
{}

export const HistoryLogView = Schema.Struct({
  seq: Schema.Number,
  id: Schema.String,
  occurredAt: Instant,
  action: Schema.String,
  actorKind: Schema.String,
  actorId: Schema.NullOr(Schema.String),
  challengeId: Schema.NullOr(Schema.String),
  reason: Schema.NullOr(Schema.String),
  data: Schema.Record({ key: Schema.String, value: Schema.Unknown })
}).annotations({ identifier: "ChallengeHistoryLog" })
const Counts = Schema.Record({ key: Schema.String, value: Schema.Number })
export const ChallengeStatsView = Schema.Struct({
  challenges: Schema.Struct({ total: Schema.Number, byStatus: Counts }),
  participations: Schema.Struct({ total: Schema.Number, byStatus: Counts })
})
export const UserChallengeSummaryView = Schema.Struct({ userId: Schema.String, total: Schema.Number, byStatus: Counts })
const base = "/v2/admin/challenge-management"

export class AdminChallengeManagementGroup extends HttpApiGroup.make("adminChallengeManagement")
  .add(op.get("adminListChallenges", `${base}/challenges`, { query: Query({ ...PageParams, status: Optional(ChallengeStatus), creatorType: Optional(ChallengeCreatorType), creatorId: Optional(Schema.String), q: Optional(StrLength(1, 100)) }), ok: ChallengePage, summary: "Every challenge, newest first, by status, creator and title" }))
  .add(op.post("adminCloseChallenge", `${base}/challenges/:id/close`, { path: IdPath, body: ReasonBody, ok: Challenge, summary: "Force-close an ACTIVE or PAUSED challenge (409 CHALLENGE_MOVE_REFUSED otherwise)" }))
  .add(op.post("adminReopenChallenge", `${base}/challenges/:id/reopen`, { path: IdPath, body: ReopenBody, ok: Challenge, summary: "Reopen a CLOSED challenge; its end date must be, or be moved, after now (409 CHALLENGE_ENDED)" }))
  .add(op.get("adminChallengeHistory", `${base}/history-logs`, { query: Query({ challengeId: Optional(Schema.String), beforeSeq: Optional(IntFromText(1, Number.MAX_SAFE_INTEGER)), limit: Optional(IntFromText(1, 200)) }), ok: Schema.Array(HistoryLogView), summary: "The audit trail of challenges (one or all), newest first; page with beforeSeq" }))
  .add(op.get("adminListParticipations", `${base}/participations`, { query: Query({ ...PageParams, challengeId: Optional(Schema.String), userId: Optional(Schema.String), status: Optional(ChallengeParticipation.fields.status) }), ok: PageOf(ChallengeParticipation), summary: "Participations by challenge, athlete and status, newest join first" }))
  .add(op.post("adminRevokeParticipation", `${base}/participations/:participationId/revoke`, { path: Schema.Struct({ participationId: Schema.String }), body: RevokeBody, ok: ChallengeParticipation, summary: "Revoke a participation (JOINED or LEFT → REVOKED; the athlete cannot rejoin); audited" }))
  .add(op.get("adminChallengeStats", `${base}/stats`, { ok: ChallengeStatsView, summary: "Challenges and participations by status" }))
  .add(op.get("adminUserChallenges", "/v2/admin/users/:id/challenges", { path: IdPath, query: Query({ ...PageParams, status: Optional(ChallengeParticipation.fields.status) }), ok: PageOf(ParticipationWithChallengeView), summary: "One athlete's participations with their challenges, newest join first" }))
  .add(op.get("adminUserChallengeSummary", `${base}/users/:userId/summary`, { path: Schema.Struct({ userId: Schema.String }), ok: UserChallengeSummaryView, summary: "One athlete's participations by status" }))
  .middleware(Authenticated)
  .annotate(Requires, admin)
  .annotate(OpenApi.Title, "Admin: challenge management")
  .annotate(OpenApi.Description, "Admins close, reopen and oversee challenges and participations; permission challenges.manage")
{}
