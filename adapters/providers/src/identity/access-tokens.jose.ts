/**
 * Access tokens with jose: EdDSA (Ed25519) JWTs. The signing key is derived deterministically from
 * JWT_SECRET (HKDF-SHA256 → a 32-byte Ed25519 seed), so every process of a deployment (and a
 * development host across restarts, whose JWT_SECRET is kept in DATA_DIR/secrets.json) signs and
 * verifies with the same key without sharing key files. Verification accepts only EdDSA and checks
 * iss, aud, exp and the required claims; `alg: none` and HS256 tokens are refused.
 *
 * Verified tokens are remembered (performance, bench/RESULTS.md): the claims of a token that passed
 * verification are kept in a bounded in-process map keyed by the token's SHA-256, until the token's
 * own `exp`, so a client presenting the same bearer again skips the Ed25519 check. This changes
 * nothing observable: a token's signature and claims cannot change, an expired entry is dropped and
 * re-verified (jose then answers "expired" exactly as before), failures are never cached (so a
 * flood of junk tokens cannot fill the map), and tokens carrying `nbf` are not cached. Revocation is
 * not this layer's business: the session-active check (session.use-case.ts) still runs on every
 * request, cached hit or not.
 */
import { Identity } from "@podium/core"
import { Effect, Layer, Redacted } from "effect"
import { createHash, createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from "node:crypto"
import { errors, jwtVerify, SignJWT } from "jose"

export const AccessTokenIssuer = "podium"
export const AccessTokenAudience = "podium-api"

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows. */
const Ed25519Pkcs8Prefix = Buffer.from("302e020100300506032b657004220420", "hex")

/** The Ed25519 key pair derived from a secret. */
export const deriveSigningKeys = (secret: string): { readonly privateKey: KeyObject; readonly publicKey: KeyObject } => {
  const seed = Buffer.from(hkdfSync("sha256", secret, "podium", "access-token-ed25519", 32))
  const privateKey = createPrivateKey({ key: Buffer.concat([Ed25519Pkcs8Prefix, seed]), format: "der", type: "pkcs8" })
  return { privateKey, publicKey: createPublicKey(privateKey) }
}

const AccountKinds: ReadonlyArray<string> = Identity.AccountKinds

export interface AccessTokensJoseOptions {
  readonly secret: Redacted.Redacted<string>
  readonly issuer?: string
  readonly audience?: string
  /** Verified tokens remembered at most (default 10 000; 0 turns the cache off). */
  readonly verifiedCacheSize?: number
}

/** Default bound of the verified-token map (~10 000 × a few hundred bytes). */
export const VerifiedTokenCacheSize = 10_000

/**
 * Claims of verified tokens by SHA-256 of the token, each valid until its `exp`; insertion-ordered,
 * so the oldest entry goes first when full. Expired entries are dropped when met or when evicted.
 */
const makeVerifiedCache = (maxEntries: number) => {
  const entries = new Map<string, Identity.AccessClaims>()
  const keyOf = (token: string) => createHash("sha256").update(token).digest("base64")
  return {
    get: (key: string): Identity.AccessClaims | undefined => {
      const claims = entries.get(key)
      if (claims === undefined) return undefined
      // Same rule as jose's exp check (whole seconds, no clock tolerance): valid while now < exp.
      if (Date.now() >= claims.exp * 1000) {
        entries.delete(key)
        return undefined
      }
      return claims
    },
    set: (key: string, claims: Identity.AccessClaims) => {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next()
        if (oldest.done !== true) entries.delete(oldest.value)
      }
      entries.set(key, claims)
    },
    keyOf,
    enabled: maxEntries > 0
  }
}

export const makeAccessTokensJose = (options: AccessTokensJoseOptions): Identity.AccessTokens["Type"] => {
  const { privateKey, publicKey } = deriveSigningKeys(Redacted.value(options.secret))
  const issuer = options.issuer ?? AccessTokenIssuer
  const audience = options.audience ?? AccessTokenAudience
  const invalid = (reason: string) => new Identity.InvalidAccessToken({ reason })
  const verified = makeVerifiedCache(options.verifiedCacheSize ?? VerifiedTokenCacheSize)
  /** jose's verification; `cacheKey` (the token's hash) when the verified claims may be remembered. */
  const verifyWithJose = (token: string, cacheKey?: string): Effect.Effect<Identity.AccessClaims, Identity.InvalidAccessToken> =>
    Effect.tryPromise({
      try: () => jwtVerify(token, publicKey, { algorithms: ["EdDSA"], issuer, audience, requiredClaims: ["sub", "exp", "iat", "sid", "role"] }),
      catch: (error) =>
        invalid(
          error instanceof errors.JWTExpired ? "expired" : error instanceof errors.JOSEError ? error.code : "malformed"
        )
    }).pipe(
      Effect.flatMap(({ payload }) => {
        const { sub, sid, role, kind, act, iat, exp } = payload as Record<string, unknown>
        if (typeof sub !== "string" || typeof sid !== "string" || typeof role !== "string" || typeof kind !== "string" || !AccountKinds.includes(kind)) {
          return Effect.fail(invalid("claims"))
        }
        const claims: Identity.AccessClaims = {
          sub,
          sid,
          role: role as Identity.Role,
          kind: kind as Identity.AccountKind,
          iat: iat as number,
          exp: exp as number,
          ...(typeof act === "string" ? { act } : {})
        }
        // Only plain tokens are remembered: a `nbf` would make validity depend on more than `exp`.
        if (cacheKey !== undefined && payload.nbf === undefined) verified.set(cacheKey, claims)
        return Effect.succeed(claims)
      })
    )
  return Identity.AccessTokens.of({
    sign: (request) =>
      Effect.promise(async () => {
        const iat = Math.floor(Date.now() / 1000)
        const exp = iat + (request.lifetimeSeconds ?? Identity.AccessTokenLifetimeSeconds)
        const token = await new SignJWT({
          role: request.role,
          kind: request.kind,
          sid: request.sid,
          ...(request.act === undefined ? {} : { act: request.act })
        })
          .setProtectedHeader({ alg: "EdDSA", typ: "JWT" })
          .setIssuer(issuer)
          .setAudience(audience)
          .setSubject(request.sub)
          .setIssuedAt(iat)
          .setExpirationTime(exp)
          .sign(privateKey)
        return { token, expiresAt: exp * 1000 }
      }),
    verify: (token) => {
      if (!verified.enabled) return verifyWithJose(token)
      const key = verified.keyOf(token)
      const claims = verified.get(key)
      return claims === undefined ? verifyWithJose(token, key) : Effect.succeed(claims)
    }
  })
}

/** AccessTokens signed with the key derived from `secret` (JWT_SECRET). */
export const AccessTokensJose = (options: AccessTokensJoseOptions): Layer.Layer<Identity.AccessTokens> =>
  Layer.sync(Identity.AccessTokens, () => makeAccessTokensJose(options))
