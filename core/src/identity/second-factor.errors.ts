/** Expected outcomes of the second factors (TOTP, passkeys, step-up, admin TOTP policy); mapped once in hosts/http identity.errors.ts. */
import { Schema } from "effect"

/** The TOTP or recovery code is wrong, already used (replay) or of a step outside the window. */
export class TotpCodeInvalid extends Schema.TaggedError<TotpCodeInvalid>()("TotpCodeInvalid", {}) {
  override get message() {
    return "Invalid authentication code"
  }
}

/** Too many wrong codes for this account: further attempts are refused until the lock ends. */
export class TotpLocked extends Schema.TaggedError<TotpLocked>()("TotpLocked", { retryAfterMs: Schema.Number }) {
  override get message() {
    return "Too many wrong authentication codes; try again later"
  }
}

/** Enrolling while TOTP is already on (disable first). */
export class TotpAlreadyEnabled extends Schema.TaggedError<TotpAlreadyEnabled>()("TotpAlreadyEnabled", {}) {}

/** Disabling (or verifying against) TOTP that is not enabled. */
export class TotpNotEnabled extends Schema.TaggedError<TotpNotEnabled>()("TotpNotEnabled", {}) {}

/** Confirming without a pending enrollment. */
export class TotpNotEnrolling extends Schema.TaggedError<TotpNotEnrolling>()("TotpNotEnrolling", {}) {}

/** The mfaToken is unknown, expired, already used, or for another step of sign-in. */
export class MfaTokenInvalid extends Schema.TaggedError<MfaTokenInvalid>()("MfaTokenInvalid", {}) {}

/** Second factors are held only by athletes and admins (organizer and crew principals get this). */
export class SecondFactorUnsupported extends Schema.TaggedError<SecondFactorUnsupported>()("SecondFactorUnsupported", {
  kind: Schema.String
}) {}

/** The WebAuthn response did not verify, its challenge is unknown/used/expired, or its credential is not registered. */
export class PasskeyInvalid extends Schema.TaggedError<PasskeyInvalid>()("PasskeyInvalid", { reason: Schema.String }) {}

/** No passkey with that id belongs to the caller. */
export class PasskeyNotFound extends Schema.TaggedError<PasskeyNotFound>()("PasskeyNotFound", { id: Schema.String }) {}

/** The credential is registered already. */
export class PasskeyAlreadyRegistered extends Schema.TaggedError<PasskeyAlreadyRegistered>()("PasskeyAlreadyRegistered", {}) {}

/** A step-up method the caller cannot use (no phone for OTP, no TOTP enabled, no passkey). */
export class StepUpMethodUnavailable extends Schema.TaggedError<StepUpMethodUnavailable>()("StepUpMethodUnavailable", {
  method: Schema.String,
  message: Schema.String
}) {}

/** No admin with that id. */
export class AdminNotFound extends Schema.TaggedError<AdminNotFound>()("AdminNotFound", { adminId: Schema.String }) {}

/** reset-totp aimed at the calling admin (self-service is /v2/auth/totp/disable). */
export class TotpResetOfSelf extends Schema.TaggedError<TotpResetOfSelf>()("TotpResetOfSelf", {}) {
  override get message() {
    return "An admin cannot reset their own TOTP; use POST /v2/auth/totp/disable"
  }
}
