/**
 * A club (document C "Clubs", A section 3 "Club (onboarding)"): created by a signed-in athlete, who
 * becomes its OWNER, and reviewed by admins before it goes public.
 *
 *   DRAFT ──submit──▶ PENDING_APPROVAL ──approve──▶ ACTIVE
 *                          │
 *                          └──reject (reason 10-500, verbatim)──▶ SUSPENDED ──resubmit (reason cleared)──▶ PENDING_APPROVAL
 *
 * The spec does not name the state after submit and resubmit; both go to PENDING_APPROVAL, the one
 * state admins approve or reject from. Separately from onboarding, admins may deactivate an ACTIVE
 * club (`isActive`) and verify it (the verified badge, `verificationStatus`).
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

export const ClubStatuses = ["DRAFT", "PENDING_APPROVAL", "ACTIVE", "SUSPENDED"] as const
export type ClubStatus = (typeof ClubStatuses)[number]

/** COMMUNITY clubs are free to join; CLUB_MEMBERSHIP clubs sell paid tiers (and have revenue streams). */
export const ClubTypes = ["COMMUNITY", "CLUB_MEMBERSHIP"] as const
export type ClubType = (typeof ClubTypes)[number]

/** The verified badge: NONE until the club asks, QUEUED while admins look, then VERIFIED or REJECTED. */
export const ClubVerificationStatuses = ["NONE", "QUEUED", "VERIFIED", "REJECTED"] as const
export type ClubVerificationStatus = (typeof ClubVerificationStatuses)[number]

export const Club = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  slug: Schema.String,
  description: Schema.NullOr(Schema.String),
  sportIds: Schema.Array(Schema.String),
  city: Schema.NullOr(Schema.String),
  clubType: Schema.Literal(...ClubTypes),
  /** A gated club: joining (or a share-link invite) needs an admin's approval. */
  requiresApproval: Schema.Boolean,
  status: Schema.Literal(...ClubStatuses),
  /** The admin's onboarding rejection reason, verbatim; cleared on resubmit. */
  rejectionReason: Schema.NullOr(Schema.String),
  /** Admin deactivation, independent of onboarding; a deactivated club is hidden from athletes. */
  isActive: Schema.Boolean,
  deactivationReason: Schema.NullOr(Schema.String),
  verificationStatus: Schema.Literal(...ClubVerificationStatuses),
  verificationReason: Schema.NullOr(Schema.String),
  /** Payouts held by an admin (payout requests answer CLUB_PAYOUT_FROZEN). */
  payoutFrozen: Schema.Boolean,
  /** The athlete who created the club; its creator wallet is the club's RC wallet. */
  ownerUserId: Schema.String,
  submittedAt: Schema.NullOr(Schema.DateFromSelf),
  reviewedAt: Schema.NullOr(Schema.DateFromSelf),
  reviewedBy: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface Club extends Schema.Schema.Type<typeof Club> {}

export const ClubRoles = ["OWNER", "ADMIN", "MODERATOR", "MEMBER"] as const
export type ClubRole = (typeof ClubRoles)[number]
/** Roles that manage the club (club admin workspace, KYC, money). */
export const ClubManagerRoles: ReadonlyArray<ClubRole> = ["OWNER", "ADMIN"]

/** PENDING: awaiting a club admin's approval (gated club); LEFT and REMOVED keep the history. */
export const MemberStatuses = ["ACTIVE", "PENDING", "LEFT", "REMOVED"] as const
export type MemberStatus = (typeof MemberStatuses)[number]

export const ClubMember = Schema.Struct({
  id: Schema.String,
  clubId: Schema.String,
  userId: Schema.String,
  role: Schema.Literal(...ClubRoles),
  status: Schema.Literal(...MemberStatuses),
  /** The paid tier the membership is on (CLUB_MEMBERSHIP clubs); null for a free membership. */
  tierId: Schema.NullOr(Schema.String),
  joinedAt: Schema.NullOr(Schema.DateFromSelf),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface ClubMember extends Schema.Schema.Type<typeof ClubMember> {}

/** Onboarding moves as data (A section 3). */
export const OnboardingMoves = {
  submit: { from: ["DRAFT"], to: "PENDING_APPROVAL" },
  approve: { from: ["PENDING_APPROVAL"], to: "ACTIVE" },
  reject: { from: ["PENDING_APPROVAL"], to: "SUSPENDED" },
  resubmit: { from: ["SUSPENDED"], to: "PENDING_APPROVAL" }
} as const satisfies Record<string, { readonly from: ReadonlyArray<ClubStatus>; readonly to: ClubStatus }>
export type OnboardingMove = keyof typeof OnboardingMoves

/** How many clubs one athlete may own (any status): the creation-eligibility rule. */
export const MaxOwnedClubs = 3

/** A slug: 3-60 lowercase letters, digits and single hyphens, not starting or ending with one. */
export const SlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export class ClubNotFound extends DomainError<ClubNotFound>()("ClubNotFound", { kind: "not-found", code: "CLUB_NOT_FOUND" }, { ref: Schema.String }) {
  override get message() {
    return "Club not found"
  }
}

/** The caller holds none of the operation's roles in the club (403); also for unknown clubs, so outsiders learn nothing. */
export class ClubAccessDenied extends DomainError<ClubAccessDenied>()("ClubAccessDenied", { kind: "forbidden", message: "Access Denied" }, { clubId: Schema.String }) {
  override get message() {
    return "Access Denied"
  }
}

export class ClubSlugTaken extends DomainError<ClubSlugTaken>()("ClubSlugTaken", { kind: "conflict", code: "CLUB_SLUG_TAKEN" }, { slug: Schema.String }) {
  override get message() {
    return `A club with slug "${this.slug}" already exists`
  }
}

/** An onboarding move from a state that does not allow it (409). */
export class ClubMoveRefused extends DomainError<ClubMoveRefused>()("ClubMoveRefused", { kind: "conflict", code: "CLUB_ONBOARDING_MOVE_REFUSED" }, {
  clubId: Schema.String,
  move: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `Cannot ${this.move} a club that is ${this.status}`
  }
}

/** Club creation refused by the eligibility rules (403), with the reasons. */
export class ClubCreationNotEligible extends DomainError<ClubCreationNotEligible>()("ClubCreationNotEligible", { kind: "forbidden", code: "CLUB_CREATION_NOT_ELIGIBLE" }, {
  reasons: Schema.Array(Schema.String)
}) {
  override get message() {
    return this.reasons.join("; ")
  }
}
