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
import { type ClubRole, type ClubStatus, DomainError } from "@podium/kernel"
import { Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { ClubStatuses, ClubTypes, ClubVerificationStatuses, Club, ClubRoles, MemberStatuses, ClubMember, type ClubStatus, type ClubType, type ClubVerificationStatus, type ClubRole, type MemberStatus } from "@podium/kernel"

/** Roles that manage the club (club admin workspace, KYC, money). */
export const ClubManagerRoles: ReadonlyArray<ClubRole> = ["OWNER", "ADMIN"]

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
