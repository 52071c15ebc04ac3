/**
 * Expected outcomes of identity-provider sign-in, linked identities and e-mail verification; the
 * host maps them to public errors once, next to the other identity errors.
 */
import { Schema } from "effect"

/** The provider's settings are missing: the operation answers 503 and oauth/status shows it unconfigured. */
export class IdentityProviderNotConfigured extends Schema.TaggedError<IdentityProviderNotConfigured>()("IdentityProviderNotConfigured", {
  provider: Schema.String,
  /** What is missing ("provider", "web flow"). */
  part: Schema.String
}) {}

/** The provider could not be reached or answered unexpectedly (JWKS or token endpoint). */
export class IdentityProviderUnavailable extends Schema.TaggedError<IdentityProviderUnavailable>()("IdentityProviderUnavailable", {
  provider: Schema.String,
  message: Schema.String
}) {}

/** The ID token failed verification: signature, issuer, audience, expiry, nonce or shape. */
export class IdentityTokenInvalid extends Schema.TaggedError<IdentityTokenInvalid>()("IdentityTokenInvalid", {
  provider: Schema.String,
  reason: Schema.String
}) {}

/** The provider refused the authorization code (unknown, expired, already used, or for another client). */
export class AuthorizationCodeInvalid extends Schema.TaggedError<AuthorizationCodeInvalid>()("AuthorizationCodeInvalid", {
  provider: Schema.String
}) {}

/**
 * The token is valid but names no linked account and carries no verified e-mail address, so there
 * is nothing trustworthy to link or create an account by.
 */
export class IdentityEmailUnverified extends Schema.TaggedError<IdentityEmailUnverified>()("IdentityEmailUnverified", {
  provider: Schema.String
}) {}

/** The one-time exchange code of the web flow is unknown, expired or spent. */
export class ExchangeCodeInvalid extends Schema.TaggedError<ExchangeCodeInvalid>()("ExchangeCodeInvalid", {}) {}

/** No linked identity (or contact) with that id belongs to the caller. */
export class IdentityNotFound extends Schema.TaggedError<IdentityNotFound>()("IdentityNotFound", {
  id: Schema.String
}) {}

/** Removing the identity would leave the account without a way to sign in, or without any contact. */
export class IdentityRemovalRefused extends Schema.TaggedError<IdentityRemovalRefused>()("IdentityRemovalRefused", {
  code: Schema.Literal("LAST_SIGN_IN_METHOD", "CONTACT_REQUIRED", "IDENTITY_NOT_REMOVABLE"),
  message: Schema.String
}) {}

/** E-mail verification asked for an account without an e-mail address. */
export class EmailMissing extends Schema.TaggedError<EmailMissing>()("EmailMissing", {}) {}

/** E-mail verification asked for an address already verified. */
export class EmailAlreadyVerified extends Schema.TaggedError<EmailAlreadyVerified>()("EmailAlreadyVerified", {}) {}

/** The verification link is malformed, tampered, expired, spent, or its address is no longer the account's. */
export class EmailVerificationInvalid extends Schema.TaggedError<EmailVerificationInvalid>()("EmailVerificationInvalid", {
  reason: Schema.Literal("invalid", "expired", "used", "changed")
}) {}
