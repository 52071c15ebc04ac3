/**
 * Club oversight by platform admins holding `clubs.review` (B "Clubs", B "Verification";
 * states.tsv "Club", "Club verification"):
 * - the club list (filters `status`, `verificationStatus`, `search`; paginated) and detail, PATCH;
 * - deactivate `{reason}` (10-500, verbatim) / reactivate — 409 CLUB_OVERSIGHT_MOVE_REFUSED from the
 *   wrong state;
 * - the verified badge: verify-approve (NONE/QUEUED/REJECTED → VERIFIED), verify-reject `{reason}`
 *   (NONE/QUEUED/VERIFIED → REJECTED), the verification queue (ACTIVE clubs with NONE or QUEUED,
 *   QUEUED first) — also served under `/v2/admin/verification/clubs...`;
 * - members: list (any status, filters), add (`mode: ADD` `{userId, role}` → ACTIVE at once;
 *   `mode: INVITE` → an invite, targeted when `targetUserId` is given, else a share link, token shown
 *   once), PATCH `{role?, status?}` (status ACTIVE approves a PENDING request or reinstates a REMOVED
 *   member; REMOVED removes), DELETE (→ REMOVED). The last ACTIVE OWNER can never be removed or
 *   demoted: 409 CLUB_LAST_OWNER.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, IntBetween, OneOf, Optional, Query, says, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, PageOf, PageParams, Requires } from "../common/index.js"
import { AdminClubStateView, AdminClubView, ClubInviteView } from "./club-community.dto.js"
import { ClubMemberView, ClubView } from "./club.dto.js"
import { SportId } from "./clubs.group.js"

const IdPath = Schema.Struct({ id: Schema.String })
const MemberPath = Schema.Struct({ id: Schema.String, userId: Schema.String })
const ClubIdPath = Schema.Struct({ clubId: Schema.String })
const ReasonBody = Body({ reason: StrLength(10, 500) })
const Verification = OneOf("NONE", "QUEUED", "VERIFIED", "REJECTED")

export const AdminClubPatchBody = Body({
  name: Optional(StrLength(2, 80)),
  description: Optional(Schema.NullOr(StrLength(0, 2000))),
  sportIds: Optional(Schema.Array(SportId).pipe(Schema.maxItems(10), Schema.annotations(says("sportIds must contain at most 10 sports")))),
  city: Optional(Schema.NullOr(StrLength(1, 80))),
  clubType: Optional(OneOf("COMMUNITY", "CLUB_MEMBERSHIP")),
  requiresApproval: Optional(Bool),
  payoutFrozen: Optional(Bool)
})

export const AdminAddMemberBody = Body({
  /** ADD (default): the athlete becomes an ACTIVE member now. INVITE: create an invite. */
  mode: Optional(OneOf("ADD", "INVITE")),
  userId: Optional(UuidStr),
  role: Optional(OneOf("OWNER", "ADMIN", "MODERATOR", "MEMBER")),
  targetUserId: Optional(UuidStr),
  expiresInHours: Optional(IntBetween(1, 2160)),
  maxUses: Optional(IntBetween(1, 10_000))
})

export const AdminAddMemberResult = Schema.Struct({
  member: Schema.NullOr(ClubMemberView),
  invite: Schema.NullOr(ClubInviteView),
  /** The invite token, shown only here (preview: /v2/clubs/invites/by-token/{token}). */
  token: Schema.NullOr(Schema.String)
}).annotations({ identifier: "AdminClubMemberAdded" })

export const AdminMemberPatchBody = Body({
  role: Optional(OneOf("OWNER", "ADMIN", "MODERATOR", "MEMBER")),
  status: Optional(OneOf("ACTIVE", "REMOVED"))
})

const ListParams = Query({
  ...PageParams,
  status: Optional(OneOf("DRAFT", "PENDING_APPROVAL", "ACTIVE", "SUSPENDED")),
  verificationStatus: Optional(Verification),
  search: Optional(StrLength(1, 80))
})

const QueueParams = Query({ ...PageParams, verificationStatus: Optional(Verification), search: Optional(StrLength(1, 80)) })

export class AdminClubsGroup extends HttpApiGroup.make("adminClubs")
  .add(op.get("adminListClubs", "/v2/admin/clubs", { query: ListParams, ok: PageOf(ClubView), summary: "Every club, newest first (`?status`, `?verificationStatus`, `?search`, `?page`, `?limit`)" }).middleware(Authenticated))
  .add(op.get("adminClubVerificationQueue", "/v2/admin/clubs/verification-queue", { query: QueueParams, ok: PageOf(ClubView), summary: "ACTIVE clubs awaiting the badge decision (NONE or QUEUED; QUEUED first, then oldest)" }).middleware(Authenticated))
  .add(op.get("adminGetClub", "/v2/admin/clubs/:id", { path: IdPath, ok: AdminClubView, summary: "One club with oversight state and member, pending and follower counts" }).middleware(Authenticated))
  .add(op.patch("adminPatchClub", "/v2/admin/clubs/:id", { path: IdPath, body: AdminClubPatchBody, ok: AdminClubStateView, summary: "Edit name, description, sports, city, type, gating (requiresApproval) and payout freeze" }).middleware(Authenticated))
  .add(op.post("adminDeactivateClub", "/v2/admin/clubs/:id/deactivate", { path: IdPath, body: ReasonBody, ok: AdminClubStateView, summary: "Deactivate an active club with a reason (10-500, verbatim); hidden from athletes" }).middleware(Authenticated))
  .add(op.post("adminReactivateClub", "/v2/admin/clubs/:id/reactivate", { path: IdPath, ok: AdminClubStateView, summary: "Reactivate a deactivated club (reason cleared)" }).middleware(Authenticated))
  .add(op.post("adminVerifyApproveClub", "/v2/admin/clubs/:id/verify-approve", { path: IdPath, ok: AdminClubStateView, summary: "Grant the verified badge (NONE, QUEUED or REJECTED → VERIFIED)" }).middleware(Authenticated))
  .add(op.post("adminVerifyRejectClub", "/v2/admin/clubs/:id/verify-reject", { path: IdPath, body: ReasonBody, ok: AdminClubStateView, summary: "Refuse or revoke the badge with a reason (NONE, QUEUED or VERIFIED → REJECTED)" }).middleware(Authenticated))
  .add(op.get("adminClubMembers", "/v2/admin/clubs/:id/members", { path: IdPath, query: Query({
        ...PageParams,
        status: Optional(OneOf("ACTIVE", "PENDING", "LEFT", "REMOVED")),
        role: Optional(OneOf("OWNER", "ADMIN", "MODERATOR", "MEMBER"))
      }), ok: PageOf(ClubMemberView), summary: "Every membership of the club (`?status`, `?role`), owners and staff first" }).middleware(Authenticated))
  .add(op.post("adminAddClubMember", "/v2/admin/clubs/:id/members", { path: IdPath, body: AdminAddMemberBody, ok: AdminAddMemberResult, status: 201, summary: "Add a member with a role (mode ADD) or create an invite (mode INVITE: targeted with targetUserId, else a share link)" }).middleware(Authenticated))
  .add(op.patch("adminPatchClubMember", "/v2/admin/clubs/:id/members/:userId", { path: MemberPath, body: AdminMemberPatchBody, ok: ClubMemberView, summary: "Change role and/or status (ACTIVE: approve a PENDING request or reinstate; REMOVED: remove); last OWNER: 409" }).middleware(Authenticated))
  .add(op.del("adminRemoveClubMember", "/v2/admin/clubs/:id/members/:userId", { path: MemberPath, ok: ClubMemberView, summary: "Remove a member (ACTIVE or PENDING → REMOVED); last OWNER: 409 CLUB_LAST_OWNER" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("clubs.review"))
  .annotate(OpenApi.Title, "Clubs (admin)")
{}

/** B "Verification", club rows: the same queue and moves as the admin clubs routes. */
export class AdminClubVerificationGroup extends HttpApiGroup.make("adminClubVerification")
  .add(op.get("listClubVerification", "/v2/admin/verification/clubs", { query: QueueParams, ok: PageOf(ClubView), summary: "ACTIVE clubs by badge status (default NONE and QUEUED; `?verificationStatus` for one)" }).middleware(Authenticated))
  .add(op.get("getClubVerification", "/v2/admin/verification/clubs/:clubId", { path: ClubIdPath, ok: AdminClubView, summary: "One club's verification record (badge status and reason, counts)" }).middleware(Authenticated))
  .add(op.post("approveClubVerification", "/v2/admin/verification/clubs/:clubId/approve", { path: ClubIdPath, ok: AdminClubStateView, summary: "Same as /v2/admin/clubs/{id}/verify-approve" }).middleware(Authenticated))
  .add(op.post("rejectClubVerification", "/v2/admin/verification/clubs/:clubId/reject", { path: ClubIdPath, body: ReasonBody, ok: AdminClubStateView, summary: "Same as /v2/admin/clubs/{id}/verify-reject (reason 10-500)" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("clubs.review"))
  .annotate(OpenApi.Title, "Club verification (admin)")
{}
