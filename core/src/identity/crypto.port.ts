/**
 * Randomness and keyed hashing behind ports, so the core never imports a crypto library. The node
 * adapters (`@podium/providers`) use a CSPRNG and HMAC-SHA256 keyed with HASH_SECRET; the memory
 * twins in `@podium/core/testing` are deterministic and NOT secure.
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
}>() {}
