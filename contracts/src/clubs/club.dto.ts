/** Club DTOs shared by the clubs groups. */
import { Schema } from "effect"

export const ClubView = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  description: Schema.NullOr(Schema.String),
  sportIds: Schema.Array(Schema.String),
  city: Schema.NullOr(Schema.String),
  clubType: Schema.Literal("COMMUNITY", "CLUB_MEMBERSHIP"),
  requiresApproval: Schema.Boolean,
  status: Schema.Literal("DRAFT", "PENDING_APPROVAL", "ACTIVE", "SUSPENDED"),
  /** The admin's onboarding rejection reason, verbatim (null unless SUSPENDED by a rejection). */
  rejectionReason: Schema.NullOr(Schema.String),
  isActive: Schema.Boolean,
  verificationStatus: Schema.Literal("NONE", "QUEUED", "VERIFIED", "REJECTED"),
  ownerUserId: Schema.String,
  submittedAt: Schema.NullOr(Schema.Date),
  reviewedAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date,
  updatedAt: Schema.Date
}).annotations({ identifier: "Club" })
export type ClubView = typeof ClubView.Type

export const ClubMemberView = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  userId: Schema.String,
  role: Schema.Literal("OWNER", "ADMIN", "MODERATOR", "MEMBER"),
  status: Schema.Literal("ACTIVE", "PENDING", "LEFT", "REMOVED"),
  tierId: Schema.NullOr(Schema.String),
  joinedAt: Schema.NullOr(Schema.Date),
  createdAt: Schema.Date
}).annotations({ identifier: "ClubMember" })
export type ClubMemberView = typeof ClubMemberView.Type
