/**
 * The single place where identity and accounts outcomes get their public meaning. A new error in
 * the union breaks the build here. Throttles also set `Retry-After` (whole seconds, at least 1).
 */
import { HttpApp, HttpServerResponse } from "@effect/platform"
import { Conflict, Forbidden, NotFound, ServiceUnavailable, TooManyRequests, Unauthorized } from "@podium/contracts/common"
import type { Accounts, Identity } from "@podium/core"
import { Effect, Match } from "effect"

export type IdentityError =
  | Identity.OtpInvalid
  | Identity.OtpThrottled
  | Identity.OtpDeliveryUnavailable
  | Identity.AccountNotFound
  | Identity.RefreshTokenInvalid
  | Identity.RefreshTokenReused
  | Identity.SessionNotActive
  | Identity.SessionNotFound
  | Identity.PhoneAlreadyBound
  | Identity.InvalidAccessToken
  | Accounts.AccountConflict
  | Accounts.AdminsAlreadyExist

const toPublic = Match.type<IdentityError>().pipe(Match.tagsExhaustive({
  OtpInvalid: () => new Unauthorized({ message: "Invalid or expired OTP" }),
  OtpThrottled: (e) => new TooManyRequests({ message: e.message }),
  OtpDeliveryUnavailable: (e) =>
    new ServiceUnavailable({ code: "PROVIDER_NOT_CONFIGURED", message: `The ${e.channel} provider is not available: ${e.message}` }),
  AccountNotFound: () => new Forbidden({ message: "Access Denied" }),
  RefreshTokenInvalid: () => new Unauthorized({ message: "Unauthorized" }),
  RefreshTokenReused: () =>
    new Unauthorized({ code: "REFRESH_TOKEN_REUSED", message: "Refresh token already used; every session of this sign-in was revoked" }),
  SessionNotActive: () => new Unauthorized({ message: "Unauthorized" }),
  SessionNotFound: (e) => new NotFound({ message: `No session ${e.sessionId}` }),
  PhoneAlreadyBound: () => new Conflict({ code: "PHONE_ALREADY_BOUND", message: "This account already has a phone number" }),
  InvalidAccessToken: () => new Unauthorized({ message: "Unauthorized" }),
  AccountConflict: (e) => new Conflict({ code: "ACCOUNT_CONFLICT", message: e.message }),
  AdminsAlreadyExist: () => new Conflict({ code: "ADMIN_ALREADY_EXISTS", message: "An admin already exists; bootstrap is closed" })
}))

/** Adds `Retry-After` to whatever response this request ends with. */
export const retryAfter = (ms: number) =>
  HttpApp.appendPreResponseHandler((_request, response) =>
    Effect.succeed(HttpServerResponse.setHeader(response, "retry-after", String(Math.max(1, Math.ceil(ms / 1000))))))

/** Maps identity errors of `effect` to public errors (setting Retry-After on throttles). */
export const publicErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, IdentityError> => typeof e === "object" && e !== null && "_tag" in e && (e._tag as string) in Tags,
    (e) => {
      const error = e as IdentityError
      const problem = toPublic(error)
      return error._tag === "OtpThrottled"
        ? Effect.zipRight(retryAfter(error.retryAfterMs), Effect.fail(problem))
        : Effect.fail(problem)
    }
  )

const Tags: Record<IdentityError["_tag"], true> = {
  OtpInvalid: true,
  OtpThrottled: true,
  OtpDeliveryUnavailable: true,
  AccountNotFound: true,
  RefreshTokenInvalid: true,
  RefreshTokenReused: true,
  SessionNotActive: true,
  SessionNotFound: true,
  PhoneAlreadyBound: true,
  InvalidAccessToken: true,
  AccountConflict: true,
  AdminsAlreadyExist: true
}
