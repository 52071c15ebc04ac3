/** Repositories of the accounts context (Postgres adapters in @podium/postgres, twins in @podium/core/testing). */
import { Context, type Effect, type Option } from "effect"
import type {
  AccountConflict,
  Admin,
  AdminsAlreadyExist,
  CrewMember,
  CrewStatus,
  OrganizerMember,
  OrganizerMemberRole,
  OrganizerMemberStatus,
  User
} from "./account.model.js"

export interface NewUser {
  readonly phoneNumber?: string | null
  readonly email?: string | null
  readonly firstName?: string | null
  readonly lastName?: string | null
}

/** Athlete accounts. */
export class UserRepo extends Context.Tag("@podium/core/accounts/UserRepo")<UserRepo, {
  readonly findById: (id: string) => Effect.Effect<Option.Option<User>>
  readonly findByPhone: (phoneNumber: string) => Effect.Effect<Option.Option<User>>
  readonly findByEmail: (email: string) => Effect.Effect<Option.Option<User>>
  readonly create: (input: NewUser) => Effect.Effect<User, AccountConflict>
  /** Finds the athlete with this phone or creates it; safe under concurrent first sign-ins. */
  readonly findOrCreateByPhone: (phoneNumber: string) => Effect.Effect<User>
  /** Finds the athlete with this address or creates it; safe under concurrent first sign-ins. */
  readonly findOrCreateByEmail: (email: string) => Effect.Effect<User>
  /** Sets the phone number only while none is set; none when the account already had one (or does not exist). */
  readonly bindPhone: (id: string, phoneNumber: string) => Effect.Effect<Option.Option<User>, AccountConflict>
}>() {}

export interface NewAdmin {
  readonly phoneNumber: string
  readonly email?: string | null
  readonly firstName?: string | null
  readonly lastName?: string | null
  /** Initial permissions (admin-permission.model.ts); bootstrap and the CLI grant `*`. */
  readonly permissions?: ReadonlyArray<string>
}

/** Administrator accounts. */
export class AdminRepo extends Context.Tag("@podium/core/accounts/AdminRepo")<AdminRepo, {
  readonly findById: (id: string) => Effect.Effect<Option.Option<Admin>>
  readonly findByPhone: (phoneNumber: string) => Effect.Effect<Option.Option<Admin>>
  readonly create: (input: NewAdmin) => Effect.Effect<Admin, AccountConflict>
  /** Creates the first admin; fails with AdminsAlreadyExist once any exists (atomic). */
  readonly createFirst: (input: NewAdmin) => Effect.Effect<Admin, AdminsAlreadyExist | AccountConflict>
}>() {}

export interface NewCrewMember {
  readonly phoneNumber?: string | null
  readonly email?: string | null
  readonly name?: string | null
  readonly status?: CrewStatus
}

/** Crew (volunteer) members; rows are added by the crew join-code flow. */
export class CrewMemberRepo extends Context.Tag("@podium/core/accounts/CrewMemberRepo")<CrewMemberRepo, {
  readonly findById: (id: string) => Effect.Effect<Option.Option<CrewMember>>
  /** Active rows with this phone, oldest first. */
  readonly findActiveByPhone: (phoneNumber: string) => Effect.Effect<ReadonlyArray<CrewMember>>
  /** Active rows with this address, oldest first. */
  readonly findActiveByEmail: (email: string) => Effect.Effect<ReadonlyArray<CrewMember>>
  readonly create: (input: NewCrewMember) => Effect.Effect<CrewMember>
}>() {}

export interface NewOrganizerMember {
  readonly organizerId: string
  readonly phoneNumber?: string | null
  readonly email?: string | null
  readonly userId?: string | null
  readonly role: OrganizerMemberRole
  readonly status?: OrganizerMemberStatus
}

/** Organizers and their team members, as far as sign-in needs them (the organizers issue extends this). */
export class OrganizerMemberRepo extends Context.Tag("@podium/core/accounts/OrganizerMemberRepo")<OrganizerMemberRepo, {
  readonly findById: (id: string) => Effect.Effect<Option.Option<OrganizerMember>>
  /** Active memberships of active organizers with this phone, oldest first. */
  readonly findActiveByPhone: (phoneNumber: string) => Effect.Effect<ReadonlyArray<OrganizerMember>>
  /** Active memberships of active organizers with this address, oldest first. */
  readonly findActiveByEmail: (email: string) => Effect.Effect<ReadonlyArray<OrganizerMember>>
  /** Creates an organizer (status ACTIVE); returns its id. */
  readonly createOrganizer: (input: { readonly name: string }) => Effect.Effect<string>
  readonly addMember: (input: NewOrganizerMember) => Effect.Effect<OrganizerMember>
}>() {}
