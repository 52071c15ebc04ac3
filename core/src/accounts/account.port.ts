/** Repositories of the accounts context (Postgres adapters in @podium/postgres, twins in @podium/core/testing). */
import { Context, type Effect, type Option, Schema } from "effect"
import { type AccountConflict, Admin, type AdminsAlreadyExist, CrewMember, OrganizerMember, User } from "./account.model.js"

/** Optional fields of a new row: absent means the column default (null, or the status default). */
const optional = Schema.partialWith({ exact: true })

export const NewUser = User.pick("phoneNumber", "email", "firstName", "lastName").pipe(optional)
export interface NewUser extends Schema.Schema.Type<typeof NewUser> {}

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

export const NewAdmin = Admin.pick("phoneNumber").pipe(
  Schema.extend(Admin.pick("email", "firstName", "lastName").pipe(optional)),
  /** Initial permissions (admin-permission.model.ts); bootstrap and the CLI grant `*`. */
  Schema.extend(Schema.Struct({ permissions: Schema.optionalWith(Schema.Array(Schema.String), { exact: true }) }))
)
export interface NewAdmin extends Schema.Schema.Type<typeof NewAdmin> {}

/** Administrator accounts. */
export class AdminRepo extends Context.Tag("@podium/core/accounts/AdminRepo")<AdminRepo, {
  readonly findById: (id: string) => Effect.Effect<Option.Option<Admin>>
  readonly findByPhone: (phoneNumber: string) => Effect.Effect<Option.Option<Admin>>
  readonly create: (input: NewAdmin) => Effect.Effect<Admin, AccountConflict>
  /** Creates the first admin; fails with AdminsAlreadyExist once any exists (atomic). */
  readonly createFirst: (input: NewAdmin) => Effect.Effect<Admin, AdminsAlreadyExist | AccountConflict>
}>() {}

export const NewCrewMember = CrewMember.pick("phoneNumber", "email", "name", "status").pipe(optional)
export interface NewCrewMember extends Schema.Schema.Type<typeof NewCrewMember> {}

/** Crew (volunteer) members; rows are added by the crew join-code flow. */
export class CrewMemberRepo extends Context.Tag("@podium/core/accounts/CrewMemberRepo")<CrewMemberRepo, {
  readonly findById: (id: string) => Effect.Effect<Option.Option<CrewMember>>
  /** Active rows with this phone, oldest first. */
  readonly findActiveByPhone: (phoneNumber: string) => Effect.Effect<ReadonlyArray<CrewMember>>
  /** Active rows with this address, oldest first. */
  readonly findActiveByEmail: (email: string) => Effect.Effect<ReadonlyArray<CrewMember>>
  readonly create: (input: NewCrewMember) => Effect.Effect<CrewMember>
}>() {}

export const NewOrganizerMember = OrganizerMember.pick("organizerId", "role").pipe(
  Schema.extend(OrganizerMember.pick("phoneNumber", "email", "userId", "status").pipe(optional))
)
export interface NewOrganizerMember extends Schema.Schema.Type<typeof NewOrganizerMember> {}

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
