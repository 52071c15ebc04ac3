/**
 * In-memory twins of the organizers repositories and the blob store (for HTTP tests of other
 * routes and use-case tests). Same visible rules as the Postgres adapters: deleted organizers are
 * invisible, phone numbers unique, the last ACTIVE OWNER cannot be demoted or revoked.
 */
import { Context, Effect, Layer, Option } from "effect"
import type { Blob } from "../media/blob-store.port.js"
import { BlobStore } from "../media/blob-store.port.js"
import { LastOwner, type Organizer, OrganizerConflict, slugify, TeamMemberNotFound } from "../organizers/organizer.model.js"
import { OrganizerRepo, type PersonKeys, TeamRepo, type TeamMemberView } from "../organizers/organizer.port.js"
import { applyListQuery } from "../platform/list-query.model.js"
import { nextMemoryId } from "./sequential-id.js"


/** Both repositories over one shared state. */
export const makeOrganizersMemory = () => {
  const organizers = new Map<string, Organizer & { deleted: boolean }>()
  const members = new Map<string, TeamMemberView>()
  const follows = new Set<string>()
  const live = (id: string) => {
    const o = organizers.get(id)
    return o === undefined || o.deleted ? undefined : o
  }
  const strip = ({ deleted: _d, ...o }: Organizer & { deleted: boolean }): Organizer => o
  const matches = (m: TeamMemberView, p: PersonKeys) =>
    (p.userId !== null && m.userId === p.userId) || (p.phoneNumber !== null && m.phoneNumber === p.phoneNumber) ||
    (p.email !== null && m.email?.toLowerCase() === p.email.toLowerCase())
  const now = () => new Date()
  const addMember = (m: Omit<TeamMemberView, "id" | "createdAt" | "updatedAt">) => {
    const row: TeamMemberView = { ...m, id: nextMemoryId(), createdAt: now(), updatedAt: now() }
    members.set(row.id, row)
    return row
  }
  const organizerRepo = OrganizerRepo.of({
    create: (input, owner) =>
      Effect.suspend(() => {
        if (input.phoneNumber !== null && [...organizers.values()].some((o) => !o.deleted && o.phoneNumber === input.phoneNumber)) {
          return Effect.fail(new OrganizerConflict({ field: "phoneNumber", message: "phoneNumber is already used by another organizer" }))
        }
        const id = nextMemoryId()
        const base = slugify(input.name)
        const slug = [...organizers.values()].some((o) => o.slug === base) ? `${base}-${id.slice(-6)}` : base
        const o = {
          id, name: input.name, slug, phoneNumber: input.phoneNumber, email: input.email, companyName: input.companyName,
          commission: input.commission ?? null, isActive: input.isActive ?? true, approvalStatus: input.approvalStatus ?? "PENDING",
          reviewReason: input.reviewReason ?? null, logo: input.logo ?? null, banner: null, headline: null, about: null, city: null,
          state: null, links: {}, pickupLocation: null, suspendedAt: null, suspendReason: null, createdAt: now(), updatedAt: now(),
          deleted: false
        } as const
        organizers.set(id, o)
        addMember({ organizerId: id, userId: owner.userId, phoneNumber: owner.phoneNumber, email: owner.email, role: "OWNER", status: "ACTIVE", name: null, invitedBy: null })
        return Effect.succeed(strip(o))
      }),
    findById: (id) => Effect.sync(() => Option.map(Option.fromNullable(live(id)), strip)),
    findByIdOrSlug: (s) =>
      Effect.sync(() => Option.map(Option.fromNullable([...organizers.values()].find((o) => !o.deleted && (o.id === s || o.slug === s.toLowerCase()))), strip)),
    findByPhone: (p) => Effect.sync(() => Option.map(Option.fromNullable([...organizers.values()].find((o) => !o.deleted && o.phoneNumber === p)), strip)),
    update: (id, patch) =>
      Effect.sync(() => {
        const o = live(id)
        if (o === undefined) return Option.none()
        const next = { ...o, ...patch, updatedAt: now() }
        organizers.set(id, next)
        return Option.some(strip(next))
      }),
    toggle: (id) =>
      Effect.sync(() => {
        const o = live(id)
        if (o === undefined) return Option.none()
        const next = { ...o, isActive: !o.isActive, updatedAt: now() }
        organizers.set(id, next)
        return Option.some(strip(next))
      }),
    remove: (id) =>
      Effect.sync(() => {
        const o = live(id)
        if (o === undefined) return false
        organizers.set(id, { ...o, deleted: true, phoneNumber: null })
        return true
      }),
    transition: (id, from, to, extra) =>
      Effect.sync(() => {
        const o = live(id)
        if (o === undefined || !from.includes(o.approvalStatus)) return Option.none()
        const next = { ...o, approvalStatus: to, suspendedAt: extra.suspendedAt ?? null, suspendReason: extra.suspendReason ?? null, updatedAt: now() }
        organizers.set(id, next)
        return Option.some(strip(next))
      }),
    list: (query) =>
      Effect.sync(() =>
        applyListQuery(query, [...organizers.values()].filter((o) => !o.deleted).map(strip) as unknown as ReadonlyArray<Record<string, unknown>>) as never
      ),
    follow: (organizerId, userId, on) =>
      Effect.sync(() => {
        const key = `${organizerId}:${userId}`
        if (on) follows.add(key)
        else follows.delete(key)
        return [...follows].filter((k) => k.startsWith(`${organizerId}:`)).length
      }),
    followerCount: (organizerId) => Effect.sync(() => [...follows].filter((k) => k.startsWith(`${organizerId}:`)).length)
  })
  const activeOwners = (organizerId: string) =>
    [...members.values()].filter((m) => m.organizerId === organizerId && m.status === "ACTIVE" && m.role === "OWNER").length
  const teamRepo = TeamRepo.of({
    findActiveMembership: (organizerId, person) =>
      Effect.sync(() => Option.fromNullable([...members.values()].find((m) => m.organizerId === organizerId && m.status === "ACTIVE" && matches(m, person)))),
    membershipsOf: (person) =>
      Effect.sync(() =>
        [...members.values()]
          .filter((m) => m.status !== "REMOVED" && live(m.organizerId) !== undefined && matches(m, person))
          .map((member) => ({ member, organizerName: live(member.organizerId)!.name, organizerSlug: live(member.organizerId)!.slug }))
      ),
    listTeam: (organizerId) => Effect.sync(() => [...members.values()].filter((m) => m.organizerId === organizerId && m.status !== "REMOVED")),
    findMember: (organizerId, memberId) =>
      Effect.sync(() => Option.filter(Option.fromNullable(members.get(memberId)), (m) => m.organizerId === organizerId)),
    invite: (input) =>
      Effect.sync(() => {
        const person = { userId: null, phoneNumber: input.phoneNumber, email: input.email }
        if ([...members.values()].some((m) => m.organizerId === input.organizerId && m.status !== "REMOVED" && matches(m, person))) {
          return Option.none()
        }
        return Option.some(addMember({ ...input, userId: null, status: "INVITED" }))
      }),
    change: (organizerId, memberId, change) =>
      Effect.suspend((): Effect.Effect<TeamMemberView, TeamMemberNotFound | LastOwner> => {
        const m = members.get(memberId)
        if (m === undefined || m.organizerId !== organizerId || m.status === "REMOVED") return Effect.fail(new TeamMemberNotFound({ memberId }))
        const losesOwner = m.status === "ACTIVE" && m.role === "OWNER" && (change._tag === "Revoke" || change.role !== "OWNER")
        if (losesOwner && activeOwners(organizerId) <= 1) return Effect.fail(new LastOwner())
        const next: TeamMemberView = change._tag === "Revoke"
          ? { ...m, status: "REMOVED", updatedAt: now() }
          : { ...m, role: change.role, updatedAt: now() }
        members.set(memberId, next)
        return Effect.succeed(next)
      }),
    accept: (memberId, person) =>
      Effect.sync(() => {
        const m = members.get(memberId)
        if (m === undefined || m.status !== "INVITED" || !matches(m, person)) return Option.none()
        const next: TeamMemberView = { ...m, status: "ACTIVE", userId: m.userId ?? person.userId, updatedAt: now() }
        members.set(memberId, next)
        return Option.some(next)
      }),
    memberAccounts: (organizerId) =>
      Effect.sync(() => [...members.values()].filter((m) => m.organizerId === organizerId).map((m) => ({ memberId: m.id, userId: m.userId })))
  })
  return { organizerRepo, teamRepo }
}

/** Organizer and team repositories over one fresh in-memory state. */
export const OrganizersReposMemory: Layer.Layer<OrganizerRepo | TeamRepo> = Layer.effectContext(Effect.sync(() => {
  const { organizerRepo, teamRepo } = makeOrganizersMemory()
  return Context.make(OrganizerRepo, organizerRepo).pipe(Context.add(TeamRepo, teamRepo))
}))

/** A blob store in process memory. */
export const BlobStoreMemory: Layer.Layer<BlobStore> = Layer.sync(BlobStore, () => {
  const blobs = new Map<string, Blob>()
  return BlobStore.of({
    kind: "memory",
    put: (key, bytes, contentType) => Effect.sync(() => void blobs.set(key, { bytes, contentType })),
    get: (key) => Effect.sync(() => Option.fromNullable(blobs.get(key))),
    remove: (key) => Effect.sync(() => void blobs.delete(key))
  })
})
