/**
 * Memory twins of the club community and oversight repositories (same rules as
 * adapters/postgres/src/clubs/community.pg.ts). The oversight twin reads and writes the club and
 * membership rows through the ClubRepo / ClubMemberRepo twins it is given, so it must be built on
 * the same store: `ClubsCommunityMemory` is provided with `ClubsReposMemory`.
 */
import { Effect, Layer, Option } from "effect"
import type { Club, ClubMember } from "../clubs/club.model.js"
import { ClubMemberRepo, ClubRepo } from "../clubs/club.port.js"
import {
  ClubInviteRepo,
  ClubOrganizerLinkRepo,
  ClubOversightRepo,
  ClubRelationRepo,
  type OrganizerLink
} from "../clubs/community.port.js"
import type { ClubInvite, ClubRelationKind } from "../clubs/membership.model.js"
import { nextMemoryId } from "./sequential-id.js"

const relationRepo = () => {
  const on = new Set<string>()
  const key = (clubId: string, userId: string, kind: ClubRelationKind) => `${clubId}|${userId}|${kind}`
  return ClubRelationRepo.of({
    set: (clubId, userId, kind, value) =>
      Effect.sync(() => {
        const k = key(clubId, userId, kind)
        const had = on.has(k)
        if (value) on.add(k)
        else on.delete(k)
        return had !== value
      }),
    of: (clubId, userId) =>
      Effect.sync(() => ({
        following: on.has(key(clubId, userId, "FOLLOW")),
        muted: on.has(key(clubId, userId, "MUTE")),
        blocked: on.has(key(clubId, userId, "BLOCK"))
      })),
    count: (clubId, kind) => Effect.sync(() => [...on].filter((k) => k.startsWith(`${clubId}|`) && k.endsWith(`|${kind}`)).length)
  })
}

const inviteRepo = () => {
  const invites = new Map<string, ClubInvite & { readonly tokenHash: string }>()
  const redemptions = new Set<string>()
  const strip = ({ tokenHash: _, ...invite }: ClubInvite & { readonly tokenHash: string }): ClubInvite => invite
  return ClubInviteRepo.of({
    create: (input) =>
      Effect.sync(() => {
        const invite = { id: nextMemoryId(), ...input, uses: 0, revokedAt: null, createdAt: new Date() }
        invites.set(invite.id, invite)
        return strip(invite)
      }),
    findByTokenHash: (tokenHash) => Effect.sync(() => Option.map(Option.fromNullable([...invites.values()].find((i) => i.tokenHash === tokenHash)), strip)),
    consume: (inviteId, userId) =>
      Effect.sync(() => {
        const k = `${inviteId}|${userId}`
        if (redemptions.has(k)) return { _tag: "AlreadyRedeemed" } as const
        const invite = invites.get(inviteId)
        if (
          invite === undefined || invite.revokedAt !== null || invite.expiresAt.getTime() <= Date.now() ||
          (invite.maxUses !== null && invite.uses >= invite.maxUses)
        ) return { _tag: "Unavailable" } as const
        redemptions.add(k)
        invites.set(inviteId, { ...invite, uses: invite.uses + 1 })
        return { _tag: "Consumed" } as const
      }),
    revoke: (inviteId) =>
      Effect.sync(() => {
        const invite = invites.get(inviteId)
        if (invite === undefined || invite.revokedAt !== null) return Option.none()
        const next = { ...invite, revokedAt: new Date() }
        invites.set(inviteId, next)
        return Option.some(strip(next))
      }),
    listByClub: (clubId) =>
      Effect.sync(() => [...invites.values()].filter((i) => i.clubId === clubId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(strip))
  })
}

const linkRepo = () => {
  const links = new Map<string, OrganizerLink>()
  return ClubOrganizerLinkRepo.of({
    find: (clubId) => Effect.sync(() => Option.fromNullable(links.get(clubId))),
    linkIf: (clubId, organizerId, expected) =>
      Effect.sync(() => {
        const current = links.get(clubId)
        if ((current?.organizerId ?? null) !== expected) return Option.none()
        const now = new Date()
        const link: OrganizerLink = { clubId, organizerId, createdAt: current?.createdAt ?? now, updatedAt: now }
        links.set(clubId, link)
        return Option.some(link)
      })
  })
}

const oversightRepo = Effect.gen(function*() {
  const clubs = yield* ClubRepo
  const members = yield* ClubMemberRepo
  const findClub = (id: string) => clubs.findById(id)
  return ClubOversightRepo.of({
    changeMember: (clubId, userId, change) =>
      Effect.gen(function*() {
        if (Option.isNone(yield* findClub(clubId))) return { _tag: "NotFound" } as const
        const found = yield* members.find(clubId, userId)
        if (Option.isNone(found)) return { _tag: "NotFound" } as const
        const member: ClubMember = found.value
        if (change.fromStatuses !== undefined && !change.fromStatuses.includes(member.status)) return { _tag: "Refused", status: member.status } as const
        const nextStatus = change.status ?? member.status
        const nextRole = change.role ?? member.role
        if (member.status === "ACTIVE" && member.role === "OWNER" && (nextStatus !== "ACTIVE" || nextRole !== "OWNER")) {
          const owners = yield* members.list(clubId, { status: "ACTIVE", role: "OWNER", limit: 2, offset: 0 })
          if (owners.total <= 1) return { _tag: "LastOwner" } as const
        }
        if (nextRole !== member.role) yield* members.setRole(member.id, nextRole)
        const moved = nextStatus === member.status ? yield* members.findById(member.id) : yield* members.setStatus(member.id, [member.status], nextStatus)
        return { _tag: "Changed", member: Option.getOrThrow(moved) } as const
      }),
    setActive: (clubId, isActive, reason) =>
      Effect.gen(function*() {
        const club = yield* findClub(clubId)
        if (Option.isNone(club) || club.value.isActive === isActive) return Option.none<Club>()
        return yield* clubs.update(clubId, { isActive, deactivationReason: reason })
      }),
    setVerification: (clubId, from, to, reason) =>
      Effect.gen(function*() {
        const club = yield* findClub(clubId)
        if (Option.isNone(club) || !from.includes(club.value.verificationStatus)) return Option.none<Club>()
        return yield* clubs.update(clubId, { verificationStatus: to, verificationReason: reason })
      }),
    verificationQueue: (filter) =>
      Effect.gen(function*() {
        const all = yield* clubs.list({ status: "ACTIVE", limit: 1_000_000, offset: 0, oldestFirst: true, ...(filter.search === undefined ? {} : { search: filter.search }) })
        const items = all.items
          .filter((c) => filter.statuses.includes(c.verificationStatus))
          .sort((a, b) => (a.verificationStatus === "QUEUED" ? 0 : 1) - (b.verificationStatus === "QUEUED" ? 0 : 1))
        return { items: items.slice(filter.offset, filter.offset + filter.limit), total: items.length }
      })
  })
})

/** The community and oversight twins; needs the clubs repository twins (ClubsReposMemory) of the same store. */
export const ClubsCommunityMemory: Layer.Layer<ClubRelationRepo | ClubInviteRepo | ClubOrganizerLinkRepo | ClubOversightRepo, never, ClubRepo | ClubMemberRepo> =
  Layer.mergeAll(
    Layer.sync(ClubRelationRepo, relationRepo),
    Layer.sync(ClubInviteRepo, inviteRepo),
    Layer.sync(ClubOrganizerLinkRepo, linkRepo),
    Layer.effect(ClubOversightRepo, oversightRepo)
  )
