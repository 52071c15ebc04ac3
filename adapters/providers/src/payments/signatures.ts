/** HMAC-SHA256 signatures as the gateways define them (lower-case hex), compared in constant time. */
import { createHmac, timingSafeEqual } from "node:crypto"

export const hmacSha256Hex = (secret: string, text: string): string => createHmac("sha256", secret).update(text, "utf8").digest("hex")

/** Constant-time comparison of a received hex signature with the expected one (a wrong length is a mismatch). */
export const signatureMatches = (expectedHex: string, received: string): boolean => {
  const a = Buffer.from(expectedHex, "utf8")
  const b = Buffer.from(received.trim().toLowerCase(), "utf8")
  return a.length === b.length && timingSafeEqual(a, b)
}
