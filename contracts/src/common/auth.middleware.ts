/**
 * The auth guard every authenticated operation uses (A 5): a bearer access token in
 * `Authorization` (or the web-session cookie set by /v2/auth/web/session). The host's
 * implementation verifies the JWT and that its session is still active, then provides
 * `CurrentPrincipal`; anything wrong answers 401 in the error envelope. Role checks happen in the
 * handler with `requireRole` (403 "Access Denied").
 *
 *   class MyGroup extends HttpApiGroup.make("my").add(…).middleware(Authenticated).addError(Forbidden.wire) {}
 *   // handler: const me = yield* CurrentPrincipal; yield* requireRole("admin")
 */
import { HttpApiMiddleware, HttpApiSecurity, OpenApi } from "@effect/platform"
import { Clock, Context, Effect } from "effect"
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

/** Requires a valid access token whose session is active; provides CurrentPrincipal; 401 otherwise. */
export class Authenticated extends HttpApiMiddleware.Tag<Authenticated>()("Authenticated", {
  failure: Unauthorized.wire,
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
 * The role guard for handlers behind `Authenticated`: the caller's principal when its role is one
 * of `roles`, else 403 "Access Denied" (declare `Forbidden.wire` on the group).
 */
export const requireRole = (...roles: ReadonlyArray<PrincipalKind>): Effect.Effect<Principal, Forbidden, CurrentPrincipal> =>
  Effect.flatMap(CurrentPrincipal, (principal) =>
    roles.includes(principal.role) ? Effect.succeed(principal) : Effect.fail(new Forbidden({ message: "Access Denied" })))

/**
 * The step-up guard for sensitive operations (account delete, wallet withdraw, payment-method edit;
 * A 5.6), used behind `Authenticated` next to `requireRole`: the caller's principal when its
 * session was stepped-up within the last 5 minutes (POST /v2/auth/step-up/verify with a fresh OTP,
 * TOTP or passkey), else 403 `STEP_UP_REQUIRED` (declare `Forbidden.wire` on the group). The guard
 * reads `steppedUpUntil`, which the host's auth middleware loads from the server-side session state.
 */
export const requireStepUp: Effect.Effect<Principal, Forbidden, CurrentPrincipal> = Effect.gen(function*() {
  const principal = yield* CurrentPrincipal
  const now = yield* Clock.currentTimeMillis
  if (principal.steppedUpUntil !== undefined && principal.steppedUpUntil > now) return principal
  return yield* new Forbidden({
    code: "STEP_UP_REQUIRED",
    message: "This operation needs a fresh verification: POST /v2/auth/step-up/verify with an OTP, TOTP code or passkey"
  })
})
