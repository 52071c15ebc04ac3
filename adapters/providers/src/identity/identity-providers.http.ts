/**
 * The IdentityProviders port over HTTP: jose verifies ID tokens against each provider's JWKS, which
 * `createRemoteJWKSet` fetches through undici and caches (10 minutes; a token signed by an unknown
 * key refetches at most every 30 s); undici posts provider B's authorization codes to its token
 * endpoint with a client-secret JWT signed ES256 by the configured private key (team id as issuer,
 * key id in the header, client id as subject, the provider's issuer as audience, 5 minutes), as
 * Apple's "Sign in with Apple" requires.
 */
import { Identity } from "@podium/core"
import { Effect, Layer, Option, Redacted } from "effect"
import { createHash, createPrivateKey, type KeyObject } from "node:crypto"
import { createRemoteJWKSet, customFetch, errors, type FetchImplementation, type JWTPayload, jwtVerify, SignJWT } from "jose"
import { fetch as undiciFetch, request } from "undici"

/** Settings of an ID-token provider (provider A). */
export interface IdTokenProviderSettings {
  /** Accepted `iss` values (Google-style providers use two spellings). */
  readonly issuers: ReadonlyArray<string>
  readonly jwksUrl: string
  /** Accepted audiences: the apps' client ids. The first is the web/default client. */
  readonly clientIds: ReadonlyArray<string>
}

/** Settings of a code-exchange provider (provider B). */
export interface CodeExchangeProviderSettings extends IdTokenProviderSettings {
  readonly tokenUrl: string
  readonly teamId: string
  readonly keyId: string
  /** PKCS#8 PEM of the P-256 key the client secret is signed with. */
  readonly privateKey: Redacted.Redacted<string>
  /** The callback URL registered with the provider (redirect_uri of the browser flow). */
  readonly redirectUri: Option.Option<string>
  /** Where the browser callback sends the user with its exchange code; unset: no browser flow. */
  readonly returnUrl: Option.Option<string>
}

export interface IdentityProviderSettings {
  readonly a: Option.Option<IdTokenProviderSettings>
  readonly b: Option.Option<CodeExchangeProviderSettings>
}

/** Per-request deadline of JWKS and token calls. */
const TimeoutMs = 8_000
/** The signing algorithms accepted from providers (asymmetric only; `none` and HMAC are refused). */
const Algorithms = ["RS256", "ES256"]

const fetchThroughUndici: FetchImplementation = (url, options) =>
  undiciFetch(url, options as Parameters<typeof undiciFetch>[1]) as unknown as Promise<Response>

const jwksOf = (url: string) =>
  createRemoteJWKSet(new URL(url), {
    cacheMaxAge: 10 * 60 * 1000,
    cooldownDuration: 30_000,
    timeoutDuration: TimeoutMs,
    [customFetch]: fetchThroughUndici
  })

/** Why jose refused a token, in words a client can act on; none when the provider itself failed. */
const reasonOf = (error: unknown): string | undefined => {
  if (error instanceof errors.JWTExpired) return "token expired"
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "iss") return "unexpected issuer"
    if (error.claim === "aud") return "unexpected audience"
    if (error.claim === "nbf" || error.claim === "iat") return "token not yet valid"
    return `invalid ${error.claim} claim`
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return "signature verification failed"
  if (error instanceof errors.JWKSNoMatchingKey) return "signed with an unknown key"
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) return "signing algorithm not allowed"
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid) return "malformed token"
  if (error instanceof errors.JWKSMultipleMatchingKeys) return "ambiguous signing key"
  return undefined
}

const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex")

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null)

/** The port over the configured providers; unconfigured ones fail with IdentityProviderNotConfigured. */
export const IdentityProvidersHttp = (settings: IdentityProviderSettings): Layer.Layer<Identity.IdentityProviders> =>
  Layer.sync(Identity.IdentityProviders, () => {
    const configured: Record<Identity.IdentityProviderId, Option.Option<IdTokenProviderSettings>> = {
      "identity-provider-a": settings.a,
      "identity-provider-b": settings.b
    }
    const jwks = {
      "identity-provider-a": Option.map(settings.a, (a) => jwksOf(a.jwksUrl)),
      "identity-provider-b": Option.map(settings.b, (b) => jwksOf(b.jwksUrl))
    }
    let signingKey: KeyObject | undefined
    const keyOf = (b: CodeExchangeProviderSettings) => (signingKey ??= createPrivateKey(Redacted.value(b.privateKey)))

    const notConfigured = (provider: Identity.IdentityProviderId) => new Identity.IdentityProviderNotConfigured({ provider, part: "provider" })

    const verifyIdToken: Identity.IdentityProviders["Type"]["verifyIdToken"] = (provider, idToken, options) =>
      Effect.gen(function*() {
        const config = configured[provider]
        const keys = jwks[provider]
        if (Option.isNone(config) || Option.isNone(keys)) return yield* notConfigured(provider)
        const verified = yield* Effect.tryPromise({
          try: () =>
            jwtVerify(idToken, keys.value, {
              issuer: [...config.value.issuers],
              audience: [...config.value.clientIds],
              algorithms: Algorithms,
              requiredClaims: ["sub", "exp", "iat"],
              clockTolerance: 30
            }),
          catch: (error) => {
            const reason = reasonOf(error)
            return reason === undefined
              ? new Identity.IdentityProviderUnavailable({ provider, message: `Could not fetch the provider's signing keys: ${String(error)}` })
              : new Identity.IdentityTokenInvalid({ provider, reason })
          }
        })
        const claims: JWTPayload = verified.payload
        if (options.nonce !== undefined) {
          const nonce = claims.nonce
          if (typeof nonce !== "string" || (nonce !== options.nonce && nonce !== sha256Hex(options.nonce))) {
            return yield* new Identity.IdentityTokenInvalid({ provider, reason: "nonce mismatch" })
          }
        }
        const email = text(claims.email)?.toLowerCase() ?? null
        return {
          provider,
          subject: claims.sub!,
          email,
          emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === "true"),
          firstName: text(claims.given_name),
          lastName: text(claims.family_name)
        } satisfies Identity.VerifiedIdentity
      })

    const exchangeCode: Identity.IdentityProviders["Type"]["exchangeCode"] = (provider, input) =>
      Effect.gen(function*() {
        if (provider !== "identity-provider-b" || Option.isNone(settings.b)) return yield* notConfigured(provider)
        const b = settings.b.value
        const clientId = input.flow === "native" && input.clientId !== undefined ? input.clientId : b.clientIds[0]!
        if (!b.clientIds.includes(clientId)) return yield* new Identity.AuthorizationCodeInvalid({ provider })
        const unavailable = (message: string) => new Identity.IdentityProviderUnavailable({ provider, message })
        const clientSecret = yield* Effect.tryPromise({
          try: () =>
            new SignJWT({})
              .setProtectedHeader({ alg: "ES256", kid: b.keyId })
              .setIssuer(b.teamId)
              .setIssuedAt()
              .setExpirationTime("5m")
              .setAudience(b.issuers[0]!)
              .setSubject(clientId)
              .sign(keyOf(b)),
          catch: (error) => unavailable(`Could not sign the client secret: ${String(error)}`)
        })
        const form = new URLSearchParams({ grant_type: "authorization_code", code: input.code, client_id: clientId, client_secret: clientSecret })
        if (input.flow === "web" && Option.isSome(b.redirectUri)) form.set("redirect_uri", b.redirectUri.value)
        const answer = yield* Effect.tryPromise({
          try: async () => {
            const response = await request(b.tokenUrl, {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
              body: form.toString(),
              headersTimeout: TimeoutMs,
              bodyTimeout: TimeoutMs
            })
            const body = await response.body.text()
            let json: unknown = undefined
            try {
              json = JSON.parse(body)
            } catch {
              json = undefined
            }
            return { status: response.statusCode, json: json as Record<string, unknown> | undefined }
          },
          catch: (error) => unavailable(`The token endpoint could not be reached: ${String(error)}`)
        })
        const idToken = text(answer.json?.id_token)
        if (answer.status === 200 && idToken !== null) return idToken
        // invalid_grant: the code is unknown, expired, spent or for another client; the caller's fault.
        if (answer.status === 400 && (answer.json?.error === "invalid_grant" || answer.json?.error === "invalid_request")) {
          return yield* new Identity.AuthorizationCodeInvalid({ provider })
        }
        return yield* unavailable(`The token endpoint answered ${answer.status}${typeof answer.json?.error === "string" ? ` (${answer.json.error})` : ""}`)
      })

    return Identity.IdentityProviders.of({
      status: Identity.IdentityProviderIds.map((provider) => {
        const config = configured[provider]
        const b = provider === "identity-provider-b" ? settings.b : Option.none()
        return {
          provider,
          configured: Option.isSome(config),
          webFlow: Option.isSome(b) && Option.isSome(b.value.returnUrl),
          clientIds: Option.match(config, { onNone: () => [], onSome: (c) => c.clientIds }),
          redirectUri: Option.isSome(b) ? Option.getOrNull(b.value.redirectUri) : null
        }
      }),
      verifyIdToken,
      exchangeCode
    })
  })
