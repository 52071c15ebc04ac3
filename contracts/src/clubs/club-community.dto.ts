/** DTOs of club membership, relations, invites, linked organizer accounts and admin oversight. */
import { Club, ClubInvite } from "@podium/kernel"
import { Schema } from "effect"
import { ClubView } from "./club.dto.js"

const Role = Schema.Literal("OWNER", "ADMIN", "MODERATOR", "MEMBER")
const MemberStatus = Schema.Literal("ACTIVE", "PENDING", "LEFT", "REMOVED")
const Verification = Schema.Literal("NONE", "QUEUED", "VERIFIED", "REJECTED")

/** The caller's relation to a club (`/follow/status`, and the answer of every follow/mute/block switch). */
export const ClubFollowStatusView = Schema.Struct({
  clubId: Schema.String,
  following: Schema.Boolean,
  muted: Schema.Boolean,
  blocked: Schema.Boolean,
  /** True for an ACTIVE member. */
  member: Schema.Boolean,
  membershipStatus: Schema.NullOr(MemberStatus),
  role: Schema.NullOr(Role)
}).annotations({ identifier: "ClubFollowStatus" })

export const ClubFollowCountView = Schema.Struct({ clubId: Schema.String, followers: Schema.Number }).annotations({ identifier: "ClubFollowCount" })

export const ClubSummaryView = Schema.Struct({
  clubId: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  clubType: Schema.Literal("COMMUNITY", "CLUB_MEMBERSHIP"),
  requiresApproval: Schema.Boolean,
  sportIds: Schema.Array(Schema.String),
  city: Schema.NullOr(Schema.String),
  memberCount: Schema.Number,
  followerCount: Schema.Number,
  verificationStatus: Verification,
  verified: Schema.Boolean,
  /** The caller's relation; null when anonymous. */
  viewer: Schema.NullOr(ClubFollowStatusView)
}).annotations({ identifier: "ClubSummary" })

export const ClubReadinessView = Schema.Struct({
  clubId: Schema.String,
  status: Schema.Literal("DRAFT", "PENDING_APPROVAL", "ACTIVE", "SUSPENDED"),
  /** Every check passes. */
  ready: Schema.Boolean,
  /** Athletes can see and join the club now (ACTIVE and not deactivated). */
  live: Schema.Boolean,
  missing: Schema.Array(Schema.String),
  checks: Schema.Array(Schema.Struct({ key: Schema.String, ok: Schema.Boolean, message: Schema.String }))
}).annotations({ identifier: "ClubReadiness" })

export const ClubSocialVerdictView = Schema.Struct({
  clubId: Schema.String,
  reason: Schema.Literal("MEMBER", "OPEN", "APPROVAL_REQUIRED", "PENDING_APPROVAL", "BLOCKED", "REMOVED", "SIGN_IN_REQUIRED", "ATHLETES_ONLY", "NOT_LIVE"),
  joinMode: Schema.Literal("OPEN", "APPROVAL"),
  canView: Schema.Boolean,
  canSeeMembers: Schema.Boolean,
  canFollow: Schema.Boolean,
  canJoin: Schema.Boolean,
  canPost: Schema.Boolean,
  isManager: Schema.Boolean,
  membershipStatus: Schema.NullOr(MemberStatus),
  blocked: Schema.Boolean
}).annotations({ identifier: "ClubSocialVerdict" })

export const ClubInviteView = ClubInvite.omit("createdBy", "createdByKind").annotations({ identifier: "ClubInvite" })

/** The public invite preview: always a verdict, never 404. */
export const ClubInvitePreviewView = Schema.Struct({
  valid: Schema.Boolean,
  reason: Schema.Literal("VALID", "UNKNOWN", "EXPIRED", "REVOKED", "EXHAUSTED", "CLUB_UNAVAILABLE"),
  /** The club, while it is live; null for unknown tokens and unavailable clubs. */
  club: Schema.NullOr(ClubView),
  kind: Schema.NullOr(Schema.Literal("TARGETED", "LINK")),
  expiresAt: Schema.NullOr(Schema.Date)
}).annotations({ identifier: "ClubInvitePreview" })

export const OrganizerRefView = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  approvalStatus: Schema.String,
  isActive: Schema.Boolean
}).annotations({ identifier: "ClubLinkedOrganizer" })

export const ClubOrganizerAccountView = Schema.Struct({
  clubId: Schema.String,
  clubName: Schema.String,
  clubSlug: Schema.String,
  state: Schema.Literal("LINKED", "MISSING", "BROKEN"),
  organizer: Schema.NullOr(OrganizerRefView),
  linkedAt: Schema.NullOr(Schema.Date)
}).annotations({ identifier: "ClubOrganizerAccount" })

export const ClubOrganizerRepairView = Schema.Struct({
  created: Schema.Number,
  relinked: Schema.Number,
  unchanged: Schema.Number,
  items: Schema.Array(Schema.Struct({
    clubId: Schema.String,
    clubName: Schema.String,
    action: Schema.Literal("CREATED", "RELINKED", "UNCHANGED"),
    state: Schema.Literal("LINKED", "MISSING", "BROKEN"),
    organizer: Schema.NullOr(OrganizerRefView),
    previousOrganizerId: Schema.NullOr(Schema.String)
  }))
}).annotations({ identifier: "ClubOrganizerRepair" })

/** A club as admins see it: the whole record (public fields plus oversight state) and counts. */
export const AdminClubView = Schema.Struct({
  ...Club.fields,
  memberCount: Schema.Number,
  pendingCount: Schema.Number,
  followerCount: Schema.Number
}).annotations({ identifier: "AdminClub" })

/** A club with its oversight fields (moves answer this). */
export const AdminClubStateView = Club.omit("reviewedBy").annotations({ identifier: "AdminClubState" })
