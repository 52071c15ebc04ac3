/**
 * Brand challenges. Admins (`challenges.manage`, as challenge review) see the brand challenges
 * waiting for approval (DRAFT) and approve (→ ACTIVE) or reject them with a reason of 10-500
 * characters (→ REJECTED); the decision is the challenge review move, so of two concurrent
 * decisions one wins and the other is 409 CHALLENGE_MOVE_REFUSED. A club's OWNER/ADMIN (club
 * tenancy guard) joins an approved brand challenge (emits `club.brand_challenge.joined`; joining
 * again changes nothing), withdraws, and reads its members' participations in it.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Challenge, ChallengeParticipation, ClubBrandChallengeEntry, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, ClubManagers, op, PageOf, PageParams, Requires } from "../common/index.js"

const ChallengeIdPath = Schema.Struct({ challengeId: Schema.String })
const ClubChallengePath = Schema.Struct({ clubId: Schema.String, challengeId: Schema.String })

export class AdminBrandChallengeApprovalsGroup extends HttpApiGroup.make("adminBrandChallengeApprovals")
  .add(op.get("pendingBrandChallenges", "/v2/admin/brand-challenge-approvals/pending", { query: Query({ ...PageParams }), ok: PageOf(Challenge), summary: "Brand challenges waiting for approval (DRAFT), newest first" }))
  .add(op.post("approveBrandChallenge", "/v2/admin/brand-challenge-approvals/:challengeId/approve", { path: ChallengeIdPath, ok: Challenge, summary: "Approve a brand challenge (DRAFT or REJECTED → ACTIVE)" }).annotate(OpenApi.Description, "404 BRAND_CHALLENGE_NOT_FOUND for a challenge of another creator; 409 BRAND_NOT_APPROVED while its brand is not APPROVED; 409 CHALLENGE_NOT_READY while readiness lists a reason; 409 CHALLENGE_MOVE_REFUSED from any other status (of two concurrent approvals one wins)."))
  .add(op.post("rejectBrandChallenge", "/v2/admin/brand-challenge-approvals/:challengeId/reject", { path: ChallengeIdPath, body: Body({ reason: StrLength(10, 500) }), ok: Challenge, summary: "Reject a pending brand challenge (DRAFT → REJECTED) with a reason of 10-500 characters shown to the brand" }).annotate(OpenApi.Description, "409 CHALLENGE_MOVE_REFUSED from any other status."))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("challenges.manage"))
  .annotate(OpenApi.Title, "Admin: brand challenge approvals")
{}

export const ClubBrandChallengeParticipationsView = Schema.Struct({
  challengeId: Schema.String,
  /** The club's entry (null before it joins). */
  clubEntry: Schema.NullOr(ClubBrandChallengeEntry),
  items: Schema.Array(ChallengeParticipation),
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number
}).annotations({ identifier: "ClubBrandChallengeParticipations" })

const base = "/v2/clubs/:clubId/admin/brand-challenges/:challengeId"

export class ClubBrandChallengesGroup extends HttpApiGroup.make("clubBrandChallenges")
  .add(op.post("joinClubBrandChallenge", `${base}/join`, { path: ClubChallengePath, ok: ClubBrandChallengeEntry, summary: "The club joins an approved brand challenge (idempotent; emits club.brand_challenge.joined once)" }).annotate(OpenApi.Description, "404 BRAND_CHALLENGE_NOT_FOUND for an unknown or non-brand challenge; 409 BRAND_CHALLENGE_NOT_APPROVED before approval (DRAFT, REJECTED); 409 BRAND_CHALLENGE_CLOSED once CLOSED or CANCELLED. A withdrawn club may join again."))
  .add(op.post("withdrawClubBrandChallenge", `${base}/withdraw`, { path: ClubChallengePath, ok: ClubBrandChallengeEntry, summary: "The club withdraws from a brand challenge it joined (JOINED → WITHDRAWN)" }).annotate(OpenApi.Description, "404 CLUB_BRAND_CHALLENGE_NOT_JOINED when it never joined; 409 CLUB_BRAND_CHALLENGE_MOVE_REFUSED when already withdrawn. Members' own participations stay."))
  .add(op.get("clubBrandChallengeParticipations", `${base}/participations`, { path: ClubChallengePath, query: Query({ ...PageParams }), ok: ClubBrandChallengeParticipationsView, summary: "The club's ACTIVE members' participations in the brand challenge, oldest join first, with the club's entry" }))
  .middleware(ClubManagers)
  .annotate(OpenApi.Title, "Club admin: brand challenges")
{}
