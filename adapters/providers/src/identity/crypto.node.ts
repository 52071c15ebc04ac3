/**
 * node:crypto adapters of the identity crypto ports: a CSPRNG for digits, tokens and UUIDs, and
 * HMAC-SHA256 under HASH_SECRET (domain-separated by purpose) compared with timingSafeEqual, and
 * plain HMAC-SHA1 for TOTP codes.
 */
import { Identity } from "@podium/core"
import { Effect, Layer, Redacted } from "effect"
import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto"

/** SecureRandom on node's CSPRNG (randomInt is unbiased). */
export const SecureRandomNode: Layer.Layer<Identity.SecureRandom> = Layer.succeed(Identity.SecureRandom, Identity.SecureRandom.of({
  digits: (length) => Effect.sync(() => Array.from({ length }, () => randomInt(0, 10)).join("")),
  token: (bytes) => Effect.sync(() => randomBytes(bytes).toString("base64url")),
  uuid: Effect.sync(() => randomUUID())
}))

/** HMAC-SHA256 keyed with `secret` (HASH_SECRET). */
export const makeHmacNode = (secret: Redacted.Redacted<string>): Identity.Hmac["Type"] => {
  const key = Buffer.from(Redacted.value(secret), "utf8")
  const digest = (purpose: string, value: string) => createHmac("sha256", key).update(purpose).update("\u0000").update(value).digest()
  return Identity.Hmac.of({
    digest: (purpose, value) => Effect.sync(() => digest(purpose, value).toString("hex")),
    matches: (purpose, value, expected) =>
      Effect.sync(() => {
        const actual = digest(purpose, value)
        const wanted = Buffer.from(expected, "hex")
        return wanted.length === actual.length && timingSafeEqual(actual, wanted)
      }),
    sha1: (secret, message) => Effect.sync(() => new Uint8Array(createHmac("sha1", secret).update(message).digest()))
  })
}

export const HmacNode = (secret: Redacted.Redacted<string>): Layer.Layer<Identity.Hmac> =>
  Layer.sync(Identity.Hmac, () => makeHmacNode(secret))
