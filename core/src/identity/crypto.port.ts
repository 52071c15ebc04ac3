/**
 * Randomness and keyed hashing behind ports, so the core never imports a crypto library. The node
 * adapters (`@podium/providers`) use a CSPRNG and HMAC-SHA256 keyed with HASH_SECRET; the memory
 * twins in `@podium/core/testing` are deterministic and NOT secure (except HMAC-SHA1, which TOTP
 * needs to be the real function).
 */
import { Context, type Effect } from "effect"

/** Unpredictable values: OTP digits, opaque tokens, ids. */
export class SecureRandom extends Context.Tag("@podium/core/identity/SecureRandom")<SecureRandom, {
  /** `length` decimal digits, uniformly distributed (leading zeros kept). */
  readonly digits: (length: number) => Effect.Effect<string>
  /** `bytes` random bytes as base64url text (opaque tokens). */
  readonly token: (bytes: number) => Effect.Effect<string>
  /** A random (v4) UUID. */
  readonly uuid: Effect.Effect<string>
}>() {}

/** Keyed hashing of secrets we must recognise but never store: OTP codes, refresh tokens. */
export class Hmac extends Context.Tag("@podium/core/identity/Hmac")<Hmac, {
  /** HMAC-SHA256 of `value` under the server key, domain-separated by `purpose`; hex text. */
  readonly digest: (purpose: string, value: string) => Effect.Effect<string>
  /** Whether `value` hashes to `digest`, compared in constant time. */
  readonly matches: (purpose: string, value: string, digest: string) => Effect.Effect<boolean>
  /**
   * Plain HMAC-SHA1 of `message` under the caller's `key` (not the server key): the primitive of
   * TOTP codes (RFC 6238 / RFC 4226), whose key is the account's shared secret.
   */
  readonly sha1: (key: Uint8Array, message: Uint8Array) => Effect.Effect<Uint8Array>
}>() {}

/**
 * Authenticated encryption of secrets we must read back (TOTP shared secrets): the node adapter uses
 * AES-256-GCM under a key derived from ENCRYPTION_KEY. `context` is bound as associated data, so a
 * sealed value only opens for the record it was sealed for (it cannot be moved to another account).
 */
export class SecretBox extends Context.Tag("@podium/core/identity/SecretBox")<SecretBox, {
  readonly seal: (plaintext: string, context: string) => Effect.Effect<string>
  /** The plaintext; a value that does not open (other key, other context, tampered) is a defect. */
  readonly open: (sealed: string, context: string) => Effect.Effect<string>
}>() {}
