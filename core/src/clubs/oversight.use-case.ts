/**
 * Club oversight by platform admins (B "Clubs", B "Verification"; states.tsv "Club", "Club
 * verification"): the club list and detail, edits, deactivation and reactivation (reason 10-500,
 * kept verbatim), the verified badge (approve / reject with a reason) and member oversight (list,
 * add with a role, change role or status, remove). Every change is a conditional update and writes
 * an audit row; the last ACTIVE OWNER can never be removed or demoted (409 CLUB_LAST_OWNER).
 *
 * Decisions where the spec is silent:
 * - Deactivation is independent of onboarding: any club that is active may be deactivated, and only
 *   a deactivated club reactivated (409 CLUB_OVERSIGHT_MOVE_REFUSED otherwise). Reactivation clears
 *   the reason.
 * - Nothing in the spec queues a club for verification, so the verification queue holds ACTIVE clubs
 *   whose badge is NONE or QUEUED (QUEUED first). Approve works from NONE, QUEUED or REJECTED (a
 *   second look); reject from NONE, QUEUED or VERIFIED (revoking a badge), with a 10-500 reason.
 * - Approving a PENDING member, reinstating a REMOVED one and removing one are the admin PATCH
 *   `status` moves (the spec lists no club-manager approval route; the use cases accept club
 *   managers too, ready for such a route).
 */
import { Effect, Option } from "effect"
import { UserRepo } from "../accounts/account.port.js"
import type { Principal } from "../identity/principal.model.js"
import { type ClubMember, ClubNotFound, type ClubRole, type ClubStatus, type ClubVerificationStatus, type MemberStatus } from "./club.model.js"
import { ClubMemberRepo, type ClubPatch, ClubRepo } from "./club.port.js"
import { auditClub } from "./club.use-case.js"
import { ClubOversightRepo, ClubRelationRepo } from "./community.port.js"
import { type CreateInviteInput, createClubInvite } from "./invites.use-case.js"
import {
  adminMoveTo,
  ClubAlreadyMember,
  ClubLastOwner,
  ClubMembershipMoveRefused,
  ClubMembershipNotFound,
  ClubOversightMoveRefused,
  ClubUserNotFound,
  type MembershipMove,
  MembershipMoves,
  VerificationMoves
} from "./membership.model.js"
import { requireClubRole } from "./tenancy.policy.js"

const clubOr404 = (clubId: string) =>
  Effect.flatMap(Effect.flatMap(ClubRepo, (r) => r.findById(clubId)), (c) => Option.isNone(c) ? Effect.fail(new ClubNotFound({ ref: clubId })) : Effect.succeed(c.value))

export interface AdminClubsFilter {
  readonly status?: ClubStatus | undefined
  readonly verificationStatus?: ClubVerificationStatus | undefined
  readonly search?: string | undefined
  readonly page: number
  readonly limit: number
}

/** Every club (any status), newest first, filtered by onboarding status, badge and name/slug search. */
export const adminListClubs = Effect.fn("clubs.admin.list")(function*(filter: AdminClubsFilter) {
  const found = yield* Effect.flatMap(ClubRepo, (r) =>
    r.list({
      ...(filter.status === undefined ? {} : { status: filter.status }),
      ...(filter.verificationStatus === undefined ? {} : { verificationStatus: filter.verificationStatus }),
      ...(filter.search === undefined ? {} : { search: filter.search }),
      limit: filter.limit,
      offset: (filter.page - 1) * filter.limit
    }))
  return { ...found, page: filter.page, limit: filter.limit }
})

/** One club with its oversight fields and counts. */
export const adminGetClub = Effect.fn("clubs.admin.get")(function*(clubId: string) {
  const club = yield* clubOr404(clubId)
  const memberCount = yield* Effect.flatMap(ClubMemberRepo, (r) => r.countActive(club.id))
  const pendingCount = (yield* Effect.flatMap(ClubMemberRepo, (r) => r.list(club.id, { status: "PENDING", limit: 1, offset: 0 }))).total
  const followerCount = yield* Effect.flatMap(ClubRelationRepo, (r) => r.count(club.id, "FOLLOW"))
  return { club, memberCount, pendingCount, followerCount }
})

/** Admin edit of a club's profile and settings (name, description, sports, city, type, gating, payout freeze). */
export const adminPatchClub = Effect.fn("clubs.admin.patch")(function*(admin: Principal, clubId: string, patch: ClubPatch) {
  yield* clubOr404(clubId)
  const allowed: ClubPatch = {
    ...(patch.name === undefined ? {} : { name: patch.name.trim() }),
    ...(patch.description === undefined ? {} : { description: patch.description }),
    ...(patch.sportIds === undefined ? {} : { sportIds: [...new Set(patch.sportIds)] }),
    ...(patch.city === undefined ? {} : { city: patch.city }),
    ...(patch.clubType === undefined ? {} : { clubType: patch.clubType }),
    ...(patch.requiresApproval === undefined ? {} : { requiresApproval: patch.requiresApproval }),
    ...(patch.payoutFrozen === undefined ? {} : { payoutFrozen: patch.payoutFrozen })
  }
  const updated = yield* Effect.flatMap(ClubRepo, (r) => r.update(clubId, allowed))
  if (Option.isNone(updated)) return yield* new ClubNotFound({ ref: clubId })
  yield* auditClub("club.admin.updated", admin, clubId, { data: { fields: Object.keys(allowed) } })
  return updated.value
})

const activeMove = (admin: Principal, clubId: string, isActive: boolean, reason: string | null) =>
  Effect.gen(function*() {
    const moved = yield* Effect.flatMap(ClubOversightRepo, (r) => r.setActive(clubId, isActive, reason))
    if (Option.isNone(moved)) {
      const club = yield* clubOr404(clubId)
      return yield* new ClubOversightMoveRefused({ move: isActive ? "reactivate" : "deactivate", state: club.isActive ? "active" : "deactivated" })
    }
    yield* auditClub(isActive ? "club.admin.reactivated" : "club.admin.deactivated", admin, clubId, reason === null ? {} : { reason })
    return moved.value
  })

/** Active → deactivated with a reason (10-500) kept verbatim; the club disappears from athletes. */
export const deactivateClub = Effect.fn("clubs.admin.deactivate")((admin: Principal, clubId: string, reason: string) => activeMove(admin, clubId, false, reason))
/** Deactivated → active; the reason is cleared. */
export const reactivateClub = Effect.fn("clubs.admin.reactivate")((admin: Principal, clubId: string) => activeMove(admin, clubId, true, null))

const verificationMove = (admin: Principal, clubId: string, name: keyof typeof VerificationMoves, reason: string | null) =>
  Effect.gen(function*() {
    const { from, to } = VerificationMoves[name]
    const moved = yield* Effect.flatMap(ClubOversightRepo, (r) => r.setVerification(clubId, from, to, reason))
    if (Option.isNone(moved)) {
      const club = yield* clubOr404(clubId)
      return yield* new ClubOversightMoveRefused({ move: `verify-${name}`, state: club.verificationStatus })
    }
    yield* auditClub(name === "approve" ? "club.verification.approved" : "club.verification.rejected", admin, clubId, reason === null ? {} : { reason })
    return moved.value
  })

/** The verified badge: NONE / QUEUED / REJECTED → VERIFIED. */
export const approveClubVerification = Effect.fn("clubs.admin.verifyApprove")((admin: Principal, clubId: string) => verificationMove(admin, clubId, "approve", null))
/** NONE / QUEUED / VERIFIED → REJECTED with a reason (10-500) kept verbatim. */
export const rejectClubVerification = Effect.fn("clubs.admin.verifyReject")((admin: Principal, clubId: string, reason: string) =>
  verificationMove(admin, clubId, "reject", reason)
)

/** ACTIVE clubs awaiting the badge decision (NONE or QUEUED by default), QUEUED first, then oldest. */
export const verificationQueue = Effect.fn("clubs.admin.verificationQueue")(function*(input: {
  readonly statuses?: ReadonlyArray<ClubVerificationStatus> | undefined
  readonly search?: string | undefined
  readonly page: number
  readonly limit: number
}) {
  const found = yield* Effect.flatMap(ClubOversightRepo, (r) =>
    r.verificationQueue({
      statuses: input.statuses ?? ["NONE", "QUEUED"],
      ...(input.search === undefined ? {} : { search: input.search }),
      limit: input.limit,
      offset: (input.page - 1) * input.limit
    }))
  return { ...found, page: input.page, limit: input.limit }
})

/** Every membership of the club (any status unless filtered), owners and staff first. */
export const adminListMembers = Effect.fn("clubs.admin.members")(function*(clubId: string, input: {
  readonly status?: MemberStatus | undefined
  readonly role?: ClubRole | undefined
  readonly page: number
  readonly limit: number
}) {
  yield* clubOr404(clubId)
  const found = yield* Effect.flatMap(ClubMemberRepo, (r) =>
    r.list(clubId, {
      ...(input.status === undefined ? {} : { status: input.status }),
      ...(input.role === undefined ? {} : { role: input.role }),
      limit: input.limit,
      offset: (input.page - 1) * input.limit
    }))
  return { ...found, page: input.page, limit: input.limit }
})

export type AddMemberInput =
  | { readonly mode: "ADD"; readonly userId: string; readonly role: ClubRole }
  | ({ readonly mode: "INVITE" } & CreateInviteInput)

/**
 * `POST /v2/admin/clubs/{id}/members`: ADD makes the athlete an ACTIVE member with `role` at once
 * (approving a PENDING request, reinstating a LEFT or REMOVED one; 409 when already ACTIVE — change
 * the role with PATCH); INVITE creates an invite (targeted when `targetUserId` is given, else a share
 * link) and answers its token once.
 */
export const adminAddMember = Effect.fn("clubs.admin.addMember")(function*(admin: Principal, clubId: string, input: AddMemberInput) {
  yield* clubOr404(clubId)
  if (input.mode === "INVITE") {
    if (input.targetUserId !== undefined && Option.isNone(yield* Effect.flatMap(UserRepo, (r) => r.findById(input.targetUserId!)))) {
      return yield* new ClubUserNotFound({ userId: input.targetUserId })
    }
    const created = yield* createClubInvite(admin, clubId, input)
    return { member: null, invite: created.invite, token: created.token }
  }
  if (Option.isNone(yield* Effect.flatMap(UserRepo, (r) => r.findById(input.userId)))) return yield* new ClubUserNotFound({ userId: input.userId })
  const members = yield* ClubMemberRepo
  const existing = yield* members.find(clubId, input.userId)
  if (Option.isSome(existing) && existing.value.status === "ACTIVE") return yield* new ClubAlreadyMember({ userId: input.userId })
  let member: ClubMember
  if (Option.isSome(existing) && existing.value.status === "PENDING") {
    const result = yield* Effect.flatMap(ClubOversightRepo, (r) => r.changeMember(clubId, input.userId, { fromStatuses: ["PENDING"], status: "ACTIVE", role: input.role }))
    if (result._tag !== "Changed") return yield* new ClubMembershipMoveRefused({ move: "add", status: result._tag === "Refused" ? result.status : "changed" })
    member = result.member
  } else {
    const upserted = yield* members.upsert(clubId, input.userId, "ACTIVE", input.role)
    if (!upserted.created) return yield* new ClubAlreadyMember({ userId: input.userId })
    member = upserted.member
  }
  yield* auditClub("club.admin.member.added", admin, clubId, { data: { userId: input.userId, role: input.role } })
  return { member, invite: null, token: null }
})

/**
 * Changes a member's role and/or status: ACTIVE approves a PENDING request or reinstates a REMOVED
 * member, REMOVED removes an ACTIVE or PENDING one; any other status move is 409. The last ACTIVE
 * OWNER cannot be demoted or removed (409 CLUB_LAST_OWNER). Club managers may use it too (not on
 * owners unless they are one), platform admins on any club.
 */
export const adminChangeMember = Effect.fn("clubs.admin.changeMember")(function*(
  principal: Principal,
  clubId: string,
  userId: string,
  change: { readonly role?: ClubRole | undefined; readonly status?: "ACTIVE" | "REMOVED" | undefined }
) {
  const grant = yield* requireClubRole(principal, clubId, ["OWNER", "ADMIN"], { platformAdmin: true })
  const existing = yield* Effect.flatMap(ClubMemberRepo, (r) => r.find(clubId, userId))
  if (Option.isNone(existing)) return yield* new ClubMembershipNotFound({ clubId, userId })
  const current = existing.value
  if (grant.role === "ADMIN" && (current.role === "OWNER" || change.role === "OWNER")) {
    return yield* new ClubMembershipMoveRefused({ move: "change an owner as a club admin", status: current.status })
  }
  let move: MembershipMove | undefined
  // Same status plus a role: a plain role change; same status alone: an illegal move (409).
  if (change.status !== undefined && !(change.status === current.status && change.role !== undefined)) {
    move = adminMoveTo(current.status, change.status)
    if (move === undefined) return yield* new ClubMembershipMoveRefused({ move: change.status === "ACTIVE" ? "approve" : "remove", status: current.status })
  } else if (change.role !== undefined && current.status !== "ACTIVE" && current.status !== "PENDING") {
    return yield* new ClubMembershipMoveRefused({ move: "change the role of", status: current.status })
  }
  const fromStatuses = move === undefined ? [current.status] : MembershipMoves[move].from
  const result = yield* Effect.flatMap(ClubOversightRepo, (r) =>
    r.changeMember(clubId, userId, {
      fromStatuses,
      ...(move === undefined ? {} : { status: MembershipMoves[move].to }),
      ...(change.role === undefined ? {} : { role: change.role })
    }))
  switch (result._tag) {
    case "NotFound":
      return yield* new ClubMembershipNotFound({ clubId, userId })
    case "Refused":
      return yield* new ClubMembershipMoveRefused({ move: move ?? "change", status: result.status })
    case "LastOwner":
      return yield* new ClubLastOwner({ clubId })
    case "Changed":
      yield* auditClub(move === undefined ? "club.admin.member.role_changed" : `club.admin.member.${move === "approve" ? "approved" : move === "reinstate" ? "reinstated" : "removed"}`, principal, clubId, {
        data: { userId, from: { status: current.status, role: current.role }, to: { status: result.member.status, role: result.member.role } }
      })
      return result.member
  }
})

/** Removes a member (ACTIVE or PENDING → REMOVED); the last ACTIVE OWNER cannot be removed (409). */
export const adminRemoveMember = Effect.fn("clubs.admin.removeMember")((principal: Principal, clubId: string, userId: string) =>
  adminChangeMember(principal, clubId, userId, { status: "REMOVED" })
)
