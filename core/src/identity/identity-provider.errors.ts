/**
 * Expected outcomes of identity-provider sign-in, linked identities and e-mail verification, each
 * with the public meaning it answers with.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

/** The provider's settings are missing: the operation answers 503 and oauth/status shows it unconfigured. */
export class IdentityProviderNotConfigured extends DomainError<IdentityProviderNotConfigured>()("IdentityProviderNotConfigured", {
  kind: "unavailable",
  code: "IDENTITY_PROVIDER_NOT_CONFIGURED"
}, {
  provider: Schema.String,
  /** What is missing ("provider", "web flow"). */
  part: Schema.String
}) {
  override get message() {
    return this.part === "provider" ? `${this.provider} is not configured` : `The ${this.part} of ${this.provider} is not configured`
  }
}

/** The provider could not be reached or answered unexpectedly (JWKS or token endpoint). */
export class IdentityProviderUnavailable extends DomainError<IdentityProviderUnavailable>()("IdentityProviderUnavailable", {
  kind: "unavailable",
  code: "IDENTITY_PROVIDER_UNAVAILABLE",
  // What went wrong with the provider is for logs; clients learn only that it is unavailable.
  message: (e) => `${e.provider} is not available right now`
}, {
  provider: Schema.String,
  message: Schema.String
}) {}

/** The ID token failed verification: signature, issuer, audience, expiry, nonce or shape. */
export class IdentityTokenInvalid extends DomainError<IdentityTokenInvalid>()("IdentityTokenInvalid", {
  kind: "unauthorized",
  code: "IDENTITY_TOKEN_INVALID"
}, {
  provider: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `Invalid identity token: ${this.reason}`
  }
}

/** The provider refused the authorization code (unknown, expired, already used, or for another client). */
export class AuthorizationCodeInvalid extends DomainError<AuthorizationCodeInvalid>()("AuthorizationCodeInvalid", {
  kind: "unauthorized",
  code: "AUTHORIZATION_CODE_INVALID"
}, {
  provider: Schema.String
}) {
  override get message() {
    return "The authorization code is invalid, expired or already used"
  }
}

/**
 * The token is valid but names no linked account and carries no verified e-mail address, so there
 * is nothing trustworthy to link or create an account by.
 */
export class IdentityEmailUnverified extends DomainError<IdentityEmailUnverified>()("IdentityEmailUnverified", {
  kind: "forbidden",
  code: "IDENTITY_EMAIL_UNVERIFIED"
}, {
  provider: Schema.String
}) {
  override get message() {
    return "The identity provider did not confirm an e-mail address, and no account is linked to this identity"
  }
}

/** The one-time exchange code of the web flow is unknown, expired or spent. */
export class ExchangeCodeInvalid extends DomainError<ExchangeCodeInvalid>()("ExchangeCodeInvalid", {
  kind: "unauthorized",
  code: "EXCHANGE_CODE_INVALID"
}) {
  override get message() {
    return "The exchange code is invalid, expired or already used"
  }
}

/** No linked identity (or contact) with that id belongs to the caller. */
export class IdentityNotFound extends DomainError<IdentityNotFound>()("IdentityNotFound", { kind: "not-found" }, {
  id: Schema.String
}) {
  override get message() {
    return `No sign-in method ${this.id} on this account`
  }
}

/** Removing the identity would leave the account without a way to sign in, or without any contact. */
export class IdentityRemovalRefused extends DomainError<IdentityRemovalRefused>()("IdentityRemovalRefused", {
  kind: "conflict",
  code: (e) => e.code
}, {
  code: Schema.Literal("LAST_SIGN_IN_METHOD", "CONTACT_REQUIRED", "IDENTITY_NOT_REMOVABLE"),
  message: Schema.String
}) {}

/** E-mail verification asked for an account without an e-mail address. */
export class EmailMissing extends DomainError<EmailMissing>()("EmailMissing", { kind: "invalid", code: "EMAIL_MISSING" }) {
  override get message() {
    return "This account has no e-mail address to verify"
  }
}

/** E-mail verification asked for an address already verified. */
export class EmailAlreadyVerified extends DomainError<EmailAlreadyVerified>()("EmailAlreadyVerified", {
  kind: "conflict",
  code: "EMAIL_ALREADY_VERIFIED"
}) {
  override get message() {
    return "This e-mail address is already verified"
  }
}

/** The verification link is malformed, tampered, expired, spent, or its address is no longer the account's. */
export class EmailVerificationInvalid extends DomainError<EmailVerificationInvalid>()("EmailVerificationInvalid", {
  kind: "invalid",
  code: (e) => e.reason === "expired" ? "EMAIL_VERIFICATION_EXPIRED" : "EMAIL_VERIFICATION_INVALID"
}, {
  reason: Schema.Literal("invalid", "expired", "used", "changed")
}) {
  override get message() {
    return this.reason === "expired"
      ? "This verification link has expired; ask for a new one"
      : this.reason === "used"
      ? "This verification link was already used"
      : this.reason === "changed"
      ? "This verification link is for an address the account no longer has"
      : "Invalid verification link"
  }
}
