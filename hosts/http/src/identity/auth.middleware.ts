/**
 * The implementation of the auth guard (`Authenticated`, `OptionalAuthenticated` in
 * @podium/contracts/common): the bearer access token, or else the web-session cookie, is verified
 * (EdDSA only, iss, aud, exp) and its session must still be active (a Redis-cached lookup that
 * revocations overwrite at once). Every failure is the same 401 envelope.
 *
 * Later groups: `.middleware(Authenticated)` on the group, then provide `AuthenticatedLive` next to
 * the group's handler layers in server.ts (ApiRoutes), and `yield* requireRole("admin")` in a handler.
 */
import { HttpServerRequest } from "@effect/platform"
import {
  Authenticated,
  OptionalAuthenticated,
  type Principal,
  Unauthorized,
  WebSessionCookie
} from "@podium/contracts/common"
import { Identity, type Platform } from "@podium/core"
import type { AppConfig, IdentityServices } from "@podium/host-common"
import { Effect, Layer, Redacted } from "effect"

/** The raw access token of the request: the bearer value, else the web-session cookie. */
export const requestAccessToken = (bearer: Redacted.Redacted<string> | undefined) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => {
    const fromHeader = bearer === undefined ? "" : Redacted.value(bearer).trim()
    if (fromHeader !== "") return fromHeader
    return request.cookies[WebSessionCookie] ?? ""
  })

const makeBearer = Effect.gen(function*() {
  const context = yield* Effect.context<Identity.AccessTokens | Platform.TtlCache | Identity.SessionRepo>()
  return (bearer: Redacted.Redacted<string>) =>
    Effect.gen(function*() {
      const token = yield* requestAccessToken(bearer)
      if (token === "") return yield* new Unauthorized({ message: "Unauthorized" })
      const principal: Principal = yield* Identity.authenticate(token).pipe(
        Effect.provide(context),
        Effect.mapError(() => new Unauthorized({ message: "Unauthorized" }))
      )
      return principal
    })
})

/** `Authenticated`: 401 unless a valid token of an active session is presented. */
export const AuthenticatedLive = Layer.effect(Authenticated, Effect.map(makeBearer, (bearer) => Authenticated.of({ bearer })))

/** `OptionalAuthenticated`: the principal when a valid token is presented, nothing otherwise. */
export const OptionalAuthenticatedLive = Layer.effect(
  OptionalAuthenticated,
  Effect.map(makeBearer, (bearer) => OptionalAuthenticated.of({ bearer }))
)

/** Both guards, for ApiRoutes lines whose groups use them. */
export const AuthGuardsLive = Layer.merge(AuthenticatedLive, OptionalAuthenticatedLive)

/** What the identity and accounts handler layers need: the identity services, configuration and the guards. */
export type IdentityHandlerServices = IdentityServices | AppConfig | Authenticated | OptionalAuthenticated
