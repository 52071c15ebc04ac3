/** An authenticator app for tests: RFC 6238 codes (HMAC-SHA1, 30 s, 6 digits) from a base32 secret. */
import { createHmac } from "node:crypto"

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

const base32 = (text: string) => {
  let bits = 0
  let value = 0
  const out: Array<number> = []
  for (const char of text.toUpperCase().replace(/=+$/, "")) {
    value = (value << 5) | alphabet.indexOf(char)
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** The current 30-second step. */
export const stepNow = () => Math.floor(Date.now() / 30_000)

/** The code of `step` (default: now) for a base32 secret. */
export const totpCode = (secret: string, step = stepNow()) => {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac("sha1", base32(secret)).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0")
}
