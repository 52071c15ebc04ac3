/**
 * The wire answers of a sign-in outcome (second-factor.dto.ts): the Verify-OTP result when the
 * session started, `{totpRequired: true, mfaToken}` when the account's TOTP code is due, and
 * `{totpEnrollmentRequired: true, mfaToken}` when an admin must enroll TOTP first.
 */
import { Forbidden, type Principal } from "@podium/contracts/common"
import type { Identity } from "@podium/core"
import { Effect } from "effect"

/**
 * An impersonating admin acts as the user but never manages the user's second factors (enroll,
 * confirm, disable, passkey registration and deletion): 403 IMPERSONATION_FORBIDDEN.
 */
export const refuseImpersonation = (principal: Principal) =>
  principal.impersonatorId === undefined
    ? Effect.succeed(principal)
    : Effect.fail(new Forbidden({ code: "IMPERSONATION_FORBIDDEN", message: "Second factors cannot be changed in an impersonated session" }))

/** The Verify-OTP result of a finished sign-in. */
export const verifyOtpAnswer = (signedIn: Identity.SignedIn) => ({
  id: signedIn.profile.id,
  phoneNumber: signedIn.profile.phoneNumber,
  createdAt: signedIn.profile.createdAt,
  updatedAt: signedIn.profile.updatedAt,
  accessToken: signedIn.accessToken,
  refreshToken: signedIn.refreshToken,
  message: "Login successful"
})

/** The second-factor step of an unfinished sign-in. */
export const secondFactorAnswer = (due: Identity.SecondFactorDue) =>
  due.secondFactor === "totp"
    ? { totpRequired: true as const, mfaToken: due.mfaToken, message: "Enter the code of your authenticator app (POST /v2/auth/totp/verify)" }
    : {
      totpEnrollmentRequired: true as const,
      mfaToken: due.mfaToken,
      message: "Two-factor authentication is required: enroll an authenticator app (POST /v2/auth/totp/enroll, then /v2/auth/totp/confirm)"
    }

/** Verify-OTP result or second-factor step. */
export const signInOutcomeAnswer = (outcome: Identity.SignInOutcome) =>
  "mfaToken" in outcome ? secondFactorAnswer(outcome) : verifyOtpAnswer(outcome)

/** Sign-in result (with the e-mail address) or second-factor step. */
export const signInOutcomeAnswerWithEmail = (outcome: Identity.SignInOutcome) =>
  "mfaToken" in outcome ? secondFactorAnswer(outcome) : { ...verifyOtpAnswer(outcome), email: outcome.profile.email }
