/**
 * Access tokens with jose: EdDSA (Ed25519) JWTs. The signing key is derived deterministically from
 * JWT_SECRET (HKDF-SHA256 → a 32-byte Ed25519 seed), so every process of a deployment (and a
 * development host across restarts, whose JWT_SECRET is kept in DATA_DIR/secrets.json) signs and
 * verifies with the same key without sharing key files. Verification accepts only EdDSA and checks
 * iss, aud, exp and the required claims; `alg: none` and HS256 tokens are refused.
 */
import { Identity } from "@podium/core"
import { Effect, Layer, Redacted } from "effect"
import { createPrivateKey, createPublicKey, hkdfSync, type KeyObject } from "node:crypto"
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
}

export const makeAccessTokensJose = (options: AccessTokensJoseOptions): Identity.AccessTokens["Type"] => {
  const { privateKey, publicKey } = deriveSigningKeys(Redacted.value(options.secret))
  const issuer = options.issuer ?? AccessTokenIssuer
  const audience = options.audience ?? AccessTokenAudience
  const invalid = (reason: string) => new Identity.InvalidAccessToken({ reason })
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
    verify: (token) =>
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
          return Effect.succeed<Identity.AccessClaims>({
            sub,
            sid,
            role: role as Identity.Role,
            kind: kind as Identity.AccountKind,
            iat: iat as number,
            exp: exp as number,
            ...(typeof act === "string" ? { act } : {})
          })
        })
      )
  })
}

/** AccessTokens signed with the key derived from `secret` (JWT_SECRET). */
export const AccessTokensJose = (options: AccessTokensJoseOptions): Layer.Layer<Identity.AccessTokens> =>
  Layer.sync(Identity.AccessTokens, () => makeAccessTokensJose(options))
