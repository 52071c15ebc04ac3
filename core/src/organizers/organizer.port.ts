/** Repositories of the organizers context (Postgres adapters in @podium/postgres). */
import { Context, type Effect, type Option, Schema } from "effect"
import { OrganizerMemberRoles, OrganizerMemberStatuses } from "../accounts/account.model.js"
import type { ListPage, ListQuery } from "../platform/list-query.model.js"
import type {
  ApprovalStatus,
  LastOwner,
  Organizer,
  OrganizerConflict,
  TeamMemberNotFound,
  TeamRole
} from "./organizer.model.js"

/** A new organizer: its identity fields, and the platform fields an admin may set at once. */
export interface NewOrganizer
  extends
    Pick<Organizer, "name" | "phoneNumber" | "email" | "companyName">,
    Partial<Pick<Organizer, "commission" | "isActive" | "approvalStatus" | "reviewReason" | "logo">>
{}

/** Fields an update may change; absent keys stay as they are. */
export interface OrganizerPatch extends Partial<Omit<Organizer, "id" | "slug" | "suspendedAt" | "suspendReason" | "createdAt" | "updatedAt">> {}

/** Organizer accounts (deleted ones are invisible to every read). */
export class OrganizerRepo extends Context.Tag("@podium/core/organizers/OrganizerRepo")<OrganizerRepo, {
  /** Creates the organizer and its first OWNER in one transaction. */
  readonly create: (
    input: NewOrganizer,
    owner: { readonly phoneNumber: string | null; readonly email: string | null; readonly userId: string | null }
  ) => Effect.Effect<Organizer, OrganizerConflict>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Organizer>>
  readonly findByIdOrSlug: (idOrSlug: string) => Effect.Effect<Option.Option<Organizer>>
  readonly findByPhone: (phoneNumber: string) => Effect.Effect<Option.Option<Organizer>>
  readonly update: (id: string, patch: OrganizerPatch) => Effect.Effect<Option.Option<Organizer>, OrganizerConflict>
  /** Flips `isActive`; none when the organizer does not exist. */
  readonly toggle: (id: string) => Effect.Effect<Option.Option<Organizer>>
  /** Soft delete; false when it did not exist. */
  readonly remove: (id: string) => Effect.Effect<boolean>
  /**
   * Moves approval status only while it is one of `from` (a conditional update, so concurrent moves
   * cannot both win); none when the organizer was not in such a state.
   */
  readonly transition: (
    id: string,
    from: ReadonlyArray<ApprovalStatus>,
    to: ApprovalStatus,
    extra: { readonly suspendReason?: string | null; readonly suspendedAt?: Date | null }
  ) => Effect.Effect<Option.Option<Organizer>>
  readonly list: (query: ListQuery) => Effect.Effect<ListPage<Partial<Organizer>>>
  /** Idempotent follow / unfollow of an organizer by an athlete; returns the follower count. */
  readonly follow: (organizerId: string, userId: string, on: boolean) => Effect.Effect<number>
  readonly followerCount: (organizerId: string) => Effect.Effect<number>
}>() {}

/** The identifiers of a person, across their athlete account and organizer team rows. */
export interface PersonKeys {
  readonly userId: string | null
  readonly phoneNumber: string | null
  readonly email: string | null
}

/** A team member row (the accounts context's OrganizerMember) with its invitation details. */
export const TeamMemberView = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  userId: Schema.NullOr(Schema.String),
  phoneNumber: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  role: Schema.Literal(...OrganizerMemberRoles),
  status: Schema.Literal(...OrganizerMemberStatuses),
  name: Schema.NullOr(Schema.String),
  invitedBy: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  updatedAt: Schema.DateFromSelf
})
export interface TeamMemberView extends Schema.Schema.Type<typeof TeamMemberView> {}

export interface MembershipView {
  readonly member: TeamMemberView
  readonly organizerName: string
  readonly organizerSlug: string
}

/** Team members of organizers. */
export class TeamRepo extends Context.Tag("@podium/core/organizers/TeamRepo")<TeamRepo, {
  /** The person's ACTIVE membership of this organizer, if any. */
  readonly findActiveMembership: (organizerId: string, person: PersonKeys) => Effect.Effect<Option.Option<TeamMemberView>>
  /** Every membership (ACTIVE and INVITED) of the person, oldest first. */
  readonly membershipsOf: (person: PersonKeys) => Effect.Effect<ReadonlyArray<MembershipView>>
  readonly listTeam: (organizerId: string) => Effect.Effect<ReadonlyArray<TeamMemberView>>
  readonly findMember: (organizerId: string, memberId: string) => Effect.Effect<Option.Option<TeamMemberView>>
  /** Invites (status INVITED) or re-invites a removed member; none when the person is already ACTIVE or INVITED. */
  readonly invite: (input: {
    readonly organizerId: string
    readonly phoneNumber: string | null
    readonly email: string | null
    readonly name: string | null
    readonly role: TeamRole
    readonly invitedBy: string | null
  }) => Effect.Effect<Option.Option<TeamMemberView>>
  /**
   * Changes a member's role or revokes it, atomically refusing to leave the organizer without an
   * ACTIVE OWNER (rows locked `for update`).
   */
  readonly change: (
    organizerId: string,
    memberId: string,
    change: { readonly _tag: "Role"; readonly role: TeamRole } | { readonly _tag: "Revoke" }
  ) => Effect.Effect<TeamMemberView, TeamMemberNotFound | LastOwner>
  /** Accepts an INVITED membership that belongs to this person (INVITED → ACTIVE, links the user). */
  readonly accept: (memberId: string, person: PersonKeys) => Effect.Effect<Option.Option<TeamMemberView>>
  /** Account ids (members) of the organizer's team, for session revocation. */
  readonly memberAccounts: (organizerId: string) => Effect.Effect<ReadonlyArray<{ readonly memberId: string; readonly userId: string | null }>>
}>() {}
