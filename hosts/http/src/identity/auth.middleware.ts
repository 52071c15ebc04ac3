/**
 * The implementation of the auth guard (`Authenticated`, `OptionalAuthenticated` in
 * @podium/contracts/common): the bearer access token, or else the web-session cookie, is verified
 * (EdDSA only, iss, aud, exp) and its session must still be active (a Redis-cached lookup that
 * revocations overwrite at once). Every failure is the same 401 envelope. `Authenticated` then
 * checks the role or permission the route declares (`Requires`) and its step-up (`StepUp`), before
 * the request is decoded.
 *
 * Later groups: `.middleware(Authenticated)` (and `.annotate(Requires, …)`) on the group, then
 * provide `AuthenticatedLive` next to the group's handler layers in server.ts (ApiRoutes).
 */
import { type HttpApi, HttpRouter, HttpServerRequest } from "@effect/platform"
import {
  Authenticated,
  OptionalAuthenticated,
  type Principal,
  Unauthorized,
  WebSessionCookie
} from "@podium/contracts/common"
import { type Accounts, Identity, Platform } from "@podium/core"
import type { AppConfig, IdentityServices } from "@podium/host-common"
import { Effect, Layer, Option, Redacted } from "effect"
import { AreaApis } from "../api.js"
import { authorizationTable, makeAuthorize } from "./authorization.js"

/** What verifying a token reads: the token keys, the cache and the session store. */
type GuardServices = Identity.AccessTokens | Platform.TtlCache | Identity.SessionRepo

/** The raw access token of the request: the bearer value, else the web-session cookie. */
export const requestAccessToken = (bearer: Redacted.Redacted<string> | undefined) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    const fromHeader = bearer === undefined ? "" : Redacted.value(bearer).trim()
    if (fromHeader !== "") return fromHeader
    return request.cookies[WebSessionCookie] ?? ""
  })

/**
 * The guard's bearer check. The identity services are resolved once when the layer is built and
 * handed to `Identity.authenticateWith`, so a request provides no context (providing copies the
 * request's whole context map, a measurable cost per request: bench/RESULTS.md).
 */
const makeBearer = Effect.gen(function*() {
  const authenticate = Identity.authenticateWith({
    tokens: yield* Identity.AccessTokens,
    cache: yield* Platform.TtlCache,
    sessions: yield* Identity.SessionRepo
  })
  const unauthorized = () => new Unauthorized({ message: "Unauthorized" })
  return (bearer: Redacted.Redacted<string>) =>
    Effect.flatMap(requestAccessToken(bearer), (token): Effect.Effect<Principal, Unauthorized> =>
      token === "" ? Effect.fail(unauthorized()) : Effect.mapError(authenticate(token), unauthorized))
})

/**
 * `Authenticated` for the routes of `apis`: 401 unless a valid token of an active session is
 * presented, then 403 unless the caller meets what its route declares (looked up by the route the
 * router matched): the role or permission, then the step-up.
 */
export const makeAuthenticatedLive = (
  apis: ReadonlyArray<HttpApi.HttpApi.Any>
): Layer.Layer<Authenticated, never, GuardServices | Accounts.AdminPermissionRepo> =>
  Layer.effect(
    Authenticated,
    Effect.gen(function*() {
      const bearer = yield* makeBearer
      const authorize = yield* makeAuthorize
      const table = authorizationTable(apis)
      return Authenticated.of({
        bearer: (token) =>
          Effect.flatMap(bearer(token), (principal) =>
            Effect.flatMap(Effect.serviceOption(HttpRouter.RouteContext), (route) => {
              const declared = Option.isSome(route) ? table.get(route.value.route.method)?.get(route.value.route.path) : undefined
              return declared === undefined ? Effect.succeed(principal) : authorize(principal, declared)
            }))
      })
    })
  )

/** `Authenticated` for the served area APIs. */
export const AuthenticatedLive = makeAuthenticatedLive(AreaApis)

/**
 * `OptionalAuthenticated`: the principal when a valid token is presented, nothing otherwise. No
 * optional route declares a requirement or step-up, so none is checked here.
 */
export const OptionalAuthenticatedLive = Layer.effect(
  OptionalAuthenticated,
  Effect.map(makeBearer, (bearer) => OptionalAuthenticated.of({ bearer }))
)

/** Both guards for the routes of `apis` (an API served beside the area APIs, such as a test's). */
export const makeAuthGuardsLive = (
  apis: ReadonlyArray<HttpApi.HttpApi.Any>
): Layer.Layer<Authenticated | OptionalAuthenticated, never, GuardServices | Accounts.AdminPermissionRepo> =>
  Layer.merge(makeAuthenticatedLive(apis), OptionalAuthenticatedLive)

/** Both guards, for ApiRoutes lines whose groups use them. */
export const AuthGuardsLive: Layer.Layer<Authenticated | OptionalAuthenticated, never, GuardServices | Accounts.AdminPermissionRepo> = makeAuthGuardsLive(AreaApis)

/** What the identity and accounts handler layers need: the identity services, configuration and the guards. */
export type IdentityHandlerServices = IdentityServices | AppConfig | Authenticated | OptionalAuthenticated

/** The contract's declared guards and their documentation, for tests that walk every route or serve their own. */
export { guardsOf, requirementOf, stepUpOf, withAuthorizationDescriptions } from "./authorization.js"
