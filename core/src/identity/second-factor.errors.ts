/**
 * Expected outcomes of the second factors (TOTP, passkeys, step-up, admin TOTP policy). A wrong
 * code is an authentication failure (401); the lock is a throttle (429, hosts add Retry-After);
 * state conflicts are 409.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

/** The TOTP or recovery code is wrong, already used (replay) or of a step outside the window. */
export class TotpCodeInvalid extends DomainError<TotpCodeInvalid>()("TotpCodeInvalid", { kind: "unauthorized", code: "TOTP_CODE_INVALID" }) {
  override get message() {
    return "Invalid authentication code"
  }
}

/** Too many wrong codes for this account: further attempts are refused until the lock ends. */
export class TotpLocked extends DomainError<TotpLocked>()("TotpLocked", { kind: "rate-limited", code: "TOTP_LOCKED" }, {
  retryAfterMs: Schema.Number
}) {
  override get message() {
    return "Too many wrong authentication codes; try again later"
  }
}

/** Enrolling while TOTP is already on (disable first). */
export class TotpAlreadyEnabled extends DomainError<TotpAlreadyEnabled>()("TotpAlreadyEnabled", { kind: "conflict", code: "TOTP_ALREADY_ENABLED" }) {
  override get message() {
    return "TOTP is already enabled; disable it before enrolling again"
  }
}

/** Disabling (or verifying against) TOTP that is not enabled. */
export class TotpNotEnabled extends DomainError<TotpNotEnabled>()("TotpNotEnabled", { kind: "conflict", code: "TOTP_NOT_ENABLED" }) {
  override get message() {
    return "TOTP is not enabled for this account"
  }
}

/** Confirming without a pending enrollment. */
export class TotpNotEnrolling extends DomainError<TotpNotEnrolling>()("TotpNotEnrolling", { kind: "conflict", code: "TOTP_NOT_ENROLLING" }) {
  override get message() {
    return "No TOTP enrollment to confirm; call POST /v2/auth/totp/enroll first"
  }
}

/** The mfaToken is unknown, expired, already used, or for another step of sign-in. */
export class MfaTokenInvalid extends DomainError<MfaTokenInvalid>()("MfaTokenInvalid", { kind: "unauthorized", code: "MFA_TOKEN_INVALID" }) {
  override get message() {
    return "The mfaToken is invalid, expired or already used; sign in again"
  }
}

/** Second factors are held only by athletes and admins (organizer and crew principals get this). */
export class SecondFactorUnsupported extends DomainError<SecondFactorUnsupported>()("SecondFactorUnsupported", {
  kind: "forbidden",
  code: "SECOND_FACTOR_UNSUPPORTED"
}, {
  kind: Schema.String
}) {
  override get message() {
    return `Second factors are available to athlete and admin accounts, not to ${this.kind} accounts`
  }
}

/** The WebAuthn response did not verify, its challenge is unknown/used/expired, or its credential is not registered. */
export class PasskeyInvalid extends DomainError<PasskeyInvalid>()("PasskeyInvalid", { kind: "unauthorized", code: "PASSKEY_INVALID" }, {
  reason: Schema.String
}) {
  override get message() {
    return `Passkey verification failed: ${this.reason}`
  }
}

/** No passkey with that id belongs to the caller. */
export class PasskeyNotFound extends DomainError<PasskeyNotFound>()("PasskeyNotFound", { kind: "not-found" }, { id: Schema.String }) {
  override get message() {
    return `No passkey ${this.id}`
  }
}

/** The credential is registered already. */
export class PasskeyAlreadyRegistered extends DomainError<PasskeyAlreadyRegistered>()("PasskeyAlreadyRegistered", {
  kind: "conflict",
  code: "PASSKEY_ALREADY_REGISTERED"
}) {
  override get message() {
    return "This passkey is already registered"
  }
}

/**
 * A step-up method the caller cannot use (no phone for OTP, no TOTP enabled, no passkey): 409. An
 * impersonation token may not step up at all, which is a refusal (403), not a missing method.
 */
export class StepUpMethodUnavailable extends DomainError<StepUpMethodUnavailable>()("StepUpMethodUnavailable", {
  kind: (e) => e.method === "impersonation" ? "forbidden" : "conflict",
  code: (e) => e.method === "impersonation" ? "STEP_UP_NOT_ALLOWED" : "STEP_UP_METHOD_UNAVAILABLE"
}, {
  method: Schema.String,
  message: Schema.String
}) {}

/** No admin with that id. */
export class AdminNotFound extends DomainError<AdminNotFound>()("AdminNotFound", { kind: "not-found" }, { adminId: Schema.String }) {
  override get message() {
    return `No admin ${this.adminId}`
  }
}

/** reset-totp aimed at the calling admin (self-service is /v2/auth/totp/disable). */
export class TotpResetOfSelf extends DomainError<TotpResetOfSelf>()("TotpResetOfSelf", { kind: "forbidden", code: "TOTP_RESET_SELF" }) {
  override get message() {
    return "An admin cannot reset their own TOTP; use POST /v2/auth/totp/disable"
  }
}
