/**
 * The tenancy guards of club-scoped operations: put ONE of these middlewares on a club-scoped
 * endpoint (instead of `Authenticated`). It authenticates the bearer token, reads the club the path
 * names (`clubId`, or `id` on `/v2/clubs/{id}/...`), checks the caller's ACTIVE membership role
 * there (or lets a platform admin through where the tag says so) and provides `ClubAccess`. It runs
 * before the path, query and body are decoded, so an outsider gets 401/403 and never a validation
 * message about another club's resource.
 *
 *   HttpApiEndpoint.get("kyc", "/v2/clubs/:clubId/kyc").middleware(ClubManagers)
 *   // handler: const access = yield* ClubAccess
 */
import { HttpApiMiddleware } from "@effect/platform"
import { Context, Schema } from "effect"
import type { Principal } from "./auth.middleware.js"
import { BearerAuth } from "./auth.middleware.js"
import { Forbidden, NotFound, Unauthorized } from "./errors.js"

export type ClubMemberRole = "OWNER" | "ADMIN" | "MODERATOR" | "MEMBER"

export interface ClubAccessShape {
  readonly principal: Principal
  readonly clubId: string
  readonly role: ClubMemberRole | "PLATFORM_ADMIN"
  /** The caller's membership row; null for a platform admin. */
  readonly memberId: string | null
}

export class ClubAccess extends Context.Tag("@podium/contracts/ClubAccess")<ClubAccess, ClubAccessShape>() {}

const failure = Schema.Union(Unauthorized.wire, Forbidden.wire, NotFound.wire)

/** OWNER or ADMIN of the club (the club admin workspace, KYC, money). */
export class ClubManagers extends HttpApiMiddleware.Tag<ClubManagers>()("ClubManagers", { failure, provides: ClubAccess, security: { bearer: BearerAuth } }) {}

/** OWNER, ADMIN or MODERATOR of the club (community moderation: channels, runs, attendance, points). */
export class ClubStaff extends HttpApiMiddleware.Tag<ClubStaff>()("ClubStaff", { failure, provides: ClubAccess, security: { bearer: BearerAuth } }) {}

/** Any ACTIVE member of the club (member-only reads). */
export class ClubMembers extends HttpApiMiddleware.Tag<ClubMembers>()("ClubMembers", { failure, provides: ClubAccess, security: { bearer: BearerAuth } }) {}

/** OWNER or ADMIN of the club, or a platform admin. */
export class ClubManagersOrAdmin extends HttpApiMiddleware.Tag<ClubManagersOrAdmin>()("ClubManagersOrAdmin", {
  failure,
  provides: ClubAccess,
  security: { bearer: BearerAuth }
}) {}

/** OWNER of the club only (ownership-level money and KYC moves), or a platform admin. */
export class ClubOwnerOrAdmin extends HttpApiMiddleware.Tag<ClubOwnerOrAdmin>()("ClubOwnerOrAdmin", {
  failure,
  provides: ClubAccess,
  security: { bearer: BearerAuth }
}) {}

/** The policy of each club tenancy tag, by tag key. */
export const ClubTenancyPolicies: Readonly<Record<string, { readonly roles: ReadonlyArray<ClubMemberRole>; readonly platformAdmin: boolean }>> = {
  ClubManagers: { roles: ["OWNER", "ADMIN"], platformAdmin: false },
  ClubStaff: { roles: ["OWNER", "ADMIN", "MODERATOR"], platformAdmin: false },
  ClubMembers: { roles: ["OWNER", "ADMIN", "MODERATOR", "MEMBER"], platformAdmin: false },
  ClubManagersOrAdmin: { roles: ["OWNER", "ADMIN"], platformAdmin: true },
  ClubOwnerOrAdmin: { roles: ["OWNER"], platformAdmin: true }
}
