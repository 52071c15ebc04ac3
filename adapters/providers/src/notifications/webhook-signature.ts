/**
 * Verification of inbound delivery-receipt webhooks (messaging provider, chat-app, wallet top-up):
 * an HMAC of the raw body (optionally prefixed by a timestamp, Stripe-style `t.body`), compared in
 * constant time. Routes reject unsigned or wrongly signed calls before parsing anything.
 */
import { createHmac, timingSafeEqual } from "node:crypto"

export type HmacAlgorithm = "sha256" | "sha1" | "sha512"

/** The signature of `payload` (hex unless told otherwise). */
export const signPayload = (
  secret: string,
  payload: string | Uint8Array,
  options: { readonly algorithm?: HmacAlgorithm; readonly encoding?: "hex" | "base64" } = {}
): string => createHmac(options.algorithm ?? "sha256", secret).update(payload).digest(options.encoding ?? "hex")

export interface VerifyInput {
  readonly secret: string
  /** The raw request body, exactly as received. */
  readonly payload: string | Uint8Array
  /** The header value; a leading `sha256=` (or the algorithm's name) is accepted. Missing → invalid. */
  readonly signature: string | undefined | null
  readonly algorithm?: HmacAlgorithm
  readonly encoding?: "hex" | "base64"
  /** When given, the signed text is `${timestamp}.${payload}` and the timestamp must be within `toleranceSeconds` of `now`. */
  readonly timestamp?: string
  readonly toleranceSeconds?: number
  readonly now?: Date
}

export type VerifyResult = { readonly valid: true } | { readonly valid: false; readonly reason: "missing" | "malformed" | "mismatch" | "stale" }

/** Checks a webhook signature in constant time (for equal lengths; lengths are not secret). */
export const verifyHmacSignature = (input: VerifyInput): VerifyResult => {
  const algorithm = input.algorithm ?? "sha256"
  const encoding = input.encoding ?? "hex"
  if (input.signature === undefined || input.signature === null || input.signature.trim() === "") {
    return { valid: false, reason: "missing" }
  }
  if (input.timestamp !== undefined) {
    const seconds = Number(input.timestamp)
    const now = (input.now ?? new Date()).getTime() / 1000
    if (!Number.isFinite(seconds)) return { valid: false, reason: "malformed" }
    if (Math.abs(now - seconds) > (input.toleranceSeconds ?? 300)) return { valid: false, reason: "stale" }
  }
  const raw = input.signature.trim().replace(new RegExp(`^${algorithm}=`, "i"), "")
  const given = Buffer.from(raw, encoding)
  if (given.length === 0) return { valid: false, reason: "malformed" }
  const signed = input.timestamp === undefined
    ? input.payload
    : Buffer.concat([Buffer.from(`${input.timestamp}.`), Buffer.from(input.payload)])
  const expected = createHmac(algorithm, input.secret).update(signed).digest()
  if (given.length !== expected.length) {
    // Still spend the comparison so a wrong length is not measurably faster.
    timingSafeEqual(expected, expected)
    return { valid: false, reason: "mismatch" }
  }
  return timingSafeEqual(given, expected) ? { valid: true } : { valid: false, reason: "mismatch" }
}
