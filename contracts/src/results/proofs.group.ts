/**
 * Proofs of virtual efforts (B "Proofs"; C "Action center": pending proofs and submit), claimable
 * rewards (C "Action center") and series passes (C "Series passes", plus the organizer's create and
 * list, which the spec leaves out and a pass needs to exist). The spec shows no bodies; these are
 * our design:
 * - submit: exactly one of `activityId` (an activity of the caller's, started in the proof window)
 *   and `evidenceUrl`, the `elapsedSeconds` claimed, optionally `startedAt`, `gender`, `ageGroup`
 *   (the leaderboard's dimensions); 409 PROOF_NOT_ACCEPTED outside the window, PROOF_ALREADY_SUBMITTED
 *   while a proof is pending or approved.
 * - resolve: `decision` approve or reject (`reason` required to reject); idempotent, pending only
 *   (409 PROOF_STATUS_CONFLICT). Approval ranks the effort on the edition's leaderboard and issues
 *   the finisher RC and badge to the athlete's action center.
 * - revoke: approved only, once (a second revoke is 409 PROOF_STATUS_CONFLICT): leaderboard entry
 *   removed, certificate revoked, claimed finisher RC taken back, unclaimed rewards voided.
 * - claim: once (409 REWARD_NOT_CLAIMABLE); answers the caller's RC balance after it.
 * - series passes: register is idempotent per pass and athlete (the same registration again, 200);
 *   cancel gives the place back; entitlement lists the editions the caller's passes cover.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Body,
  ClaimableReward,
  ClaimableRewardStatus,
  DateTimeText,
  Edition,
  EvidenceUrl,
  inputOf,
  Instant,
  IntBetween,
  OneOf,
  Optional,
  Proof,
  Query,
  ResultGender,
  SeriesPass,
  SeriesPassRegistration,
  SeriesPassRegistrationStatus,
  StrLength,
  UuidStr
} from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, OrganizerManagers, OrganizerReaders, PageOf, PageParams, Requires, Role } from "../common/index.js"

const page = <S extends Schema.Schema.Any>(item: S, identifier: string) => PageOf(item).annotations({ identifier })

export const SubmitProofBody = Body({
  activityId: Optional(UuidStr),
  evidenceUrl: Optional(EvidenceUrl),
  elapsedSeconds: IntBetween(1, 604_800),
  startedAt: Optional(DateTimeText),
  gender: Optional(ResultGender),
  ageGroup: Optional(StrLength(1, 30))
})
export const ResolveProofBody = Body({ decision: OneOf("approve", "reject"), reason: Optional(StrLength(3, 500)) })
export const RevokeProofBody = Body({ reason: StrLength(3, 500) })

export const PendingProof = Schema.Struct({
  participationId: Schema.String,
  edition: Edition,
  proofDueAt: Instant,
  /** The last rejected proof of this participation, so the athlete knows why to submit again. */
  lastRejection: Schema.NullOr(Schema.Struct({ proofId: Schema.String, reason: Schema.NullOr(Schema.String), resolvedAt: Schema.NullOr(Instant) }))
}).annotations({ identifier: "PendingProof" })

export const ProofRevocation = Schema.Struct({
  proof: Proof,
  leaderboardEntryRemoved: Schema.Boolean,
  certificatesRevoked: Schema.Int,
  clawedBackRc: Schema.Int
}).annotations({ identifier: "ProofRevocation" })

export const RewardClaim = Schema.Struct({ reward: ClaimableReward, balance: Schema.Int }).annotations({ identifier: "RewardClaim" })

export const CreateSeriesPassBody = Body({
  ...inputOf(SeriesPass, { required: ["name", "fromYear", "toYear", "capacity"], optional: [] }).fields,
  description: Optional(Schema.NullOr(StrLength(0, 2000))),
  registrationClosesAt: Optional(Schema.NullOr(DateTimeText))
})

export const MySeriesPass = Schema.Struct({ ...SeriesPassRegistration.fields, pass: SeriesPass }).annotations({ identifier: "MySeriesPass" })
export const SeriesPassRegistrationResult = Schema.Struct({
  registration: SeriesPassRegistration,
  pass: SeriesPass,
  /** False when the caller already held the registration (the call changed nothing). */
  created: Schema.Boolean
}).annotations({ identifier: "SeriesPassRegistrationResult" })
export const SeriesPassEntitlement = Schema.Struct({
  covered: Schema.Boolean,
  items: Schema.Array(Schema.Struct({ passId: Schema.String, passName: Schema.String, eventId: Schema.String, edition: Edition }))
}).annotations({ identifier: "SeriesPassEntitlement" })

const athlete = Role("user")
const ProofId = Schema.Struct({ proofId: Schema.String })
const PassId = Schema.Struct({ passId: Schema.String })
const OrganizerHeader = Schema.Struct({ "x-organizer-id": Schema.optional(Schema.String) })

export class AdminProofsGroup extends HttpApiGroup.make("adminProofs")
  .add(op.post("resolveProof", "/v2/admin/proofs/:proofId/resolve", { path: ProofId, body: ResolveProofBody, ok: Proof, summary: "Approve or reject a pending proof (idempotent; 409 PROOF_STATUS_CONFLICT once resolved otherwise); approval ranks the effort and issues the finisher rewards" }))
  .add(op.post("revokeProof", "/v2/admin/proofs/:proofId/revoke", { path: ProofId, body: RevokeProofBody, ok: ProofRevocation, summary: "Revoke an approved proof once: leaderboard entry removed, certificate revoked, finisher RC clawed back (409 PROOF_STATUS_CONFLICT)" }))
  .add(op.get("proofReviewQueue", "/v2/admin/proofs/review-queue", { query: Query({ ...PageParams, editionId: Optional(UuidStr) }), ok: page(Proof, "ProofPage"), summary: "Pending proofs, oldest first (?editionId)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("events.manage"))
  .annotate(OpenApi.Title, "Admin: Events, challenges, editions / Proofs")
  .annotate(OpenApi.Description, "Review of athletes' proofs of virtual efforts (events.manage)")
{}

export class ActionCenterGroup extends HttpApiGroup.make("actionCenter")
  .add(op.get("claimableRewards", "/v2/users/me/claimable-rewards", { query: Query({ ...PageParams, status: Optional(ClaimableRewardStatus) }), ok: page(ClaimableReward, "ClaimableRewardPage"), summary: "The caller's rewards waiting to be claimed (?status for claimed or void ones), newest first" }))
  .add(op.post("claimReward", "/v2/users/me/claimable-rewards/:claimId/claim", { path: Schema.Struct({ claimId: Schema.String }), ok: RewardClaim, summary: "Claim a reward once: RC credited to the caller's wallet, a badge acknowledged (409 REWARD_NOT_CLAIMABLE)" }))
  .add(op.get("pendingProofs", "/v2/users/me/pending-proofs", { ok: Schema.Struct({ items: Schema.Array(PendingProof) }), summary: "The caller's virtual editions in their proof window still needing a proof, deadline first" }))
  .add(op.post("submitProof", "/v2/users/me/pending-proofs/:participationId/submit", { path: Schema.Struct({ participationId: Schema.String }), body: SubmitProofBody, ok: Proof, status: 201, summary: "Submit the effort of a virtual edition (409 PROOF_NOT_ACCEPTED, PROOF_ALREADY_SUBMITTED)" }))
  .middleware(Authenticated)
  .annotate(Requires, athlete)
  .annotate(OpenApi.Title, "Athlete / Action center")
  .annotate(OpenApi.Description, "Rewards to claim and proofs to submit")
{}

export class SeriesPassesGroup extends HttpApiGroup.make("seriesPasses")
  .add(op.get("mySeriesPasses", "/v2/me/series-passes", { query: Query({ status: Optional(SeriesPassRegistrationStatus) }), ok: Schema.Struct({ items: Schema.Array(MySeriesPass) }), summary: "The caller's series-pass registrations with their passes, newest first (?status)" }))
  .add(op.post("registerForSeriesPass", "/v2/me/series-passes/:passId/register", { path: PassId, ok: SeriesPassRegistrationResult, summary: "Register for a pass; idempotent per pass and athlete (409 SERIES_PASS_FULL, SERIES_PASS_CLOSED)" }))
  .add(op.del("cancelSeriesPassRegistration", "/v2/me/series-passes/:passId/registration", { path: PassId, ok: SeriesPassRegistration, summary: "Cancel the caller's registration, giving the place back (409 SERIES_PASS_REGISTRATION_CONFLICT when already cancelled)" }))
  .add(op.get("seriesPassEntitlement", "/v2/me/series-passes/entitlement", { query: Query({ eventId: Optional(UuidStr), editionId: Optional(UuidStr) }), ok: SeriesPassEntitlement, summary: "The editions the caller's passes cover (?eventId, ?editionId); covered says whether any did" }))
  .middleware(Authenticated)
  .annotate(Requires, athlete)
  .annotate(OpenApi.Title, "Athlete / Series passes")
  .annotate(OpenApi.Description, "Athletes' series passes")
{}

export class OrganizerSeriesPassesGroup extends HttpApiGroup.make("organizerSeriesPasses")
  .add(op.post("createSeriesPass", "/v2/organizers/events/:eventId/series-passes", { path: Schema.Struct({ eventId: Schema.String }), headers: OrganizerHeader, body: CreateSeriesPassBody, ok: SeriesPass, status: 201, summary: "Offer a pass to the editions of the event whose year is in [fromYear, toYear]" }).middleware(OrganizerManagers))
  .add(op.get("eventSeriesPasses", "/v2/organizers/events/:eventId/series-passes", { path: Schema.Struct({ eventId: Schema.String }), headers: OrganizerHeader, ok: Schema.Struct({ items: Schema.Array(SeriesPass) }), summary: "The event's series passes with their places taken, newest first" }).middleware(OrganizerReaders))
  .annotate(OpenApi.Title, "Event configuration: series passes")
  .annotate(OpenApi.Description, "The organizer's series passes of an event")
{}
