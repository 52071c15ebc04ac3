/**
 * The single place where identity and accounts outcomes get their public meaning. A new error in
 * the union breaks the build here. Throttles also set `Retry-After` (whole seconds, at least 1).
 */
import { HttpApp, HttpServerResponse } from "@effect/platform"
import { BadRequest, Conflict, Forbidden, NotFound, ServiceUnavailable, TooManyRequests, Unauthorized } from "@podium/contracts/common"
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
  | Identity.IdentityProviderNotConfigured
  | Identity.IdentityProviderUnavailable
  | Identity.IdentityTokenInvalid
  | Identity.AuthorizationCodeInvalid
  | Identity.IdentityEmailUnverified
  | Identity.ExchangeCodeInvalid
  | Identity.IdentityNotFound
  | Identity.IdentityRemovalRefused
  | Identity.EmailAlreadyVerified
  | Identity.ImpersonationTargetNotAllowed
  | Identity.ImpersonationTargetNotFound
  | Identity.ImpersonationChainRefused
  | Identity.ImpersonationNotFound
  | Identity.ImpersonationAlreadyEnded
  | Identity.ImpersonationConcurrentStart
  | Accounts.AccountConflict
  | Accounts.AdminsAlreadyExist
  | Identity.TotpCodeInvalid
  | Identity.TotpLocked
  | Identity.TotpAlreadyEnabled
  | Identity.TotpNotEnabled
  | Identity.TotpNotEnrolling
  | Identity.MfaTokenInvalid
  | Identity.SecondFactorUnsupported
  | Identity.PasskeyInvalid
  | Identity.PasskeyNotFound
  | Identity.PasskeyAlreadyRegistered
  | Identity.StepUpMethodUnavailable
  | Identity.AdminNotFound
  | Identity.TotpResetOfSelf

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
  // Identity providers, linked identities and e-mail verification (identity-provider.errors.ts).
  IdentityProviderNotConfigured: (e) =>
    new ServiceUnavailable({ code: "IDENTITY_PROVIDER_NOT_CONFIGURED", message: e.part === "provider" ? `${e.provider} is not configured` : `The ${e.part} of ${e.provider} is not configured` }),
  IdentityProviderUnavailable: (e) => new ServiceUnavailable({ code: "IDENTITY_PROVIDER_UNAVAILABLE", message: `${e.provider} is not available right now` }),
  IdentityTokenInvalid: (e) => new Unauthorized({ code: "IDENTITY_TOKEN_INVALID", message: `Invalid identity token: ${e.reason}` }),
  AuthorizationCodeInvalid: () =>
    new Unauthorized({ code: "AUTHORIZATION_CODE_INVALID", message: "The authorization code is invalid, expired or already used" }),
  IdentityEmailUnverified: () =>
    new Forbidden({ code: "IDENTITY_EMAIL_UNVERIFIED", message: "The identity provider did not confirm an e-mail address, and no account is linked to this identity" }),
  ExchangeCodeInvalid: () => new Unauthorized({ code: "EXCHANGE_CODE_INVALID", message: "The exchange code is invalid, expired or already used" }),
  IdentityNotFound: (e) => new NotFound({ message: `No sign-in method ${e.id} on this account` }),
  IdentityRemovalRefused: (e) => new Conflict({ code: e.code, message: e.message }),
  EmailAlreadyVerified: () => new Conflict({ code: "EMAIL_ALREADY_VERIFIED", message: "This e-mail address is already verified" }),
  // Impersonation (impersonation.model.ts): admins are never targets, tokens never chain.
  ImpersonationTargetNotAllowed: (e) => new Forbidden({ code: "IMPERSONATION_TARGET_NOT_ALLOWED", message: e.message }),
  ImpersonationTargetNotFound: (e) => new NotFound({ message: e.message }),
  ImpersonationChainRefused: (e) => new Forbidden({ code: "IMPERSONATION_CHAIN_REFUSED", message: e.message }),
  ImpersonationNotFound: (e) => new NotFound({ code: "IMPERSONATION_NOT_FOUND", message: e.message }),
  ImpersonationAlreadyEnded: (e) => new Conflict({ code: "IMPERSONATION_ALREADY_ENDED", message: e.message }),
  ImpersonationConcurrentStart: (e) => new Conflict({ code: "IMPERSONATION_CONCURRENT_START", message: e.message }),
  AccountConflict: (e) => new Conflict({ code: "ACCOUNT_CONFLICT", message: e.message }),
  AdminsAlreadyExist: () => new Conflict({ code: "ADMIN_ALREADY_EXISTS", message: "An admin already exists; bootstrap is closed" }),
  // Second factors (second-factor.errors.ts). A wrong code is an authentication failure (401); the
  // lock is a throttle (429 + Retry-After); state conflicts are 409.
  TotpCodeInvalid: () => new Unauthorized({ code: "TOTP_CODE_INVALID", message: "Invalid authentication code" }),
  TotpLocked: () => new TooManyRequests({ code: "TOTP_LOCKED", message: "Too many wrong authentication codes; try again later" }),
  TotpAlreadyEnabled: () => new Conflict({ code: "TOTP_ALREADY_ENABLED", message: "TOTP is already enabled; disable it before enrolling again" }),
  TotpNotEnabled: () => new Conflict({ code: "TOTP_NOT_ENABLED", message: "TOTP is not enabled for this account" }),
  TotpNotEnrolling: () =>
    new Conflict({ code: "TOTP_NOT_ENROLLING", message: "No TOTP enrollment to confirm; call POST /v2/auth/totp/enroll first" }),
  MfaTokenInvalid: () => new Unauthorized({ code: "MFA_TOKEN_INVALID", message: "The mfaToken is invalid, expired or already used; sign in again" }),
  SecondFactorUnsupported: (e) =>
    new Forbidden({ code: "SECOND_FACTOR_UNSUPPORTED", message: `Second factors are available to athlete and admin accounts, not to ${e.kind} accounts` }),
  PasskeyInvalid: (e) => new Unauthorized({ code: "PASSKEY_INVALID", message: `Passkey verification failed: ${e.reason}` }),
  PasskeyNotFound: (e) => new NotFound({ message: `No passkey ${e.id}` }),
  PasskeyAlreadyRegistered: () => new Conflict({ code: "PASSKEY_ALREADY_REGISTERED", message: "This passkey is already registered" }),
  StepUpMethodUnavailable: (e) =>
    e.method === "impersonation"
      ? new Forbidden({ code: "STEP_UP_NOT_ALLOWED", message: e.message })
      : new Conflict({ code: "STEP_UP_METHOD_UNAVAILABLE", message: e.message }),
  AdminNotFound: (e) => new NotFound({ message: `No admin ${e.adminId}` }),
  TotpResetOfSelf: (e) => new Forbidden({ code: "TOTP_RESET_SELF", message: e.message })
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
      return error._tag === "OtpThrottled" || error._tag === "TotpLocked"
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
  IdentityProviderNotConfigured: true,
  IdentityProviderUnavailable: true,
  IdentityTokenInvalid: true,
  AuthorizationCodeInvalid: true,
  IdentityEmailUnverified: true,
  ExchangeCodeInvalid: true,
  IdentityNotFound: true,
  IdentityRemovalRefused: true,
  EmailAlreadyVerified: true,
  ImpersonationTargetNotAllowed: true,
  ImpersonationTargetNotFound: true,
  ImpersonationChainRefused: true,
  ImpersonationNotFound: true,
  ImpersonationAlreadyEnded: true,
  ImpersonationConcurrentStart: true,
  AccountConflict: true,
  AdminsAlreadyExist: true,
  TotpCodeInvalid: true,
  TotpLocked: true,
  TotpAlreadyEnabled: true,
  TotpNotEnabled: true,
  TotpNotEnrolling: true,
  MfaTokenInvalid: true,
  SecondFactorUnsupported: true,
  PasskeyInvalid: true,
  PasskeyNotFound: true,
  PasskeyAlreadyRegistered: true,
  StepUpMethodUnavailable: true,
  AdminNotFound: true,
  TotpResetOfSelf: true
}

// E-mail verification outcomes answer 400, which only the groups that declare BadRequest may give,
// so they are mapped here, apart from the shared union above.
type EmailVerificationError = Identity.EmailMissing | Identity.EmailVerificationInvalid

const emailToPublic = Match.type<EmailVerificationError>().pipe(Match.tagsExhaustive({
  EmailMissing: () => new BadRequest({ code: "EMAIL_MISSING", message: "This account has no e-mail address to verify" }),
  EmailVerificationInvalid: (e) =>
    new BadRequest({
      code: e.reason === "expired" ? "EMAIL_VERIFICATION_EXPIRED" : "EMAIL_VERIFICATION_INVALID",
      message: e.reason === "expired"
        ? "This verification link has expired; ask for a new one"
        : e.reason === "used"
        ? "This verification link was already used"
        : e.reason === "changed"
        ? "This verification link is for an address the account no longer has"
        : "Invalid verification link"
    })
}))

/** Maps the e-mail verification outcomes that answer 400 (groups declaring BadRequest only). */
export const emailVerificationErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchIf(
    effect,
    (e): e is Extract<E, EmailVerificationError> =>
      typeof e === "object" && e !== null && "_tag" in e && (e._tag === "EmailMissing" || e._tag === "EmailVerificationInvalid"),
    (e) => Effect.fail(emailToPublic(e as EmailVerificationError))
  )

