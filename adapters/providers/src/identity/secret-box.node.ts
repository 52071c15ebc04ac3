/**
 * SecretBox on node:crypto: AES-256-GCM with a random 96-bit nonce per seal, the key derived from
 * ENCRYPTION_KEY with HKDF-SHA256 (so the same configured secret can key other purposes without
 * reuse), and the caller's context as associated data. Sealed form: `v1.<nonce>.<ciphertext+tag>`
 * in base64url.
 */
import { Identity } from "@podium/core"
import { Effect, Layer, Redacted } from "effect"
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"

export const makeSecretBoxNode = (encryptionKey: Redacted.Redacted<string>): Identity.SecretBox["Type"] => {
  const key = Buffer.from(hkdfSync("sha256", Buffer.from(Redacted.value(encryptionKey), "utf8"), Buffer.alloc(0), "podium/secret-box/v1", 32))
  return Identity.SecretBox.of({
    seal: (plaintext, context) =>
      Effect.sync(() => {
        const nonce = randomBytes(12)
        const cipher = createCipheriv("aes-256-gcm", key, nonce)
        cipher.setAAD(Buffer.from(context, "utf8"))
        const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()])
        return `v1.${nonce.toString("base64url")}.${body.toString("base64url")}`
      }),
    open: (sealed, context) =>
      Effect.try({
        try: () => {
          const [version, nonceText, bodyText, ...rest] = sealed.split(".")
          if (version !== "v1" || nonceText === undefined || bodyText === undefined || rest.length > 0) throw new Error("malformed")
          const body = Buffer.from(bodyText, "base64url")
          const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonceText, "base64url"))
          decipher.setAAD(Buffer.from(context, "utf8"))
          decipher.setAuthTag(body.subarray(body.length - 16))
          return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString("utf8")
        },
        catch: (cause) => new Error(`A sealed secret does not open (ENCRYPTION_KEY changed or data tampered): ${String(cause)}`)
      }).pipe(Effect.orDie)
  })
}

/** SecretBox keyed with ENCRYPTION_KEY. */
export const SecretBoxNode = (encryptionKey: Redacted.Redacted<string>): Layer.Layer<Identity.SecretBox> =>
  Layer.sync(Identity.SecretBox, () => makeSecretBoxNode(encryptionKey))
