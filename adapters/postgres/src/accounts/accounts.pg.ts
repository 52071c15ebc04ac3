/**
 * The accounts repositories on Postgres (accounts.users, accounts.admins, accounts.crew_members,
 * organizers.organizers/members). Unique violations become AccountConflict; other failures are defects.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Accounts } from "@podium/core"
import { Effect, Layer } from "effect"
import { counts, ids, onUnique, rowsOf } from "../rows.pg.js"

const fieldOf = (constraint: string) =>
  constraint.includes("phone") ? "phoneNumber" : constraint.includes("email") ? "email" : constraint.includes("handle") ? "handle" : "unique"

const accountConflict = (constraint: string) => {
  const field = fieldOf(constraint)
  return new Accounts.AccountConflict({ field, message: `${field} is already in use` })
}

export const UserRepoPg = Layer.effect(Accounts.UserRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const users = rowsOf(Accounts.User)
  const cols = sql`id, phone_number, email, first_name, last_name, created_at, updated_at`
  return Accounts.UserRepo.of({
    findById: (id) => users.maybe(sql`select ${cols} from accounts.users where id = ${id}`),
    findByPhone: (phone) => users.maybe(sql`select ${cols} from accounts.users where phone_number = ${phone}`),
    findByEmail: (email) => users.maybe(sql`select ${cols} from accounts.users where email = ${email}`),
    create: (input) =>
      users.one(sql`
        insert into accounts.users (phone_number, email, first_name, last_name)
        values (${input.phoneNumber ?? null}, ${input.email ?? null}, ${input.firstName ?? null}, ${input.lastName ?? null})
        returning ${cols}`.pipe(onUnique(accountConflict))),
    // The no-op update makes the row come back whether this call inserted it or a concurrent one did.
    findOrCreateByPhone: (phone) =>
      users.one(sql`
        insert into accounts.users (phone_number) values (${phone})
        on conflict (phone_number) do update set phone_number = excluded.phone_number
        returning ${cols}`),
    findOrCreateByEmail: (email) =>
      users.one(sql`
        insert into accounts.users (email) values (${email})
        on conflict (email) do update set email = excluded.email
        returning ${cols}`),
    bindPhone: (id, phone) =>
      users.maybe(sql`
        update accounts.users set phone_number = ${phone}, updated_at = now()
        where id = ${id} and phone_number is null
        returning ${cols}`.pipe(onUnique(accountConflict)))
  })
}))

export const AdminRepoPg = Layer.effect(Accounts.AdminRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const admins = rowsOf(Accounts.Admin)
  const cols = sql`id, phone_number, email, first_name, last_name, handle, status, totp_enabled_at, totp_required_at, created_at, updated_at`
  const insert = (input: Accounts.NewAdmin) =>
    admins.one(sql`
      insert into accounts.admins (phone_number, email, first_name, last_name, permissions)
      values (${input.phoneNumber}, ${input.email ?? null}, ${input.firstName ?? null}, ${input.lastName ?? null},
              array(select jsonb_array_elements_text(${JSON.stringify(input.permissions ?? [])}::jsonb)))
      returning ${cols}`.pipe(onUnique(accountConflict)))
  return Accounts.AdminRepo.of({
    findById: (id) => admins.maybe(sql`select ${cols} from accounts.admins where id = ${id}`),
    findByPhone: (phone) => admins.maybe(sql`select ${cols} from accounts.admins where phone_number = ${phone}`),
    create: insert,
    // The table lock serialises concurrent bootstraps, so exactly one can see zero admins.
    createFirst: (input) =>
      Effect.gen(function*() {
        yield* sql`lock table accounts.admins in share row exclusive mode`.pipe(Effect.orDie)
        const { n } = yield* counts.one(sql`select count(*)::int as n from accounts.admins`)
        if (n > 0) return yield* new Accounts.AdminsAlreadyExist()
        return yield* insert(input)
      }).pipe(sql.withTransaction, Effect.catchTag("SqlError", Effect.die))
  })
}))

export const CrewMemberRepoPg = Layer.effect(Accounts.CrewMemberRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const members = rowsOf(Accounts.CrewMember)
  const cols = sql`id, phone_number, email, name, status, created_at, updated_at`
  return Accounts.CrewMemberRepo.of({
    findById: (id) => members.maybe(sql`select ${cols} from accounts.crew_members where id = ${id}`),
    findActiveByPhone: (phone) =>
      members.all(sql`
        select ${cols} from accounts.crew_members where phone_number = ${phone} and status = 'ACTIVE'
        order by created_at, id`),
    findActiveByEmail: (email) =>
      members.all(sql`
        select ${cols} from accounts.crew_members where email = ${email} and status = 'ACTIVE'
        order by created_at, id`),
    create: (input) =>
      members.one(sql`
        insert into accounts.crew_members (phone_number, email, name, status)
        values (${input.phoneNumber ?? null}, ${input.email ?? null}, ${input.name ?? null}, ${input.status ?? "ACTIVE"})
        returning ${cols}`)
  })
}))

export const OrganizerMemberRepoPg = Layer.effect(Accounts.OrganizerMemberRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const members = rowsOf(Accounts.OrganizerMember)
  const cols = sql`m.id, m.organizer_id, m.user_id, m.phone_number, m.email, m.role, m.status, m.created_at, m.updated_at`
  return Accounts.OrganizerMemberRepo.of({
    findById: (id) => members.maybe(sql`select ${cols} from organizers.members m where m.id = ${id}`),
    findActiveByPhone: (phone) =>
      members.all(sql`
        select ${cols} from organizers.members m join organizers.organizers o on o.id = m.organizer_id
        where m.phone_number = ${phone} and m.status = 'ACTIVE' and o.status = 'ACTIVE'
        order by m.created_at, m.id`),
    findActiveByEmail: (email) =>
      members.all(sql`
        select ${cols} from organizers.members m join organizers.organizers o on o.id = m.organizer_id
        where m.email = ${email} and m.status = 'ACTIVE' and o.status = 'ACTIVE'
        order by m.created_at, m.id`),
    createOrganizer: (input) =>
      Effect.map(ids.one(sql`insert into organizers.organizers (name) values (${input.name}) returning id`), (row) => row.id),
    addMember: (input) =>
      members.one(sql`
        insert into organizers.members as m (organizer_id, user_id, phone_number, email, role, status)
        values (${input.organizerId}, ${input.userId ?? null}, ${input.phoneNumber ?? null}, ${input.email ?? null},
                ${input.role}, ${input.status ?? "ACTIVE"})
        returning ${cols}`)
  })
}))

/** Every accounts repository on the SqlClient in context. */
export const AccountsReposPg = Layer.mergeAll(UserRepoPg, AdminRepoPg, CrewMemberRepoPg, OrganizerMemberRepoPg)
