/**
 * Who may call an operation (A 5), declared on the contract and enforced before the request is
 * decoded, so a caller without the right gets 401/403 whatever the body, and only then a 400:
 *
 * - public: no guard middleware;
 * - any signed-in principal: `.middleware(Authenticated)` on the group or endpoint;
 * - a role or an admin permission: `Authenticated` plus `.annotate(Requires, Role("admin"))` or
 *   `.annotate(Requires, AdminPermission("admins.write"))`, on the group (every endpoint, also
 *   where `Authenticated` sits on the endpoints) or on an endpoint (overrides the group's);
 * - an owned resource that admins may read with a permission: `AdminsNeed("wallets.read")` (the
 *   handler checks ownership for everyone else);
 * - an organizer or club tenancy role: one of the tenancy middlewares instead of `Authenticated`;
 * - a sensitive operation (account delete, wallet withdraw, payment-method edit; A 5.6): also
 *   `.annotate(StepUp, true)` next to `Authenticated`, on the group or an endpoint (an endpoint's
 *   `StepUp` overrides its group's), with or without a `Requires`.
 *
 * The host's `Authenticated` verifies the bearer access token (or the web-session cookie set by
 * /v2/auth/web/session) and its session, then checks the route's declared requirement: 401 in the
 * error envelope without a valid token, 403 "Access Denied" without the role or permission, then
 * 403 `STEP_UP_REQUIRED` where step-up is declared and the session is not stepped up.
 *
 *   class MyGroup extends HttpApiGroup.make("my").add(…).middleware(Authenticated).annotate(Requires, Role("admin")) {}
 *   // handler: const me = yield* CurrentPrincipal
 */
import { HttpApiMiddleware, HttpApiSecurity, OpenApi } from "@effect/platform"
import { Context, Schema } from "effect"
import { Forbidden, Unauthorized } from "./errors.js"

/** Kinds of account a principal can be. */
export type PrincipalKind = "user" | "organizer" | "admin" | "crew" | "sponsor"

/** The authenticated caller of a request. */
export interface Principal {
  readonly accountKind: PrincipalKind
  readonly accountId: string
  readonly sessionId: string
  readonly role: PrincipalKind
  /** The admin acting as this user (impersonation). */
  readonly impersonatorId?: string
  /** Epoch ms until which the session counts as stepped-up. */
  readonly steppedUpUntil?: number
}

/** The caller, provided by `Authenticated` (and by `OptionalAuthenticated` when a valid token is sent). */
export class CurrentPrincipal extends Context.Tag("@podium/contracts/CurrentPrincipal")<CurrentPrincipal, Principal>() {}

/** Name of the HttpOnly cookie carrying the web session's access token. */
export const WebSessionCookie = "podium_session"

/** The bearer scheme as documented in OpenAPI. */
export const BearerAuth = HttpApiSecurity.bearer.pipe(
  HttpApiSecurity.annotate(OpenApi.Description, "Access token from a sign-in (JWT, 15 minutes); the web-session cookie is accepted too")
)

/** What a signed-in caller must have besides a valid token: one of some roles, or an admin permission. */
export type Requirement =
  | { readonly _tag: "Role"; readonly roles: ReadonlyArray<PrincipalKind> }
  /**
   * An admin (not an impersonation token) holding the permission or `*`; `impersonating` is the
   * 403 an impersonation token gets instead of the plain "Access Denied", where the route says one.
   */
  | {
    readonly _tag: "Permission"
    readonly permission: string
    readonly impersonating?: { readonly code: string; readonly message: string }
    /** Only admins need the permission; other principals pass (the handler then checks ownership). */
    readonly adminsOnly?: boolean
  }

/** The annotation carrying an endpoint's or a group's requirement (read by the host's `Authenticated`). */
export class Requires extends Context.Tag("@podium/contracts/Requires")<Requires, Requirement>() {}

/** The caller's role must be one of `roles`. */
export const Role = (...roles: ReadonlyArray<PrincipalKind>): Requirement => ({ _tag: "Role", roles })

/** The caller must be an admin holding `permission` (403 ADMIN_PERMISSION_REQUIRED otherwise). */
export const AdminPermission = (
  permission: string,
  options?: { readonly impersonating?: { readonly code: string; readonly message: string } }
): Requirement => ({ _tag: "Permission", permission, ...options })

/** Admins must hold `permission`; any other signed-in principal passes to the handler's ownership check. */
export const AdminsNeed = (permission: string): Requirement => ({ _tag: "Permission", permission, adminsOnly: true })

/** The requirement's wording in the OpenAPI description, after "bearer token". */
export const describeRequirement = (requirement: Requirement): string =>
  requirement._tag === "Role"
    ? `with role ${requirement.roles.join(" or ")}`
    : requirement.adminsOnly === true
    ? `of the resource's owner, or of an admin with permission \`${requirement.permission}\``
    : `with admin permission \`${requirement.permission}\``

/**
 * Requires a valid access token whose session is active (401 otherwise) and, when the route
 * declares one with `Requires`, the role or permission (403 otherwise); provides CurrentPrincipal.
 */
export class Authenticated extends HttpApiMiddleware.Tag<Authenticated>()("Authenticated", {
  failure: Schema.Union(Unauthorized.wire, Forbidden.wire),
  provides: CurrentPrincipal,
  security: { bearer: BearerAuth }
}) {}

/** Like Authenticated, but a missing or invalid token is no error: CurrentPrincipal is then absent (read it with Effect.serviceOption). */
export class OptionalAuthenticated extends HttpApiMiddleware.Tag<OptionalAuthenticated>()("OptionalAuthenticated", {
  optional: true,
  provides: CurrentPrincipal,
  security: { bearer: BearerAuth }
}) {}

/**
 * The annotation marking a sensitive operation: besides its requirement, the caller's session must
 * have been stepped up within the last 5 minutes (POST /v2/auth/step-up/verify with a fresh OTP,
 * TOTP code or passkey), else 403 `STEP_UP_REQUIRED`. Checked by the host's `Authenticated` before
 * decoding, from `steppedUpUntil`, which it loads with the session.
 */
export class StepUp extends Context.Tag("@podium/contracts/StepUp")<StepUp, boolean>() {}

/** The 403 a caller gets on a `StepUp` operation without a fresh step-up. */
export const stepUpRequired = (): Forbidden =>
  new Forbidden({
    code: "STEP_UP_REQUIRED",
    message: "This operation needs a fresh verification: POST /v2/auth/step-up/verify with an OTP, TOTP code or passkey"
  })

/** Whether `principal`'s session counts as stepped up at `now` (epoch ms). */
export const isSteppedUp = (principal: Principal, now: number): boolean =>
  principal.steppedUpUntil !== undefined && principal.steppedUpUntil > now

/** The step-up clause of the OpenAPI description, after the requirement's sentence. */
export const describeStepUp = "The session must have been stepped up within the last 5 minutes (POST /v2/auth/step-up/verify), else 403 STEP_UP_REQUIRED."
