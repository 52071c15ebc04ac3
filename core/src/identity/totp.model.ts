/**
 * TOTP (RFC 6238 over RFC 4226): HMAC-SHA1, 30-second steps, 6 digits, one step of drift either
 * way, computed on the `Hmac.sha1` port so the core stays free of crypto libraries. Also the
 * encodings around it (base32 secrets, the otpauth URL) and the shape of recovery codes.
 */
import { Effect } from "effect"
import { Hmac } from "./crypto.port.js"

export const TotpPolicy = {
  issuer: "Podium",
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted before and after the current one (clock drift). */
  drift: 1,
  secretBytes: 20,
  recoveryCodes: 10,
  /** Failed codes per account before further attempts are refused… */
  maxFailures: 5,
  /** …for this long. */
  lockSeconds: 15 * 60,
  /** Lifetime of the mfaToken a sign-in answers with when a second factor is due. */
  mfaTokenSeconds: 5 * 60
} as const

/** Which accounts can hold second factors: the kinds that are one stable person (see README). */
export const SecondFactorKinds = ["user", "admin"] as const

const Base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

/** RFC 4648 base32 without padding (what authenticator apps expect in `secret=`). */
export const base32Encode = (bytes: Uint8Array): string => {
  let bits = 0
  let value = 0
  let out = ""
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += Base32Alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += Base32Alphabet[(value << (5 - bits)) & 31]
  return out
}

/** Decodes RFC 4648 base32 (case-insensitive, padding and spaces ignored). */
export const base32Decode = (text: string): Uint8Array => {
  const clean = text.toUpperCase().replace(/[\s=]/g, "")
  const out: Array<number> = []
  let bits = 0
  let value = 0
  for (const char of clean) {
    const index = Base32Alphabet.indexOf(char)
    if (index < 0) throw new RangeError(`not base32: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return new Uint8Array(out)
}

/** Decodes base64url text (what `SecureRandom.token` produces) into bytes. */
export const base64UrlDecode = (text: string): Uint8Array => {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
  const out: Array<number> = []
  let bits = 0
  let value = 0
  for (const char of text.replace(/=+$/, "")) {
    const index = alphabet.indexOf(char)
    if (index < 0) throw new RangeError(`not base64url: ${char}`)
    value = (value << 6) | index
    bits += 6
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255)
      bits -= 8
    }
  }
  return new Uint8Array(out)
}

/** The time step of an instant (epoch ms). */
export const stepAt = (epochMs: number): number => Math.floor(epochMs / 1000 / TotpPolicy.periodSeconds)

/** The HOTP value of `step` under `secret` (RFC 4226 dynamic truncation), zero-padded. */
export const codeAt = (secret: Uint8Array, step: number) =>
  Effect.gen(function*() {
    const counter = new Uint8Array(8)
    let rest = step
    for (let i = 7; i >= 0; i--) {
      counter[i] = rest & 0xff
      rest = Math.floor(rest / 256)
    }
    const mac = yield* Effect.flatMap(Hmac, (hmac) => hmac.sha1(secret, counter))
    const offset = mac[mac.length - 1]! & 0x0f
    const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!
    return String(binary % 10 ** TotpPolicy.digits).padStart(TotpPolicy.digits, "0")
  })

/**
 * The step whose code equals `code` within the drift window around `epochMs`, newest first, or
 * undefined. Every candidate is computed and compared (no early exit on the first character).
 */
export const matchingStep = (secret: Uint8Array, code: string, epochMs: number) =>
  Effect.gen(function*() {
    const now = stepAt(epochMs)
    let found: number | undefined
    for (let step = now + TotpPolicy.drift; step >= now - TotpPolicy.drift; step--) {
      const expected = yield* codeAt(secret, step)
      if (constantTimeEqual(expected, code) && found === undefined) found = step
    }
    return found
  })

const constantTimeEqual = (a: string, b: string) => {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/** The `otpauth://totp/…` URL authenticator apps scan. */
export const otpauthUrl = (secretBase32: string, accountLabel: string): string => {
  const label = encodeURIComponent(`${TotpPolicy.issuer}:${accountLabel}`)
  const params = [
    `secret=${secretBase32}`,
    `issuer=${encodeURIComponent(TotpPolicy.issuer)}`,
    "algorithm=SHA1",
    `digits=${TotpPolicy.digits}`,
    `period=${TotpPolicy.periodSeconds}`
  ]
  return `otpauth://totp/${label}?${params.join("&")}`
}

/** Whether a submitted second-factor code is an authenticator code (else it is read as a recovery code). */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.trim())

/** Recovery codes are 10 digits shown as `12345-67890`; spaces and dashes are ignored when typed. */
export const normalizeRecoveryCode = (code: string): string => code.replace(/[\s-]/g, "")
export const formatRecoveryCode = (digits: string): string => `${digits.slice(0, 5)}-${digits.slice(5)}`
