/** In-memory twins of the accounts repositories, with the Postgres adapters' uniqueness rules. */
import { Clock, Effect, Layer, Option } from "effect"
import { AccountConflict, type Admin, AdminsAlreadyExist, type CrewMember, type OrganizerMember, type User } from "../accounts/account.model.js"
import { AdminRepo, CrewMemberRepo, type NewAdmin, type NewUser, OrganizerMemberRepo, UserRepo } from "../accounts/account.port.js"
import { nextMemoryId } from "./sequential-id.js"

const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

export const makeUserRepoMemory = (): UserRepo["Type"] => {
  const users = new Map<string, User>()
  const find = (pred: (u: User) => boolean) => Option.fromNullable([...users.values()].find(pred))
  const conflict = (input: NewUser, exceptId?: string) => {
    for (const u of users.values()) {
      if (u.id === exceptId) continue
      if (input.phoneNumber != null && u.phoneNumber === input.phoneNumber) return new AccountConflict({ field: "phoneNumber", message: "phoneNumber is already in use" })
      if (input.email != null && u.email === input.email) return new AccountConflict({ field: "email", message: "email is already in use" })
    }
    return undefined
  }
  const create = (input: NewUser) =>
    Effect.flatMap(now, (at) => {
      const clash = conflict(input)
      if (clash !== undefined) return Effect.fail(clash)
      const user: User = {
        id: nextMemoryId(),
        phoneNumber: input.phoneNumber ?? null,
        email: input.email ?? null,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        createdAt: at,
        updatedAt: at
      }
      users.set(user.id, user)
      return Effect.succeed(user)
    })
  return UserRepo.of({
    findById: (id) => Effect.sync(() => Option.fromNullable(users.get(id))),
    findByPhone: (phone) => Effect.sync(() => find((u) => u.phoneNumber === phone)),
    findByEmail: (email) => Effect.sync(() => find((u) => u.email === email)),
    create,
    findOrCreateByPhone: (phoneNumber) =>
      Effect.suspend(() => Option.match(find((u) => u.phoneNumber === phoneNumber), { onSome: Effect.succeed, onNone: () => Effect.orDie(create({ phoneNumber })) })),
    findOrCreateByEmail: (email) =>
      Effect.suspend(() => Option.match(find((u) => u.email === email), { onSome: Effect.succeed, onNone: () => Effect.orDie(create({ email })) })),
    bindPhone: (id, phoneNumber) =>
      Effect.flatMap(now, (at) => {
        const user = users.get(id)
        if (user === undefined || user.phoneNumber !== null) return Effect.succeed(Option.none())
        const clash = conflict({ phoneNumber }, id)
        if (clash !== undefined) return Effect.fail(clash)
        const next = { ...user, phoneNumber, updatedAt: at }
        users.set(id, next)
        return Effect.succeed(Option.some(next))
      })
  })
}

export const makeAdminRepoMemory = (): AdminRepo["Type"] => {
  const admins = new Map<string, Admin>()
  const create = (input: NewAdmin) =>
    Effect.flatMap(now, (at) => {
      if ([...admins.values()].some((a) => a.phoneNumber === input.phoneNumber)) {
        return Effect.fail(new AccountConflict({ field: "phoneNumber", message: "phoneNumber is already in use" }))
      }
      const admin: Admin = {
        id: nextMemoryId(),
        phoneNumber: input.phoneNumber,
        email: input.email ?? null,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        handle: null,
        status: "ACTIVE",
        totpEnabledAt: null,
        totpRequiredAt: null,
        createdAt: at,
        updatedAt: at
      }
      admins.set(admin.id, admin)
      return Effect.succeed(admin)
    })
  return AdminRepo.of({
    findById: (id) => Effect.sync(() => Option.fromNullable(admins.get(id))),
    findByPhone: (phone) => Effect.sync(() => Option.fromNullable([...admins.values()].find((a) => a.phoneNumber === phone))),
    create,
    createFirst: (input) => (admins.size > 0 ? Effect.fail(new AdminsAlreadyExist()) : create(input))
  })
}

export const makeCrewMemberRepoMemory = (): CrewMemberRepo["Type"] => {
  const rows = new Map<string, CrewMember>()
  const active = (pred: (c: CrewMember) => boolean) => Effect.sync(() => [...rows.values()].filter((c) => c.status === "ACTIVE" && pred(c)))
  return CrewMemberRepo.of({
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    findActiveByPhone: (phone) => active((c) => c.phoneNumber === phone),
    findActiveByEmail: (email) => active((c) => c.email === email),
    create: (input) =>
      Effect.map(now, (at) => {
        const row: CrewMember = {
          id: nextMemoryId(),
          phoneNumber: input.phoneNumber ?? null,
          email: input.email ?? null,
          name: input.name ?? null,
          status: input.status ?? "ACTIVE",
          createdAt: at,
          updatedAt: at
        }
        rows.set(row.id, row)
        return row
      })
  })
}

export const makeOrganizerMemberRepoMemory = (): OrganizerMemberRepo["Type"] => {
  const organizers = new Set<string>()
  const members = new Map<string, OrganizerMember>()
  const active = (pred: (m: OrganizerMember) => boolean) =>
    Effect.sync(() => [...members.values()].filter((m) => m.status === "ACTIVE" && organizers.has(m.organizerId) && pred(m)))
  return OrganizerMemberRepo.of({
    findById: (id) => Effect.sync(() => Option.fromNullable(members.get(id))),
    findActiveByPhone: (phone) => active((m) => m.phoneNumber === phone),
    findActiveByEmail: (email) => active((m) => m.email === email),
    createOrganizer: () =>
      Effect.sync(() => {
        const id = nextMemoryId()
        organizers.add(id)
        return id
      }),
    addMember: (input) =>
      Effect.map(now, (at) => {
        const member: OrganizerMember = {
          id: nextMemoryId(),
          organizerId: input.organizerId,
          userId: input.userId ?? null,
          phoneNumber: input.phoneNumber ?? null,
          email: input.email ?? null,
          role: input.role,
          status: input.status ?? "ACTIVE",
          createdAt: at,
          updatedAt: at
        }
        members.set(member.id, member)
        return member
      })
  })
}

export const UserRepoMemory: Layer.Layer<UserRepo> = Layer.sync(UserRepo, makeUserRepoMemory)
export const AdminRepoMemory: Layer.Layer<AdminRepo> = Layer.sync(AdminRepo, makeAdminRepoMemory)
export const CrewMemberRepoMemory: Layer.Layer<CrewMemberRepo> = Layer.sync(CrewMemberRepo, makeCrewMemberRepoMemory)
export const OrganizerMemberRepoMemory: Layer.Layer<OrganizerMemberRepo> = Layer.sync(OrganizerMemberRepo, makeOrganizerMemberRepoMemory)

/** Every accounts repository in memory. */
export const AccountsPortsMemory = Layer.mergeAll(UserRepoMemory, AdminRepoMemory, CrewMemberRepoMemory, OrganizerMemberRepoMemory)
