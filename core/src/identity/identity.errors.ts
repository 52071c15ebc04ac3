/** Expected outcomes of the identity context, each with the public meaning it answers with. */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

/** The code is wrong, expired, already used or voided by too many attempts (one answer for all, on purpose). */
export class OtpInvalid extends DomainError<OtpInvalid>()("OtpInvalid", { kind: "unauthorized" }) {
  override get message() {
    return "Invalid or expired OTP"
  }
}

/** A send was refused by a throttle; retry after `retryAfterMs` (hosts also say so in `Retry-After`). */
export class OtpThrottled extends DomainError<OtpThrottled>()("OtpThrottled", { kind: "rate-limited" }, {
  retryAfterMs: Schema.Number,
  message: Schema.String
}) {}

/** The code could not be delivered: no provider configured, or the provider failed. */
export class OtpDeliveryUnavailable extends DomainError<OtpDeliveryUnavailable>()("OtpDeliveryUnavailable", {
  kind: "unavailable",
  code: "PROVIDER_NOT_CONFIGURED",
  message: (e) => `The ${e.channel} provider is not available: ${e.message}`
}, {
  channel: Schema.String,
  message: Schema.String
}) {}

/** Sign-in as organizer, admin or crew for a phone/address without such an account (never created). */
export class AccountNotFound extends DomainError<AccountNotFound>()("AccountNotFound", { kind: "forbidden" }, {
  kind: Schema.String
}) {
  override get message() {
    return "Access Denied"
  }
}

/** The refresh token is unknown, expired, of another kind of account, or its session ended. */
export class RefreshTokenInvalid extends DomainError<RefreshTokenInvalid>()("RefreshTokenInvalid", {
  kind: "unauthorized",
  // The reason stays in logs: a client learns only that the token is refused.
  message: "Unauthorized"
}, {
  reason: Schema.String
}) {}

/** A spent refresh token was presented again after the grace window: the whole family was revoked. */
export class RefreshTokenReused extends DomainError<RefreshTokenReused>()("RefreshTokenReused", {
  kind: "unauthorized",
  code: "REFRESH_TOKEN_REUSED"
}, {
  familyId: Schema.String
}) {
  override get message() {
    return "Refresh token already used; every session of this sign-in was revoked"
  }
}

/** The access token's session was revoked (logout, revoke, suspension) or does not exist. */
export class SessionNotActive extends DomainError<SessionNotActive>()("SessionNotActive", {
  kind: "unauthorized",
  message: "Unauthorized"
}, {
  sessionId: Schema.String
}) {}

/** No session with that id belongs to the caller. */
export class SessionNotFound extends DomainError<SessionNotFound>()("SessionNotFound", { kind: "not-found" }, {
  sessionId: Schema.String
}) {
  override get message() {
    return `No session ${this.sessionId}`
  }
}

/** bind-phone on an account that already has a phone number. */
export class PhoneAlreadyBound extends DomainError<PhoneAlreadyBound>()("PhoneAlreadyBound", {
  kind: "conflict",
  code: "PHONE_ALREADY_BOUND"
}) {
  override get message() {
    return "This account already has a phone number"
  }
}
