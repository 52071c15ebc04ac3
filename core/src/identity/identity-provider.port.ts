/**
 * External identity providers behind one port: provider A signs users in with an ID token its app
 * obtained (verified against the provider's JWKS); provider B (Apple-style) hands out an
 * authorization code that the server exchanges at the provider's token endpoint, authenticating with
 * a signed client-secret JWT, for an ID token verified the same way. The undici/jose adapter lives in
 * @podium/providers; an unconfigured provider fails every call with IdentityProviderNotConfigured.
 */
import { Context, type Effect } from "effect"
import type {
  AuthorizationCodeInvalid,
  IdentityProviderNotConfigured,
  IdentityProviderUnavailable,
  IdentityTokenInvalid
} from "./identity-provider.errors.js"

export const IdentityProviderIds = ["identity-provider-a", "identity-provider-b"] as const
export type IdentityProviderId = (typeof IdentityProviderIds)[number]

/** Who the provider says signed in, after every check passed. */
export interface VerifiedIdentity {
  readonly provider: IdentityProviderId
  /** The provider's stable user id (`sub`). */
  readonly subject: string
  /** Lower-cased, when the token carries one. */
  readonly email: string | null
  /** The provider vouches for the address (`email_verified` true or "true"). */
  readonly emailVerified: boolean
  readonly firstName: string | null
  readonly lastName: string | null
}

/** What `/v2/auth/oauth/status` shows of a provider (never calls it). */
export interface IdentityProviderStatus {
  readonly provider: IdentityProviderId
  readonly configured: boolean
  /** Provider B: the browser flow (session → callback → exchange) has its return URL. */
  readonly webFlow: boolean
  /** The client ids (audiences) accepted; public values the apps already embed. */
  readonly clientIds: ReadonlyArray<string>
  /** Provider B: the callback URL given to the provider (redirect_uri), if configured. */
  readonly redirectUri: string | null
}

/** Verifies provider tokens and exchanges provider B's authorization codes. */
export class IdentityProviders extends Context.Tag("@podium/core/identity/IdentityProviders")<IdentityProviders, {
  readonly status: ReadonlyArray<IdentityProviderStatus>
  /**
   * Verifies an ID token: signature against the provider's JWKS (cached), issuer, audience among the
   * configured client ids, expiry, and — when `nonce` is given — the `nonce` claim (equal to it, or
   * to its SHA-256 hex as native Apple-style sign-in sends).
   */
  readonly verifyIdToken: (
    provider: IdentityProviderId,
    idToken: string,
    options: { readonly nonce?: string | undefined }
  ) => Effect.Effect<VerifiedIdentity, IdentityTokenInvalid | IdentityProviderNotConfigured | IdentityProviderUnavailable>
  /**
   * Exchanges an authorization code at the provider's token endpoint and returns the ID token it
   * answered (not yet verified). `flow` "web" sends the configured redirect URI and the first client
   * id; "native" the given client id (one of the configured ones) or the first.
   */
  readonly exchangeCode: (
    provider: IdentityProviderId,
    input: { readonly code: string; readonly flow: "web" | "native"; readonly clientId?: string | undefined }
  ) => Effect.Effect<string, AuthorizationCodeInvalid | IdentityProviderNotConfigured | IdentityProviderUnavailable>
}>() {}
