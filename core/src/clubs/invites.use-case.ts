/**
 * Club invites (C "Club invites"; states.tsv "Club membership"). An invite is created by the club's
 * managers or a platform admin (routed today through `POST /v2/admin/clubs/{id}/members` with
 * `mode: INVITE`, because the spec lists no invite-creating path), previewed publicly and accepted by
 * a signed-in athlete.
 *
 * - Tokens are 32 random bytes (base64url), shown once at creation; only their keyed hash is stored,
 *   so a database read never yields a usable token.
 * - The preview ALWAYS answers a verdict `{valid, reason, club?}` (never 404): UNKNOWN, EXPIRED,
 *   REVOKED, EXHAUSTED, CLUB_UNAVAILABLE or VALID.
 * - Accepting a TARGETED invite (for one athlete) makes an ACTIVE member even in a gated club (and
 *   approves a PENDING request); a LINK invite still faces `requiresApproval` (→ PENDING). A REMOVED
 *   athlete comes back only through a targeted invite. Accepting is idempotent for an ACTIVE member
 *   (no use is spent) and one athlete never spends two uses of one invite.
 */
import { Effect, Option } from "effect"
import { Hmac, SecureRandom } from "../identity/crypto.port.js"
import type { Principal } from "../identity/principal.model.js"
import type { Club, ClubRole } from "./club.model.js"
import { ClubMemberRepo, ClubRepo } from "./club.port.js"
import { auditClub, isListed } from "./club.use-case.js"
import { ClubInviteRepo, ClubRelationRepo } from "./community.port.js"
import {
  ClubAthletesOnly,
  ClubBlocked,
  type ClubInvite,
  ClubInviteNotForYou,
  ClubInviteUnusable,
  InviteDefaultHours,
  type InviteReason
} from "./membership.model.js"
import { requireClubRole } from "./tenancy.policy.js"

const Purpose = "club-invite"
const TokenBytes = 32

const hashOf = (token: string) => Effect.flatMap(Hmac, (h) => h.digest(Purpose, token))

export interface CreateInviteInput {
  /** A targeted invite for this athlete; absent: a share link. */
  readonly targetUserId?: string | undefined
  readonly role?: Extract<ClubRole, "MEMBER" | "MODERATOR"> | undefined
  readonly expiresInHours?: number | undefined
  /** Share links only (targeted invites have one use); absent: unlimited until expiry. */
  readonly maxUses?: number | undefined
}

/** Creates an invite; answers it with its token (the only time the token is shown). Managers or platform admins. */
export const createClubInvite = Effect.fn("clubs.invites.create")(function*(principal: Principal, clubId: string, input: CreateInviteInput) {
  yield* requireClubRole(principal, clubId, ["OWNER", "ADMIN"], { platformAdmin: true })
  const token = yield* Effect.flatMap(SecureRandom, (r) => r.token(TokenBytes))
  const targeted = input.targetUserId !== undefined
  const invite = yield* Effect.flatMap(ClubInviteRepo, (r) =>
    Effect.flatMap(hashOf(token), (tokenHash) =>
      r.create({
        clubId,
        tokenHash,
        kind: targeted ? "TARGETED" : "LINK",
        targetUserId: input.targetUserId ?? null,
        role: input.role ?? "MEMBER",
        createdByKind: principal.accountKind,
        createdBy: principal.accountId,
        expiresAt: new Date(Date.now() + (input.expiresInHours ?? InviteDefaultHours) * 3_600_000),
        maxUses: targeted ? 1 : input.maxUses ?? null
      })))
  yield* auditClub("club.invite.created", principal, clubId, { data: { inviteId: invite.id, kind: invite.kind, targetUserId: invite.targetUserId } })
  return { invite, token }
})

/** The verdict on a stored invite (and its club) at `now`. */
export const inviteReason = (invite: ClubInvite, club: Option.Option<Club>, now: Date): InviteReason =>
  invite.revokedAt !== null
    ? "REVOKED"
    : invite.expiresAt.getTime() <= now.getTime()
    ? "EXPIRED"
    : invite.maxUses !== null && invite.uses >= invite.maxUses
    ? "EXHAUSTED"
    : Option.match(club, { onNone: () => "CLUB_UNAVAILABLE", onSome: (c) => (isListed(c) ? "VALID" : "CLUB_UNAVAILABLE") })

const lookup = (token: string) =>
  Effect.gen(function*() {
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return Option.none<{ invite: ClubInvite; club: Option.Option<Club> }>()
    const invite = yield* Effect.flatMap(ClubInviteRepo, (r) => Effect.flatMap(hashOf(token), r.findByTokenHash))
    if (Option.isNone(invite)) return Option.none()
    const club = yield* Effect.flatMap(ClubRepo, (r) => r.findById(invite.value.clubId))
    return Option.some({ invite: invite.value, club })
  })

/** The public preview: always a verdict, never a 404. The club is shown only while it is live. */
export const previewInvite = Effect.fn("clubs.invites.preview")(function*(token: string) {
  const found = yield* lookup(token)
  if (Option.isNone(found)) return { valid: false, reason: "UNKNOWN" as InviteReason, club: null, kind: null, expiresAt: null }
  const { club, invite } = found.value
  const reason = inviteReason(invite, club, new Date())
  const shown = Option.filter(club, isListed)
  return {
    valid: reason === "VALID",
    reason,
    club: Option.getOrNull(shown),
    kind: invite.kind,
    expiresAt: invite.expiresAt
  }
})

/** Accepts an invite as the signed-in athlete (see the file comment for the rules). */
export const acceptInvite = Effect.fn("clubs.invites.accept")(function*(principal: Principal, token: string) {
  if (principal.accountKind !== "user") return yield* new ClubAthletesOnly()
  const userId = principal.accountId
  const found = yield* lookup(token)
  if (Option.isNone(found)) return yield* new ClubInviteUnusable({ reason: "UNKNOWN" })
  const { club, invite } = found.value
  if (invite.kind === "TARGETED" && invite.targetUserId !== userId) return yield* new ClubInviteNotForYou()
  const members = yield* ClubMemberRepo
  const existing = yield* members.find(invite.clubId, userId)
  // Already an ACTIVE member: nothing to do and no use spent.
  if (Option.isSome(existing) && existing.value.status === "ACTIVE") return existing.value
  const reason = inviteReason(invite, club, new Date())
  if (reason !== "VALID" || Option.isNone(club)) return yield* new ClubInviteUnusable({ reason })
  if ((yield* Effect.flatMap(ClubRelationRepo, (r) => r.of(invite.clubId, userId))).blocked) return yield* new ClubBlocked({ clubId: invite.clubId })
  const targeted = invite.kind === "TARGETED"
  if (!targeted && Option.exists(existing, (m) => m.status === "REMOVED")) return yield* new ClubInviteUnusable({ reason: "CLUB_UNAVAILABLE" })
  // A pending request stays pending under a share link (no use spent).
  if (!targeted && Option.isSome(existing) && existing.value.status === "PENDING") return existing.value
  const consumed = yield* Effect.flatMap(ClubInviteRepo, (r) => r.consume(invite.id, userId))
  if (consumed._tag === "Unavailable") {
    const fresh = yield* lookup(token)
    return yield* new ClubInviteUnusable({ reason: Option.match(fresh, { onNone: () => "UNKNOWN", onSome: (f) => inviteReason(f.invite, f.club, new Date()) }) })
  }
  const status = targeted || !club.value.requiresApproval ? "ACTIVE" : "PENDING"
  const upserted = yield* members.upsert(invite.clubId, userId, status, invite.role)
  let member = upserted.member
  if (!upserted.created && status === "ACTIVE" && member.status === "PENDING") {
    member = Option.getOrElse(yield* members.setStatus(member.id, ["PENDING"], "ACTIVE"), () => member)
  }
  yield* auditClub(member.status === "ACTIVE" ? "club.member.joined" : "club.member.requested", principal, invite.clubId, {
    data: { userId, inviteId: invite.id, inviteKind: invite.kind }
  })
  return member
})

/** Revokes an invite (managers or platform admins); revoking twice answers the invite unchanged. */
export const revokeClubInvite = Effect.fn("clubs.invites.revoke")(function*(principal: Principal, clubId: string, inviteId: string) {
  yield* requireClubRole(principal, clubId, ["OWNER", "ADMIN"], { platformAdmin: true })
  const invites = yield* Effect.flatMap(ClubInviteRepo, (r) => r.listByClub(clubId))
  const invite = invites.find((i) => i.id === inviteId)
  if (invite === undefined) return yield* new ClubInviteUnusable({ reason: "UNKNOWN" })
  const revoked = yield* Effect.flatMap(ClubInviteRepo, (r) => r.revoke(inviteId))
  if (Option.isSome(revoked)) yield* auditClub("club.invite.revoked", principal, clubId, { data: { inviteId } })
  return Option.getOrElse(revoked, () => invite)
})
