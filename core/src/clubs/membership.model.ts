/**
 * Club community: membership moves, the athlete's follow / mute / block relation to a club, invites
 * and the club ↔ organizer links (document C "Clubs", "Club invites", "Linked accounts"; states.tsv
 * "Club membership", "Club follow / mute / block"; B "Clubs" member oversight).
 *
 * Membership (one row per person and club, `ClubMember.status`):
 *
 *   (none | LEFT) ──join / invite accept──▶ ACTIVE            (open club, or a targeted invite)
 *                                       └─▶ PENDING           (requiresApproval club, or a share link into one)
 *   PENDING ──approve (admin PATCH status ACTIVE)──▶ ACTIVE
 *   ACTIVE | PENDING ──leave──▶ LEFT                          (leaving while PENDING withdraws the request)
 *   ACTIVE | PENDING ──remove (admin DELETE / PATCH REMOVED)──▶ REMOVED
 *   REMOVED ──reinstate (admin PATCH status ACTIVE)──▶ ACTIVE
 *
 * Decisions where the spec is silent: a REMOVED person cannot rejoin by themselves (a platform admin
 * reinstates them, or a targeted invite brings them back); joining is idempotent (an ACTIVE or PENDING
 * member asking again gets their membership unchanged); the last ACTIVE OWNER can neither leave nor be
 * removed or demoted (409 CLUB_LAST_OWNER), checked under a per-club lock so two concurrent demotions
 * of the last two owners cannot both win.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
import { type MemberStatus } from "./club.model.js"
/** Records shared with the contracts are declared in the kernel. */
export { InviteKinds, ClubInvite, type InviteKind } from "@podium/kernel"

/** Membership moves as data: where each move may start and where it ends. */
export const MembershipMoves = {
  approve: { from: ["PENDING"], to: "ACTIVE" },
  leave: { from: ["ACTIVE", "PENDING"], to: "LEFT" },
  remove: { from: ["ACTIVE", "PENDING"], to: "REMOVED" },
  reinstate: { from: ["REMOVED"], to: "ACTIVE" }
} as const satisfies Record<string, { readonly from: ReadonlyArray<MemberStatus>; readonly to: MemberStatus }>
export type MembershipMove = keyof typeof MembershipMoves

/** The status an admin PATCH asks for → the move that reaches it from the current status (none: illegal). */
export const adminMoveTo = (current: MemberStatus, target: "ACTIVE" | "REMOVED"): MembershipMove | undefined => {
  const candidates: ReadonlyArray<MembershipMove> = target === "ACTIVE" ? ["approve", "reinstate"] : ["remove"]
  return candidates.find((move) => (MembershipMoves[move].from as ReadonlyArray<MemberStatus>).includes(current))
}

/** The athlete's own relations to a club; each is an idempotent on/off switch. */
export const ClubRelationKinds = ["FOLLOW", "MUTE", "BLOCK"] as const
export type ClubRelationKind = (typeof ClubRelationKinds)[number]

export interface ClubRelations {
  readonly following: boolean
  readonly muted: boolean
  readonly blocked: boolean
}

/** Why an invite cannot be used, or VALID. The public preview answers these; it never answers 404. */
export const InviteReasons = ["VALID", "UNKNOWN", "EXPIRED", "REVOKED", "EXHAUSTED", "CLUB_UNAVAILABLE"] as const
export type InviteReason = (typeof InviteReasons)[number]

/** Default and bounds of an invite's lifetime. */
export const InviteDefaultHours = 24 * 7
export const InviteMaxHours = 24 * 90

/** Link status of a club's organizer account (C "Linked accounts"). */
export const OrganizerLinkStates = ["LINKED", "MISSING", "BROKEN"] as const
export type OrganizerLinkState = (typeof OrganizerLinkStates)[number]

/** Verification badge moves as data (B "Clubs" verify-approve / verify-reject; states.tsv "Club verification"). */
export const VerificationMoves = {
  approve: { from: ["NONE", "QUEUED", "REJECTED"], to: "VERIFIED" },
  reject: { from: ["NONE", "QUEUED", "VERIFIED"], to: "REJECTED" }
} as const

/** The last ACTIVE OWNER cannot leave, be removed or be demoted (409). */
export class ClubLastOwner extends DomainError<ClubLastOwner>()("ClubLastOwner", { kind: "conflict", code: "CLUB_LAST_OWNER" }, { clubId: Schema.String }) {
  override get message() {
    return "The last owner of a club cannot leave, be removed or be demoted; appoint another owner first"
  }
}

/** A membership move from a status that does not allow it (409). */
export class ClubMembershipMoveRefused extends DomainError<ClubMembershipMoveRefused>()("ClubMembershipMoveRefused", { kind: "conflict", code: "CLUB_MEMBERSHIP_MOVE_REFUSED" }, {
  move: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `Cannot ${this.move} a membership that is ${this.status}`
  }
}

/** The person has no membership in the club (404). */
export class ClubMembershipNotFound extends DomainError<ClubMembershipNotFound>()("ClubMembershipNotFound", { kind: "not-found", code: "CLUB_MEMBERSHIP_NOT_FOUND" }, {
  clubId: Schema.String,
  userId: Schema.String
}) {
  override get message() {
    return "Membership not found"
  }
}

/** The caller blocked the club: unblock before following or joining it (409). */
export class ClubBlocked extends DomainError<ClubBlocked>()("ClubBlocked", { kind: "conflict", code: "CLUB_BLOCKED" }, { clubId: Schema.String }) {
  override get message() {
    return "You have blocked this club; unblock it first"
  }
}

/** A REMOVED member cannot rejoin by themselves (403). */
export class ClubMembershipRemoved extends DomainError<ClubMembershipRemoved>()("ClubMembershipRemoved", { kind: "forbidden", code: "CLUB_MEMBERSHIP_REMOVED" }, { clubId: Schema.String }) {
  override get message() {
    return "You were removed from this club and cannot rejoin it"
  }
}

/** Only athlete accounts hold club memberships and relations (403). */
export class ClubAthletesOnly extends DomainError<ClubAthletesOnly>()("ClubAthletesOnly", { kind: "forbidden", code: "CLUB_ATHLETES_ONLY" }) {
  override get message() {
    return "Only athlete accounts can do this"
  }
}

/** Gated club members are visible to its members only (403). */
export class ClubMembersPrivate extends DomainError<ClubMembersPrivate>()("ClubMembersPrivate", { kind: "forbidden", code: "CLUB_MEMBERS_PRIVATE" }, { clubId: Schema.String }) {
  override get message() {
    return "The members of this club are visible to its members only"
  }
}

/** The person is already an ACTIVE member (409): change their role with PATCH instead. */
export class ClubAlreadyMember extends DomainError<ClubAlreadyMember>()("ClubAlreadyMember", { kind: "conflict", code: "CLUB_ALREADY_MEMBER" }, { userId: Schema.String }) {
  override get message() {
    return "This athlete is already a member of the club"
  }
}

/** No athlete account with this id (404). */
export class ClubUserNotFound extends DomainError<ClubUserNotFound>()("ClubUserNotFound", { kind: "not-found", code: "USER_NOT_FOUND" }, { userId: Schema.String }) {
  override get message() {
    return `Athlete ${this.userId} not found`
  }
}

/** An invite that cannot be accepted (preview answers the same reason as a verdict). */
export class ClubInviteUnusable extends DomainError<ClubInviteUnusable>()("ClubInviteUnusable", { kind: (e) => (e.reason === "UNKNOWN" ? "not-found" : "conflict"), code: (e) => `CLUB_INVITE_${e.reason}` }, { reason: Schema.String }) {
  override get message() {
    switch (this.reason) {
      case "UNKNOWN":
        return "Invite not found"
      case "EXPIRED":
        return "This invite has expired"
      case "REVOKED":
        return "This invite was revoked"
      case "EXHAUSTED":
        return "This invite has been used up"
      default:
        return "This club is not accepting members"
    }
  }
}

/** A targeted invite accepted by someone other than the athlete it names (403). */
export class ClubInviteNotForYou extends DomainError<ClubInviteNotForYou>()("ClubInviteNotForYou", { kind: "forbidden", code: "CLUB_INVITE_NOT_FOR_YOU" }) {
  override get message() {
    return "This invite was sent to another athlete"
  }
}

/** Deactivate/reactivate or a verification move from a state that does not allow it (409). */
export class ClubOversightMoveRefused extends DomainError<ClubOversightMoveRefused>()("ClubOversightMoveRefused", { kind: "conflict", code: "CLUB_OVERSIGHT_MOVE_REFUSED" }, {
  move: Schema.String,
  state: Schema.String
}) {
  override get message() {
    return `Cannot ${this.move} a club that is ${this.state}`
  }
}
