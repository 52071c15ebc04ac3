/**
 * The athlete side of club membership (document C "Clubs"): join and leave, the caller's own
 * membership, the member lists, follow / mute / block switches and counts, the club summary, the
 * managers' readiness checklist and the social verdict (what the caller may do with a club).
 *
 * Decisions where the spec is silent:
 * - Visibility follows `getClub`: a club athletes cannot see (not ACTIVE, or deactivated) is 404 to
 *   everyone but its managers and platform admins.
 * - Member lists are public for open clubs; a gated (`requiresApproval`) club is treated as private:
 *   only its ACTIVE members, its managers and platform admins see who belongs (403 CLUB_MEMBERS_PRIVATE).
 * - Joining is idempotent; a caller who blocked the club must unblock it first (409 CLUB_BLOCKED);
 *   blocking also unfollows. Follow / mute / block are the athlete's own preferences, not club
 *   changes, so they write no club audit row; joins and leaves do.
 * - CLUB_MEMBERSHIP clubs may still be joined for free (tierId null); paid tiers are an upgrade
 *   through tier checkout.
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { type Club, type ClubMember, ClubManagerRoles, ClubNotFound } from "./club.model.js"
import { ClubMemberRepo, ClubRepo } from "./club.port.js"
import { auditClub, getClub, isListed } from "./club.use-case.js"
import { ClubOversightRepo, ClubRelationRepo } from "./community.port.js"
import {
  ClubAthletesOnly,
  ClubBlocked,
  ClubLastOwner,
  ClubMembershipMoveRefused,
  ClubMembershipNotFound,
  ClubMembershipRemoved,
  ClubMembersPrivate,
  type ClubRelationKind,
  type ClubRelations,
  MembershipMoves
} from "./membership.model.js"

const athleteId = (principal: Principal) =>
  principal.accountKind === "user" ? Effect.succeed(principal.accountId) : Effect.fail(new ClubAthletesOnly())

const membershipOf = (clubId: string, userId: string | undefined) =>
  userId === undefined ? Effect.succeed(Option.none<ClubMember>()) : Effect.flatMap(ClubMemberRepo, (r) => r.find(clubId, userId))

const userOf = (principal: Principal | undefined) => principal?.accountKind === "user" ? principal.accountId : undefined

/** Whether the caller sees a gated club's members: its ACTIVE members and platform admins. */
const seesMembers = (principal: Principal | undefined, club: Club) =>
  Effect.gen(function*() {
    if (!club.requiresApproval && isListed(club)) return true
    if (principal?.accountKind === "admin") return true
    const member = yield* membershipOf(club.id, userOf(principal))
    return Option.exists(member, (m) => m.status === "ACTIVE")
  })

/**
 * Joins a listed club: ACTIVE at once in an open club, PENDING in a `requiresApproval` club. Two
 * concurrent joins make one membership (one row per person and club, insert-or-nothing).
 */
export const joinClub = Effect.fn("clubs.membership.join")(function*(principal: Principal, clubId: string) {
  const userId = yield* athleteId(principal)
  const club = yield* getClub(principal, clubId)
  if (!isListed(club)) return yield* new ClubNotFound({ ref: clubId })
  const relations = yield* Effect.flatMap(ClubRelationRepo, (r) => r.of(club.id, userId))
  if (relations.blocked) return yield* new ClubBlocked({ clubId: club.id })
  const existing = yield* membershipOf(club.id, userId)
  if (Option.isSome(existing) && existing.value.status === "REMOVED") return yield* new ClubMembershipRemoved({ clubId: club.id })
  const status = club.requiresApproval ? "PENDING" : "ACTIVE"
  const { member, created } = yield* Effect.flatMap(ClubMemberRepo, (r) => r.upsert(club.id, userId, status, "MEMBER"))
  if (created) yield* auditClub(status === "ACTIVE" ? "club.member.joined" : "club.member.requested", principal, club.id, { data: { userId } })
  return member
})

/** Leaves the club (ACTIVE or PENDING → LEFT); the last ACTIVE OWNER cannot leave (409). */
export const leaveClub = Effect.fn("clubs.membership.leave")(function*(principal: Principal, clubId: string) {
  const userId = yield* athleteId(principal)
  const club = yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId))
  if (Option.isNone(club)) return yield* new ClubNotFound({ ref: clubId })
  const { from, to } = MembershipMoves.leave
  const result = yield* Effect.flatMap(ClubOversightRepo, (r) => r.changeMember(clubId, userId, { fromStatuses: from, status: to }))
  switch (result._tag) {
    case "NotFound":
      return yield* new ClubMembershipNotFound({ clubId, userId })
    case "Refused":
      return yield* new ClubMembershipMoveRefused({ move: "leave", status: result.status })
    case "LastOwner":
      return yield* new ClubLastOwner({ clubId })
    case "Changed":
      yield* auditClub("club.member.left", principal, clubId, { data: { userId } })
      return result.member
  }
})

/** The caller's membership in the club: ACTIVE, PENDING or REMOVED; null when none (or LEFT). */
export const myMembership = Effect.fn("clubs.membership.mine")(function*(principal: Principal, clubId: string) {
  const club = yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId))
  if (Option.isNone(club)) return yield* new ClubNotFound({ ref: clubId })
  const member = yield* membershipOf(clubId, userOf(principal))
  return Option.getOrNull(Option.filter(member, (m) => m.status !== "LEFT"))
})

/** ACTIVE members, owners and staff first (public for open clubs; members only for gated clubs). */
export const listMembers = Effect.fn("clubs.membership.list")(function*(
  principal: Principal | undefined,
  clubId: string,
  page: { readonly page: number; readonly limit: number }
) {
  const club = yield* getClub(principal, clubId)
  if (!(yield* seesMembers(principal, club))) return yield* new ClubMembersPrivate({ clubId: club.id })
  const found = yield* Effect.flatMap(ClubMemberRepo, (r) =>
    r.list(club.id, { status: "ACTIVE", limit: page.limit, offset: (page.page - 1) * page.limit }))
  return { ...found, page: page.page, limit: page.limit }
})

/** How many members `featured-members` shows. */
export const FeaturedMembersLimit = 12

/**
 * The members a club page features: its owners, admins and moderators, then its longest-standing
 * members, up to FeaturedMembersLimit (same visibility as the member list).
 */
export const featuredMembers = Effect.fn("clubs.membership.featured")(function*(principal: Principal | undefined, clubId: string) {
  const club = yield* getClub(principal, clubId)
  if (!(yield* seesMembers(principal, club))) return yield* new ClubMembersPrivate({ clubId: club.id })
  const found = yield* Effect.flatMap(ClubMemberRepo, (r) => r.list(club.id, { status: "ACTIVE", limit: FeaturedMembersLimit, offset: 0 }))
  return found.items
})

/** Turns follow, mute or block on or off (idempotent); blocking also unfollows; following a blocked club is refused. */
export const setClubRelation = Effect.fn("clubs.relation.set")(function*(principal: Principal, clubId: string, kind: ClubRelationKind, on: boolean) {
  const userId = yield* athleteId(principal)
  const club = yield* getClub(principal, clubId)
  const relations = yield* ClubRelationRepo
  if (on && kind === "FOLLOW" && (yield* relations.of(club.id, userId)).blocked) return yield* new ClubBlocked({ clubId: club.id })
  yield* relations.set(club.id, userId, kind, on)
  if (on && kind === "BLOCK") yield* relations.set(club.id, userId, "FOLLOW", false)
  return yield* followStatus(principal, club.id)
})

export interface FollowStatus extends ClubRelations {
  readonly clubId: string
  readonly member: boolean
  readonly membershipStatus: ClubMember["status"] | null
  readonly role: ClubMember["role"] | null
}

/** The caller's relation to a club: following, muted, blocked, and membership. */
export const followStatus = Effect.fn("clubs.relation.status")(function*(principal: Principal, clubId: string) {
  const club = yield* getClub(principal, clubId)
  const userId = userOf(principal)
  const relations: ClubRelations = userId === undefined
    ? { following: false, muted: false, blocked: false }
    : yield* Effect.flatMap(ClubRelationRepo, (r) => r.of(club.id, userId))
  const member = Option.filter(yield* membershipOf(club.id, userId), (m) => m.status !== "LEFT")
  const status: FollowStatus = {
    clubId: club.id,
    ...relations,
    member: Option.exists(member, (m) => m.status === "ACTIVE"),
    membershipStatus: Option.match(member, { onNone: () => null, onSome: (m) => m.status }),
    role: Option.match(member, { onNone: () => null, onSome: (m) => m.role })
  }
  return status
})

/** The club's follower count. */
export const followCount = Effect.fn("clubs.relation.count")(function*(principal: Principal | undefined, clubId: string) {
  const club = yield* getClub(principal, clubId)
  const followers = yield* Effect.flatMap(ClubRelationRepo, (r) => r.count(club.id, "FOLLOW"))
  return { clubId: club.id, followers }
})

/** The club at a glance: member and follower counts, sports, verification and the caller's relation. */
export const clubSummary = Effect.fn("clubs.summary")(function*(principal: Principal | undefined, clubId: string) {
  const club = yield* getClub(principal, clubId)
  const memberCount = yield* Effect.flatMap(ClubMemberRepo, (r) => r.countActive(club.id))
  const followerCount = yield* Effect.flatMap(ClubRelationRepo, (r) => r.count(club.id, "FOLLOW"))
  const viewer = principal === undefined ? null : yield* followStatus(principal, club.id)
  return {
    clubId: club.id,
    name: club.name,
    slug: club.slug,
    clubType: club.clubType,
    requiresApproval: club.requiresApproval,
    sportIds: club.sportIds,
    city: club.city,
    memberCount,
    followerCount,
    verificationStatus: club.verificationStatus,
    verified: club.verificationStatus === "VERIFIED",
    viewer
  }
})

/** The shortest club description the readiness checklist accepts. */
export const ReadinessMinDescription = 20

/**
 * What the club still lacks to go live (managers and platform admins): a description of at least
 * ReadinessMinDescription characters, at least one sport, a city, submitted for review, approved
 * (ACTIVE) and not deactivated. `ready` is true when every check passes; `missing` names the rest.
 */
export const clubReadiness = Effect.fn("clubs.readiness")(function*(clubId: string) {
  const found = yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId))
  if (Option.isNone(found)) return yield* new ClubNotFound({ ref: clubId })
  const club = found.value
  const checks = [
    { key: "name", ok: club.name.trim().length >= 2, message: "Give the club a name" },
    { key: "description", ok: (club.description ?? "").trim().length >= ReadinessMinDescription, message: `Describe the club in at least ${ReadinessMinDescription} characters` },
    { key: "sports", ok: club.sportIds.length > 0, message: "Pick at least one sport" },
    { key: "city", ok: club.city !== null && club.city.trim() !== "", message: "Say which city the club meets in" },
    { key: "submitted", ok: club.status !== "DRAFT", message: "Submit the club for review" },
    { key: "approved", ok: club.status === "ACTIVE", message: club.status === "SUSPENDED" ? "Address the review feedback and resubmit" : "Wait for the admin review" },
    { key: "active", ok: club.isActive, message: "The club was deactivated by an admin" }
  ]
  return {
    clubId: club.id,
    status: club.status,
    ready: checks.every((c) => c.ok),
    live: isListed(club),
    missing: checks.filter((c) => !c.ok).map((c) => c.key),
    checks
  }
})

/** Why the caller can or cannot take part (the social verdict's `reason`). */
export type SocialReason = "MEMBER" | "OPEN" | "APPROVAL_REQUIRED" | "PENDING_APPROVAL" | "BLOCKED" | "REMOVED" | "SIGN_IN_REQUIRED" | "ATHLETES_ONLY" | "NOT_LIVE"

/**
 * What the caller may do with a club: view it, see its members, follow it, join it and post in it
 * (posting = being an ACTIVE member of a live club who has not blocked it). `reason` says why the
 * most useful action is or is not open; `joinMode` is OPEN or APPROVAL.
 */
export const socialVerdict = Effect.fn("clubs.socialVerdict")(function*(principal: Principal | undefined, clubId: string) {
  const club = yield* getClub(principal, clubId)
  const live = isListed(club)
  const userId = userOf(principal)
  const relations = userId === undefined
    ? { following: false, muted: false, blocked: false }
    : yield* Effect.flatMap(ClubRelationRepo, (r) => r.of(club.id, userId))
  const member = Option.filter(yield* membershipOf(club.id, userId), (m) => m.status !== "LEFT")
  const status = Option.getOrNull(Option.map(member, (m) => m.status))
  const reason: SocialReason = principal === undefined
    ? "SIGN_IN_REQUIRED"
    : userId === undefined
    ? "ATHLETES_ONLY"
    : !live
    ? "NOT_LIVE"
    : relations.blocked
    ? "BLOCKED"
    : status === "ACTIVE"
    ? "MEMBER"
    : status === "PENDING"
    ? "PENDING_APPROVAL"
    : status === "REMOVED"
    ? "REMOVED"
    : club.requiresApproval
    ? "APPROVAL_REQUIRED"
    : "OPEN"
  const canJoin = reason === "OPEN" || reason === "APPROVAL_REQUIRED"
  return {
    clubId: club.id,
    reason,
    joinMode: club.requiresApproval ? "APPROVAL" as const : "OPEN" as const,
    canView: true,
    canSeeMembers: yield* seesMembers(principal, club),
    canFollow: userId !== undefined && live && !relations.blocked,
    canJoin,
    canPost: reason === "MEMBER",
    isManager: Option.exists(member, (m) => m.status === "ACTIVE" && ClubManagerRoles.includes(m.role)),
    membershipStatus: status,
    blocked: relations.blocked
  }
})
