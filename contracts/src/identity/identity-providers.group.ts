/**
 * Identity-provider sign-in (A 4.4): which providers are configured, which login methods a client
 * may offer, provider A (ID token) and provider B (Apple-style: native code exchange, or the
 * browser flow session → form-post callback → one-time exchange code → exchange). Unconfigured
 * providers answer 503 with code IDENTITY_PROVIDER_NOT_CONFIGURED. Token failures (signature,
 * issuer, audience, expiry, nonce) answer 401 with code IDENTITY_TOKEN_INVALID.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Body, OneOf, Optional, Query, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { op } from "../common/index.js"
import { SignInResult } from "./sign-in.dto.js"

export const ProviderStatusView = Schema.Struct({
  provider: Schema.String,
  configured: Schema.Boolean,
  webFlow: Schema.Boolean
}).annotations({ identifier: "IdentityProviderStatus" })

export const OAuthStatus = Schema.Struct({
  providers: Schema.Array(ProviderStatusView)
}).annotations({ identifier: "OAuthStatus" })

export const LoginMethodView = Schema.Struct({
  method: Schema.String,
  available: Schema.Boolean,
  reason: Schema.NullOr(Schema.String),
  flow: Schema.Array(Schema.String)
}).annotations({ identifier: "LoginMethod" })

export const LoginMethods = Schema.Struct({
  role: Schema.String,
  client: Schema.String,
  methods: Schema.Array(LoginMethodView)
}).annotations({ identifier: "LoginMethods" })

const Role = Optional(OneOf("user", "organizer", "admin"))
const Name = Optional(StrLength(1, 100))

/** OAuthLoginDto: the provider's ID token, the nonce the app put in its request (if any), the login role. */
export const OAuthLoginBody = Body({ idToken: StrLength(16, 8192), nonce: Optional(StrLength(1, 512)), role: Role, firstName: Name, lastName: Name })
/** AppleOAuthSessionDto. */
export const WebFlowSessionBody = Body({ role: Role })
/** AppleOAuthWebExchangeDto. */
export const WebExchangeBody = Body({ exchangeCode: StrLength(16, 512) })
/** AppleOAuthLoginDto: the authorization code from the native app, its nonce, and optionally which client id it was issued for. */
export const CodeLoginBody = Body({
  authorizationCode: StrLength(1, 2048),
  nonce: Optional(StrLength(1, 512)),
  role: Role,
  clientId: Optional(StrLength(1, 255)),
  firstName: Name,
  lastName: Name
})

/** AppleOAuthCallbackDto: the provider's form post (every field optional: an error post carries only `error` and `state`). */
export const WebCallbackForm = Schema.Struct({
  code: Schema.optional(Schema.String),
  state: Schema.optional(Schema.String),
  id_token: Schema.optional(Schema.String),
  user: Schema.optional(Schema.String),
  error: Schema.optional(Schema.String)
}).pipe(HttpApiSchema.withEncoding({ kind: "UrlParams" }))

export const WebFlowSession = Schema.Struct({
  state: Schema.String,
  nonce: Schema.String,
  clientId: Schema.NullOr(Schema.String),
  redirectUri: Schema.NullOr(Schema.String),
  expiresAt: Schema.Date
}).annotations({ identifier: "IdentityProviderWebSession" })

/**
 * A sign-in that needs the account's second factor first: `POST /v2/auth/totp/verify` with the
 * mfaToken (or, for `totp-enrollment`, enrolment with it) finishes it.
 */
export const SecondFactorRequired = Schema.Struct({
  totpRequired: Schema.Literal(true),
  secondFactor: Schema.Literal("totp", "totp-enrollment"),
  mfaToken: Schema.String,
  message: Schema.String
}).annotations({ identifier: "SecondFactorRequired" })

/** The answer of identity-provider sign-in: the Verify-OTP result with the e-mail, or the second-factor step. */
export const IdentityProviderSignInAnswer = Schema.Union(SignInResult, SecondFactorRequired).annotations({ identifier: "IdentityProviderSignInAnswer" })

export class IdentityProvidersGroup extends HttpApiGroup.make("identityProviders")
  .add(op.get("oauthStatus", "/v2/auth/oauth/status", { ok: OAuthStatus, summary: "Which identity providers are configured (never calls them)" }))
  .add(op.get("loginMethods", "/v2/auth/methods", { query: Query({ role: OneOf("user", "organizer", "admin"), client: OneOf("ios", "android", "web") }), ok: LoginMethods, summary: "Login methods a client may offer for a role, with availability and the calls of each" }))
  .add(op.post("signInProviderA", "/v2/auth/oauth/identity-provider-a", { body: OAuthLoginBody, ok: IdentityProviderSignInAnswer, message: "Login successful", summary: "Sign in with provider A's ID token (JWKS-verified; links by subject, else by verified e-mail; creates athletes)" }))
  .add(op.post("providerBSession", "/v2/auth/oauth/identity-provider-b/session", { body: WebFlowSessionBody, ok: WebFlowSession, status: 201, summary: "Start provider B's browser flow: one-time state and nonce (10 minutes)" }))
  .add(op.post("providerBCallback", "/v2/auth/oauth/identity-provider-b/callback", { body: WebCallbackForm, success: HttpApiSchema.Empty(302), summary: "Provider B's form-post callback: 302 to the configured return URL with a one-time exchangeCode (or error)" }))
  .add(op.post("providerBWebExchange", "/v2/auth/oauth/identity-provider-b/web/exchange", { body: WebExchangeBody, ok: IdentityProviderSignInAnswer, message: "Login successful", summary: "Redeem the browser callback's exchange code (single use, 2 minutes) and sign in" }))
  .add(op.post("signInProviderB", "/v2/auth/oauth/identity-provider-b", { body: CodeLoginBody, ok: IdentityProviderSignInAnswer, message: "Login successful", summary: "Exchange provider B's authorization code, verify its ID token, sign in" }))
  .annotate(OpenApi.Title, "Identity providers")
  .annotate(
    OpenApi.Description,
    "Sign-in through external identity providers. 503 IDENTITY_PROVIDER_NOT_CONFIGURED when a provider is not configured; 401 IDENTITY_TOKEN_INVALID, AUTHORIZATION_CODE_INVALID or EXCHANGE_CODE_INVALID on failed checks; 403 IDENTITY_EMAIL_UNVERIFIED when the provider vouches for no e-mail address and no account is linked."
  )
{}
