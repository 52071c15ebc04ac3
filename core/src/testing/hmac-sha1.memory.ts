/**
 * HMAC-SHA1 in plain TypeScript for the memory twin of `Hmac.sha1`: TOTP codes must be the real
 * function even in memory tests (a real authenticator's code has to match), and the core may not
 * import node:crypto. Not constant-time; tests only.
 */

const rotl = (x: number, n: number) => ((x << n) | (x >>> (32 - n))) >>> 0

/** SHA-1 (FIPS 180-4) of `message`. */
export const sha1 = (message: Uint8Array): Uint8Array => {
  const bitLength = message.length * 8
  const padded = new Uint8Array(((message.length + 9 + 63) >> 6) << 6)
  padded.set(message)
  padded[message.length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x1_0000_0000))
  view.setUint32(padded.length - 4, bitLength >>> 0)
  let h0 = 0x67452301, h1 = 0xefcdab89, h2 = 0x98badcfe, h3 = 0x10325476, h4 = 0xc3d2e1f0
  const w = new Uint32Array(80)
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4)
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!, 1)
    let a = h0, b = h1, c = h2, d = h3, e = h4
    for (let i = 0; i < 80; i++) {
      const [f, k] = i < 20
        ? [(b & c) | (~b & d), 0x5a827999]
        : i < 40
        ? [b ^ c ^ d, 0x6ed9eba1]
        : i < 60
        ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
        : [b ^ c ^ d, 0xca62c1d6]
      const t = (rotl(a, 5) + (f >>> 0) + e + k + w[i]!) >>> 0
      e = d
      d = c
      c = rotl(b, 30)
      b = a
      a = t
    }
    h0 = (h0 + a) >>> 0
    h1 = (h1 + b) >>> 0
    h2 = (h2 + c) >>> 0
    h3 = (h3 + d) >>> 0
    h4 = (h4 + e) >>> 0
  }
  const out = new Uint8Array(20)
  const outView = new DataView(out.buffer)
  for (const [i, h] of [h0, h1, h2, h3, h4].entries()) outView.setUint32(i * 4, h)
  return out
}

/** HMAC-SHA1 (RFC 2104) of `message` under `key`. */
export const hmacSha1 = (key: Uint8Array, message: Uint8Array): Uint8Array => {
  const block = new Uint8Array(64)
  block.set(key.length > 64 ? sha1(key) : key)
  const inner = new Uint8Array(64 + message.length)
  const outer = new Uint8Array(64 + 20)
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i]! ^ 0x36
    outer[i] = block[i]! ^ 0x5c
  }
  inner.set(message, 64)
  outer.set(sha1(inner), 64)
  return sha1(outer)
}
