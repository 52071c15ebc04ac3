/**
 * Wire records of the second factors: the sign-in answers that ask for a second factor instead of
 * tokens, TOTP enrollment and status, passkeys and step-up, and the code fields they take.
 */
import { says } from "@podium/kernel"
import { Schema } from "effect"
import { SignInResult, VerifyOtpResult } from "./sign-in.dto.js"

/** A sign-in whose account has TOTP on: finish with POST /v2/auth/totp/verify `{mfaToken, code}` (5 minutes, single use). */
export const TotpRequiredResult = Schema.Struct({
  totpRequired: Schema.Literal(true),
  mfaToken: Schema.String,
  message: Schema.String
}).annotations({ identifier: "TotpRequiredResult" })

/**
 * A sign-in of an admin who must have TOTP (totpRequiredAt) but has none: enroll with
 * POST /v2/auth/totp/enroll `{mfaToken}`, then POST /v2/auth/totp/confirm `{mfaToken, code}` answers
 * the Verify-OTP result (5 minutes).
 */
export const TotpEnrollmentRequiredResult = Schema.Struct({
  totpEnrollmentRequired: Schema.Literal(true),
  mfaToken: Schema.String,
  message: Schema.String
}).annotations({ identifier: "TotpEnrollmentRequiredResult" })

/** What a phone sign-in answers: the Verify-OTP result, or a second-factor step. */
export const VerifyOtpOutcome = Schema.Union(VerifyOtpResult, TotpRequiredResult, TotpEnrollmentRequiredResult)

/** What an e-mail (or identity-provider) sign-in answers: the sign-in result, or a second-factor step. */
export const SignInOutcome = Schema.Union(SignInResult, TotpRequiredResult, TotpEnrollmentRequiredResult)

/** A 6-digit authenticator code. */
export const TotpCode = Schema.String.pipe(
  Schema.filter((s) => /^\d{6}$/.test(s)),
  Schema.annotations({ ...says("must be a 6-digit code"), jsonSchema: { type: "string", pattern: "^\\d{6}$", example: "123456" } })
)

/** A 6-digit authenticator code or a recovery code (`12345-67890`). */
export const SecondFactorCode = Schema.String.pipe(
  Schema.filter((s) => /^\d{6}$/.test(s.trim()) || /^\d{10}$/.test(s.replace(/[\s-]/g, ""))),
  Schema.annotations({ ...says("must be a 6-digit code or a recovery code"), jsonSchema: { type: "string", example: "123456" } })
)

/** A JSON object (WebAuthn responses are passed through to the verifier as they come). */
export const JsonObject = Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({
  ...says("must be an object")
})

export const TotpEnrollmentView = Schema.Struct({
  secret: Schema.String,
  otpauthUrl: Schema.String,
  qrCode: Schema.String,
  recoveryCodes: Schema.Array(Schema.String)
}).annotations({ identifier: "TotpEnrollment" })

export const TotpConfirmedResult = Schema.Struct({
  message: Schema.String,
  totpEnabledAt: Schema.Date
}).annotations({ identifier: "TotpConfirmed" })

/** Confirm answers the enablement, or (enrollment during sign-in) the Verify-OTP result with the tokens. */
export const TotpConfirmOutcome = Schema.Union(
  // The richer member first: union encoding takes the first member an answer fits.
  Schema.Struct({ ...VerifyOtpResult.fields, totpEnabledAt: Schema.Date }).annotations({ identifier: "TotpConfirmedSignIn" }),
  TotpConfirmedResult
)

export const TotpDisabledResult = Schema.Struct({
  message: Schema.String,
  enabled: Schema.Boolean
}).annotations({ identifier: "TotpDisabled" })

export const TotpStatusView = Schema.Struct({
  enabled: Schema.Boolean,
  enabledAt: Schema.NullOr(Schema.Date),
  pendingEnrollment: Schema.Boolean,
  recoveryCodesRemaining: Schema.Int,
  required: Schema.Boolean,
  requiredAt: Schema.NullOr(Schema.Date)
}).annotations({ identifier: "TotpStatus" })

export const PasskeyView = Schema.Struct({
  id: Schema.String,
  name: Schema.NullOr(Schema.String),
  credentialId: Schema.String,
  deviceType: Schema.String,
  backedUp: Schema.Boolean,
  transports: Schema.Array(Schema.String),
  createdAt: Schema.Date,
  lastUsedAt: Schema.NullOr(Schema.Date)
}).annotations({ identifier: "Passkey" })

/** WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON). */
export const WebAuthnOptions = Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({ identifier: "WebAuthnOptions" })

export const StepUpResult = Schema.Struct({
  message: Schema.String,
  method: Schema.Literal("otp", "totp", "passkey"),
  steppedUpUntil: Schema.Date
}).annotations({ identifier: "StepUpResult" })

/** Passkey authenticate/verify: a sign-in (or its second-factor step) without a bearer, a step-up with one. */
export const PasskeyAuthenticateOutcome = Schema.Union(VerifyOtpResult, TotpRequiredResult, TotpEnrollmentRequiredResult, StepUpResult)

export const DeletedResult = Schema.Struct({ message: Schema.String, deleted: Schema.Int }).annotations({ identifier: "DeletedResult" })
