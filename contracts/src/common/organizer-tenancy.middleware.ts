/**
 * The tenancy guards of organizer-scoped operations (A 5.4). Put ONE of these middlewares on an
 * organizer-scoped endpoint (instead of `Authenticated`): it authenticates the bearer token, finds
 * the organizer the request names, checks that the caller is an ACTIVE team member there with one
 * of the tag's roles (or a platform admin where the tag allows it), and provides `OrganizerAccess`.
 * It runs before the path, query and body are decoded, so an outsider gets 401/403 and never a
 * validation message about another tenant's resource.
 *
 * Which organizer a request names: the path parameter `organizerId` or `orgId`; else `id` on
 * `/v2/organizers/{id}...`; else (organizer portal `/v2/organizer/...`) the `x-organizer-id` header,
 * or when absent the caller's own organizer (an organizer sign-in's team row, or an athlete's
 * oldest active membership).
 *
 *   HttpApiEndpoint.get("team", "/v2/organizer/team").middleware(OrganizerReaders)
 *   // handler: const access = yield* OrganizerAccess
 *
 * The authorization-matrix test (test/organizers/tenancy-matrix.test.ts) walks every endpoint of
 * the served APIs that carries one of these tags, so new organizer routes join it automatically.
 */
import { HttpApiMiddleware } from "@effect/platform"
import { Context, Schema } from "effect"
import type { Principal } from "./auth.middleware.js"
import { BearerAuth } from "./auth.middleware.js"
import { Forbidden, NotFound, Unauthorized } from "./errors.js"

export type OrganizerTeamRole = "OWNER" | "ADMIN" | "VIEWER"

/** What the guard granted: the caller, the organizer and the caller's role there. */
export interface OrganizerAccessShape {
  readonly principal: Principal
  readonly organizerId: string
  readonly role: OrganizerTeamRole | "PLATFORM_ADMIN"
  /** The caller's team-member row; null for a platform admin. */
  readonly memberId: string | null
}

export class OrganizerAccess extends Context.Tag("@podium/contracts/OrganizerAccess")<OrganizerAccess, OrganizerAccessShape>() {}

const failure = Schema.Union(Unauthorized.wire, Forbidden.wire, NotFound.wire)

/** OWNER or ADMIN of the organizer. */
export class OrganizerManagers extends HttpApiMiddleware.Tag<OrganizerManagers>()("OrganizerManagers", {
  failure,
  provides: OrganizerAccess,
  security: { bearer: BearerAuth }
}) {}

/** OWNER, ADMIN or VIEWER of the organizer (reads). */
export class OrganizerReaders extends HttpApiMiddleware.Tag<OrganizerReaders>()("OrganizerReaders", {
  failure,
  provides: OrganizerAccess,
  security: { bearer: BearerAuth }
}) {}

/** OWNER or ADMIN of the organizer, or a platform admin. */
export class OrganizerManagersOrAdmin extends HttpApiMiddleware.Tag<OrganizerManagersOrAdmin>()("OrganizerManagersOrAdmin", {
  failure,
  provides: OrganizerAccess,
  security: { bearer: BearerAuth }
}) {}

/** OWNER, ADMIN or VIEWER of the organizer, or a platform admin. */
export class OrganizerReadersOrAdmin extends HttpApiMiddleware.Tag<OrganizerReadersOrAdmin>()("OrganizerReadersOrAdmin", {
  failure,
  provides: OrganizerAccess,
  security: { bearer: BearerAuth }
}) {}

/** OWNER of the organizer, or a platform admin (destructive account operations). */
export class OrganizerOwnerOrAdmin extends HttpApiMiddleware.Tag<OrganizerOwnerOrAdmin>()("OrganizerOwnerOrAdmin", {
  failure,
  provides: OrganizerAccess,
  security: { bearer: BearerAuth }
}) {}

/** The policy of each tenancy tag, by tag key: the team roles it admits and whether platform admins pass. */
export const OrganizerTenancyPolicies: Readonly<Record<string, { readonly roles: ReadonlyArray<OrganizerTeamRole>; readonly platformAdmin: boolean }>> = {
  OrganizerManagers: { roles: ["OWNER", "ADMIN"], platformAdmin: false },
  OrganizerReaders: { roles: ["OWNER", "ADMIN", "VIEWER"], platformAdmin: false },
  OrganizerManagersOrAdmin: { roles: ["OWNER", "ADMIN"], platformAdmin: true },
  OrganizerReadersOrAdmin: { roles: ["OWNER", "ADMIN", "VIEWER"], platformAdmin: true },
  OrganizerOwnerOrAdmin: { roles: ["OWNER"], platformAdmin: true }
}
