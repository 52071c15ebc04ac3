/**
 * Repositories of club community and oversight: athlete relations (follow / mute / block), invites,
 * club ↔ organizer links and the admin moves that must be race-safe (last-owner guard, deactivation,
 * verification). Postgres adapters in @podium/postgres (clubs/community.pg.ts), memory twins in
 * @podium/core/testing (clubs-community.memory.ts).
 */
import { Context, type Effect, type Option, Schema } from "effect"
import type { Club, ClubMember, ClubRole, ClubVerificationStatus, MemberStatus } from "./club.model.js"
import type { ClubInvite, ClubRelationKind, ClubRelations } from "./membership.model.js"

/** The athlete's relations to clubs; every switch is idempotent. */
export class ClubRelationRepo extends Context.Tag("@podium/core/clubs/ClubRelationRepo")<ClubRelationRepo, {
  /** Turns `kind` on or off; answers whether it changed anything. */
  readonly set: (clubId: string, userId: string, kind: ClubRelationKind, on: boolean) => Effect.Effect<boolean>
  readonly of: (clubId: string, userId: string) => Effect.Effect<ClubRelations>
  readonly count: (clubId: string, kind: ClubRelationKind) => Effect.Effect<number>
}>() {}

export interface NewClubInvite extends Pick<ClubInvite, "clubId" | "kind" | "targetUserId" | "role" | "createdByKind" | "createdBy" | "expiresAt" | "maxUses"> {
  /** Only the token's keyed hash is stored; the token is shown once. */
  readonly tokenHash: string
}

/** What consuming one use of an invite did. */
export type InviteConsumption =
  | { readonly _tag: "Consumed" }
  /** This athlete already redeemed it: no use is counted twice. */
  | { readonly _tag: "AlreadyRedeemed" }
  /** Revoked, expired or used up by the time the write ran. */
  | { readonly _tag: "Unavailable" }

export class ClubInviteRepo extends Context.Tag("@podium/core/clubs/ClubInviteRepo")<ClubInviteRepo, {
  readonly create: (input: NewClubInvite) => Effect.Effect<ClubInvite>
  readonly findByTokenHash: (tokenHash: string) => Effect.Effect<Option.Option<ClubInvite>>
  /**
   * Records that `userId` redeemed the invite and counts one use, atomically and only while the
   * invite is unrevoked, unexpired and below `maxUses` (of two concurrent last uses, one wins).
   */
  readonly consume: (inviteId: string, userId: string) => Effect.Effect<InviteConsumption>
  /** Revokes an unrevoked invite; none when it was already revoked or does not exist. */
  readonly revoke: (inviteId: string) => Effect.Effect<Option.Option<ClubInvite>>
  readonly listByClub: (clubId: string) => Effect.Effect<ReadonlyArray<ClubInvite>>
}>() {}

export const OrganizerLink = Schema.Struct({
  clubId: Schema.String,
  organizerId: Schema.String,
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface OrganizerLink extends Schema.Schema.Type<typeof OrganizerLink> {}

export class ClubOrganizerLinkRepo extends Context.Tag("@podium/core/clubs/ClubOrganizerLinkRepo")<ClubOrganizerLinkRepo, {
  readonly find: (clubId: string) => Effect.Effect<Option.Option<OrganizerLink>>
  /**
   * Points the club at `organizerId` only if its current link is still `expected` (null: no link
   * yet); none when another writer changed it first, so two concurrent repairs link one organizer.
   */
  readonly linkIf: (clubId: string, organizerId: string, expected: string | null) => Effect.Effect<Option.Option<OrganizerLink>>
}>() {}

/** A membership change an admin (or the member) asks for. */
export interface MemberChange {
  readonly fromStatuses?: ReadonlyArray<MemberStatus>
  readonly status?: MemberStatus
  readonly role?: ClubRole
}

export type GuardedMemberChange =
  | { readonly _tag: "Changed"; readonly member: ClubMember }
  | { readonly _tag: "NotFound" }
  /** The row's status is not one of `fromStatuses`. */
  | { readonly _tag: "Refused"; readonly status: MemberStatus }
  /** The change would leave the club without an ACTIVE OWNER. */
  | { readonly _tag: "LastOwner" }

export interface VerificationQueueFilter {
  readonly statuses: ReadonlyArray<ClubVerificationStatus>
  readonly search?: string
  readonly limit: number
  readonly offset: number
}

export class ClubOversightRepo extends Context.Tag("@podium/core/clubs/ClubOversightRepo")<ClubOversightRepo, {
  /**
   * Changes the (club, user) membership's status and/or role, serialised per club (the club row is
   * locked), only from `fromStatuses`, and only if the club keeps at least one ACTIVE OWNER.
   */
  readonly changeMember: (clubId: string, userId: string, change: MemberChange) => Effect.Effect<GuardedMemberChange>
  /** Sets `isActive` only while it is `!isActive` (a conditional update); none otherwise. */
  readonly setActive: (clubId: string, isActive: boolean, reason: string | null) => Effect.Effect<Option.Option<Club>>
  /** Moves the verification badge only from `from`; none otherwise. */
  readonly setVerification: (
    clubId: string,
    from: ReadonlyArray<ClubVerificationStatus>,
    to: ClubVerificationStatus,
    reason: string | null
  ) => Effect.Effect<Option.Option<Club>>
  /** ACTIVE clubs whose badge is in `statuses`, QUEUED first, then oldest first. */
  readonly verificationQueue: (filter: VerificationQueueFilter) => Effect.Effect<{ readonly items: ReadonlyArray<Club>; readonly total: number }>
}>() {}
