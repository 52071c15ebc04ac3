/** Expected outcomes of the identity context; hosts map them to public errors once (identity.errors.ts in hosts/http). */
import { Schema } from "effect"

/** The code is wrong, expired, already used or voided by too many attempts (one answer for all, on purpose). */
export class OtpInvalid extends Schema.TaggedError<OtpInvalid>()("OtpInvalid", {}) {
  override get message() {
    return "Invalid or expired OTP"
  }
}

/** A send was refused by a throttle; retry after `retryAfterMs`. */
export class OtpThrottled extends Schema.TaggedError<OtpThrottled>()("OtpThrottled", {
  retryAfterMs: Schema.Number,
  message: Schema.String
}) {}

/** The code could not be delivered: no provider configured, or the provider failed. */
export class OtpDeliveryUnavailable extends Schema.TaggedError<OtpDeliveryUnavailable>()("OtpDeliveryUnavailable", {
  channel: Schema.String,
  message: Schema.String
}) {}

/** Sign-in as organizer, admin or crew for a phone/address without such an account (never created). */
export class AccountNotFound extends Schema.TaggedError<AccountNotFound>()("AccountNotFound", {
  kind: Schema.String
}) {
  override get message() {
    return "Access Denied"
  }
}

/** The refresh token is unknown, expired, of another kind of account, or its session ended. */
export class RefreshTokenInvalid extends Schema.TaggedError<RefreshTokenInvalid>()("RefreshTokenInvalid", {
  reason: Schema.String
}) {}

/** A spent refresh token was presented again after the grace window: the whole family was revoked. */
export class RefreshTokenReused extends Schema.TaggedError<RefreshTokenReused>()("RefreshTokenReused", {
  familyId: Schema.String
}) {}

/** The access token's session was revoked (logout, revoke, suspension) or does not exist. */
export class SessionNotActive extends Schema.TaggedError<SessionNotActive>()("SessionNotActive", {
  sessionId: Schema.String
}) {}

/** No session with that id belongs to the caller. */
export class SessionNotFound extends Schema.TaggedError<SessionNotFound>()("SessionNotFound", {
  sessionId: Schema.String
}) {}

/** bind-phone on an account that already has a phone number. */
export class PhoneAlreadyBound extends Schema.TaggedError<PhoneAlreadyBound>()("PhoneAlreadyBound", {}) {}
