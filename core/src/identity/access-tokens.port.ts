/**
 * Short-lived signed access tokens (JWT). The jose adapter signs with EdDSA (Ed25519) and accepts
 * only that algorithm; claims: iss, aud, exp (15 minutes), iat, sub, role, sid, kind, and `act`
 * (the impersonating admin) reserved for impersonation.
 */
import { DomainError } from "@podium/kernel"
import { Context, type Effect, Schema } from "effect"
import type { AccountKind, Role } from "./principal.model.js"

/** Lifetime of an access token. */
export const AccessTokenLifetimeSeconds = 15 * 60

/** What an access token says once verified. */
export interface AccessClaims {
  readonly sub: string
  readonly kind: AccountKind
  readonly role: Role
  readonly sid: string
  /** Epoch seconds. */
  readonly iat: number
  readonly exp: number
  readonly act?: string
}

/** What the caller asks to sign (times are set by the adapter). */
export interface AccessTokenRequest {
  readonly sub: string
  readonly kind: AccountKind
  readonly role: Role
  readonly sid: string
  readonly act?: string
  /** Overrides the default lifetime (impersonation mints shorter tokens). */
  readonly lifetimeSeconds?: number
}

/** The token is missing, malformed, tampered, expired, of another issuer/audience or algorithm. */
export class InvalidAccessToken extends DomainError<InvalidAccessToken>()("InvalidAccessToken", {
  kind: "unauthorized",
  // Every token failure reads the same to a client; the reason is for logs.
  message: "Unauthorized"
}, {
  reason: Schema.String
}) {}

/** Signs and verifies access tokens. */
export class AccessTokens extends Context.Tag("@podium/core/identity/AccessTokens")<AccessTokens, {
  readonly sign: (request: AccessTokenRequest) => Effect.Effect<{ readonly token: string; readonly expiresAt: number }>
  readonly verify: (token: string) => Effect.Effect<AccessClaims, InvalidAccessToken>
}>() {}
