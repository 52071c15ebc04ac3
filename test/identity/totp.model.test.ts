/** RFC 6238 / RFC 4226 on the core's TOTP model with the pure-TypeScript HMAC-SHA1 twin, and the encodings around it. */
import { assert, describe, it } from "@effect/vitest"
import { Identity } from "@podium/core"
import { HmacMemory } from "@podium/core/testing"
import { Effect } from "effect"

const rfcSecret = new TextEncoder().encode("12345678901234567890")

describe("TOTP model", () => {
  it.effect("matches the RFC 6238 SHA-1 test vectors (last 6 digits)", () =>
    Effect.gen(function*() {
      // T = 59, 1111111109, 1111111111, 1234567890, 2000000000, 20000000000 seconds → 8-digit values of the RFC.
      const vectors: ReadonlyArray<readonly [number, string]> = [
        [59, "94287082"],
        [1111111109, "07081804"],
        [1111111111, "14050471"],
        [1234567890, "89005924"],
        [2000000000, "69279037"],
        [20000000000, "65353130"]
      ]
      for (const [seconds, expected] of vectors) {
        assert.strictEqual(yield* Identity.codeAt(rfcSecret, Identity.stepAt(seconds * 1000)), expected.slice(2))
      }
    }).pipe(Effect.provide(HmacMemory)))

  it.effect("accepts one step of drift either way, and nothing further", () =>
    Effect.gen(function*() {
      const now = 1_700_000_000_000
      const step = Identity.stepAt(now)
      for (const offset of [-1, 0, 1]) {
        assert.strictEqual(yield* Identity.matchingStep(rfcSecret, yield* Identity.codeAt(rfcSecret, step + offset), now), step + offset)
      }
      for (const offset of [-2, 2]) {
        assert.strictEqual(yield* Identity.matchingStep(rfcSecret, yield* Identity.codeAt(rfcSecret, step + offset), now), undefined)
      }
    }).pipe(Effect.provide(HmacMemory)))

  it("round-trips base32 and formats the otpauth URL", () => {
    assert.strictEqual(Identity.base32Encode(rfcSecret), "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
    assert.deepStrictEqual([...Identity.base32Decode("gezdgnbvgy3tqojqgezdgnbvgy3tqojq")], [...rfcSecret])
    assert.strictEqual(
      Identity.otpauthUrl("ABC", "asha@example.com"),
      "otpauth://totp/Podium%3Aasha%40example.com?secret=ABC&issuer=Podium&algorithm=SHA1&digits=6&period=30"
    )
    assert.strictEqual(Identity.normalizeRecoveryCode("12345-67890"), "1234567890")
  })
})
