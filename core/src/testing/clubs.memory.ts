/** Memory twins of the clubs repositories: the same rules as the Postgres adapters (slug unique case-insensitively, conditional moves). */
import { Effect, Layer, Option } from "effect"
import { type Club, type ClubMember, ClubSlugTaken } from "../clubs/club.model.js"
import { ClubMemberRepo, ClubRepo } from "../clubs/club.port.js"
import { nextMemoryId } from "./sequential-id.js"

/** One shared store, so the club and membership twins see each other (a club's OWNER row). */
const makeStore = () => ({ clubs: new Map<string, Club>(), members: new Map<string, ClubMember>() })
type Store = ReturnType<typeof makeStore>

const page = <A>(items: ReadonlyArray<A>, limit: number, offset: number) => ({ items: items.slice(offset, offset + limit), total: items.length })

const clubRepo = (store: Store) =>
  ClubRepo.of({
    create: (input) =>
      Effect.suspend(() => {
        if ([...store.clubs.values()].some((c) => c.slug.toLowerCase() === input.slug.toLowerCase())) {
          return Effect.fail(new ClubSlugTaken({ slug: input.slug }))
        }
        const now = new Date()
        const club: Club = {
          id: nextMemoryId(),
          ...input,
          status: "DRAFT",
          rejectionReason: null,
          isActive: true,
          deactivationReason: null,
          verificationStatus: "NONE",
          verificationReason: null,
          payoutFrozen: false,
          submittedAt: null,
          reviewedAt: null,
          reviewedBy: null,
          createdAt: now,
          updatedAt: now
        }
        store.clubs.set(club.id, club)
        const owner: ClubMember = {
          id: nextMemoryId(),
          clubId: club.id,
          userId: input.ownerUserId,
          role: "OWNER",
          status: "ACTIVE",
          tierId: null,
          joinedAt: now,
          createdAt: now,
          updatedAt: now
        }
        store.members.set(owner.id, owner)
        return Effect.succeed(club)
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(store.clubs.get(id))),
    findByIdOrSlug: (ref) =>
      Effect.sync(() =>
        Option.fromNullable(store.clubs.get(ref) ?? [...store.clubs.values()].find((c) => c.slug.toLowerCase() === ref.toLowerCase()))
      ),
    update: (id, patch) =>
      Effect.sync(() => {
        const club = store.clubs.get(id)
        if (club === undefined) return Option.none()
        const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
        const next: Club = { ...club, ...defined, updatedAt: new Date() }
        store.clubs.set(id, next)
        return Option.some(next)
      }),
    transition: (id, from, to, extra) =>
      Effect.sync(() => {
        const club = store.clubs.get(id)
        if (club === undefined || !from.includes(club.status)) return Option.none()
        const now = new Date()
        const next: Club = {
          ...club,
          status: to,
          rejectionReason: extra.rejectionReason,
          ...(extra.reviewedBy === undefined ? {} : { reviewedBy: extra.reviewedBy, reviewedAt: now }),
          ...(extra.submitted === true ? { submittedAt: now } : {}),
          updatedAt: now
        }
        store.clubs.set(id, next)
        return Option.some(next)
      }),
    list: (filter) =>
      Effect.sync(() => {
        const search = filter.search?.toLowerCase()
        const items = [...store.clubs.values()]
          .filter((c) =>
            (filter.status === undefined || c.status === filter.status) &&
            (filter.publicOnly !== true || (c.status === "ACTIVE" && c.isActive)) &&
            (filter.sportId === undefined || c.sportIds.includes(filter.sportId)) &&
            (filter.ownerUserId === undefined || c.ownerUserId === filter.ownerUserId) &&
            (filter.verificationStatus === undefined || c.verificationStatus === filter.verificationStatus) &&
            (search === undefined || c.name.toLowerCase().includes(search) || c.slug.toLowerCase().includes(search))
          )
          .sort((a, b) => (filter.oldestFirst === true ? 1 : -1) * (a.createdAt.getTime() - b.createdAt.getTime()))
        return page(items, filter.limit, filter.offset)
      }),
    countOwnedBy: (userId) => Effect.sync(() => [...store.clubs.values()].filter((c) => c.ownerUserId === userId).length)
  })

const roleOrder = { OWNER: 0, ADMIN: 1, MODERATOR: 2, MEMBER: 3 } as const

const memberRepo = (store: Store) => {
  const find = (clubId: string, userId: string) => [...store.members.values()].find((m) => m.clubId === clubId && m.userId === userId)
  const patch = (id: string, change: Partial<ClubMember>) => {
    const member = store.members.get(id)
    if (member === undefined) return Option.none<ClubMember>()
    const next = { ...member, ...change, updatedAt: new Date() }
    store.members.set(id, next)
    return Option.some(next)
  }
  return ClubMemberRepo.of({
    find: (clubId, userId) => Effect.sync(() => Option.fromNullable(find(clubId, userId))),
    findById: (id) => Effect.sync(() => Option.fromNullable(store.members.get(id))),
    upsert: (clubId, userId, status, role) =>
      Effect.sync(() => {
        const existing = find(clubId, userId)
        const now = new Date()
        if (existing !== undefined && (existing.status === "ACTIVE" || existing.status === "PENDING")) return { member: existing, created: false }
        if (existing !== undefined) {
          const revived = Option.getOrThrow(patch(existing.id, { status, role, tierId: null, joinedAt: status === "ACTIVE" ? now : null }))
          return { member: revived, created: true }
        }
        const member: ClubMember = { id: nextMemoryId(), clubId, userId, role, status, tierId: null, joinedAt: status === "ACTIVE" ? now : null, createdAt: now, updatedAt: now }
        store.members.set(member.id, member)
        return { member, created: true }
      }),
    setStatus: (id, from, to) =>
      Effect.sync(() => {
        const member = store.members.get(id)
        if (member === undefined || !from.includes(member.status)) return Option.none()
        return patch(id, { status: to, ...(to === "ACTIVE" ? { joinedAt: new Date() } : {}) })
      }),
    setRole: (id, role) => Effect.sync(() => patch(id, { role })),
    setTier: (id, tierId) => Effect.sync(() => patch(id, { tierId })),
    list: (clubId, filter) =>
      Effect.sync(() => {
        const items = [...store.members.values()]
          .filter((m) => m.clubId === clubId && (filter.status === undefined || m.status === filter.status) && (filter.role === undefined || m.role === filter.role))
          .sort((a, b) => roleOrder[a.role] - roleOrder[b.role] || a.createdAt.getTime() - b.createdAt.getTime())
        return page(items, filter.limit, filter.offset)
      }),
    countActive: (clubId) => Effect.sync(() => [...store.members.values()].filter((m) => m.clubId === clubId && m.status === "ACTIVE").length),
    ofUser: (userId) =>
      Effect.sync(() => [...store.members.values()].filter((m) => m.userId === userId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()))
  })
}

/** Both clubs repositories over one fresh store. */
export const ClubsReposMemory = Layer.unwrapEffect(Effect.sync(() => {
  const store = makeStore()
  return Layer.mergeAll(Layer.succeed(ClubRepo, clubRepo(store)), Layer.succeed(ClubMemberRepo, memberRepo(store)))
}))
