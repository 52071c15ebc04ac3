/**
 * The club tenancy policy: a club-scoped operation needs the caller to be an ACTIVE member of the
 * club it names with one of the operation's roles (OWNER/ADMIN for the club admin workspace, KYC and
 * money; any role for member-only reads); platform admins pass only where the operation says so.
 * Every club-scoped route goes through `requireClubRole`, so an id of another club never reads or
 * changes its data. Unknown clubs answer like a refusal (403) to non-admins, so outsiders learn
 * nothing; admins get 404.
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { ClubAccessDenied, ClubNotFound, type ClubRole } from "./club.model.js"
import { ClubMemberRepo, ClubRepo } from "./club.port.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** What the policy granted: the club, the caller's role there (or PLATFORM_ADMIN) and membership row. */
export interface ClubAccessGrant {
  readonly clubId: string
  readonly role: ClubRole | "PLATFORM_ADMIN"
  readonly memberId: string | null
  readonly userId: string | null
}

export interface ClubTenancyOptions {
  /** Platform admins may use the operation on any club. */
  readonly platformAdmin?: boolean
}

export const requireClubRole = Effect.fn("clubs.tenancy.require")(function*(
  principal: Principal,
  clubId: string,
  roles: ReadonlyArray<ClubRole>,
  options: ClubTenancyOptions = {}
) {
  const clubs = yield* ClubRepo
  if (principal.accountKind === "admin" && principal.role === "admin" && options.platformAdmin === true) {
    if (!Uuid.test(clubId) || Option.isNone(yield* clubs.findById(clubId))) return yield* new ClubNotFound({ ref: clubId })
    const grant: ClubAccessGrant = { clubId, role: "PLATFORM_ADMIN", memberId: null, userId: null }
    return grant
  }
  if (principal.accountKind !== "user" || !Uuid.test(clubId)) return yield* new ClubAccessDenied({ clubId })
  const member = yield* Effect.flatMap(ClubMemberRepo, (r) => r.find(clubId, principal.accountId))
  if (Option.isNone(member) || member.value.status !== "ACTIVE" || !roles.includes(member.value.role)) {
    return yield* new ClubAccessDenied({ clubId })
  }
  const grant: ClubAccessGrant = { clubId, role: member.value.role, memberId: member.value.id, userId: principal.accountId }
  return grant
})
