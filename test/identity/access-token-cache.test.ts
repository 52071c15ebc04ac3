/**
 * The verified-token cache of the jose access-token adapter (a performance measure, bench/RESULTS.md):
 * a remembered verification answers exactly what jose would — the same claims while the token
 * lives, "expired" once it has expired, and a failure is never remembered. The session-active check
 * that makes revocation immediate is not part of this cache (it runs on every request; see
 * tokens-sessions.test.ts "logout takes effect at once" through the real host).
 */
import type { Identity } from "@podium/core"
import { deriveSigningKeys, makeAccessTokensJose } from "@podium/providers"
import { Effect, Either, Redacted } from "effect"
import { SignJWT } from "jose"
import { describe, expect, it } from "vitest"

const secret = Redacted.make("access-token-cache-test-secret")
const request: Identity.AccessTokenRequest = { sub: "acc-1", kind: "user", role: "user", sid: "sid-1" }

const verify = (tokens: Identity.AccessTokens["Type"], token: string) => Effect.runPromise(Effect.either(tokens.verify(token)))

describe("verified access-token cache", () => {
  it("answers the same claims for a token verified again, cached or not", async () => {
    const cached = makeAccessTokensJose({ secret })
    const uncached = makeAccessTokensJose({ secret, verifiedCacheSize: 0 })
    const { token } = await Effect.runPromise(cached.sign(request))
    const first = await verify(cached, token)
    const again = await verify(cached, token)
    const plain = await verify(uncached, token)
    expect(Either.isRight(first)).toBe(true)
    expect(again).toEqual(first)
    expect(plain).toEqual(first)
    expect(Either.getOrThrow(again)).toMatchObject({ sub: "acc-1", sid: "sid-1", role: "user", kind: "user" })
  })

  it("refuses a remembered token as expired once its exp has passed", async () => {
    const tokens = makeAccessTokensJose({ secret })
    // exp is whole seconds from a floored iat, so a 1 s token can expire within milliseconds; 3 s
    // leaves the first verification valid on a busy machine.
    const { token } = await Effect.runPromise(tokens.sign({ ...request, lifetimeSeconds: 3 }))
    expect(Either.isRight(await verify(tokens, token))).toBe(true)
    const { exp } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { exp: number }
    // Wait until the clock is past exp (the condition), not for a guessed duration.
    while (Date.now() < exp * 1000 + 10) await new Promise((resolve) => setTimeout(resolve, 50))
    const after = await verify(tokens, token)
    expect(Either.isLeft(after) && after.left.reason).toBe("expired")
  })

  it("never remembers a failure: a tampered or foreign token is refused every time", async () => {
    const tokens = makeAccessTokensJose({ secret })
    const { token } = await Effect.runPromise(tokens.sign(request))
    const [header, payload, signature] = token.split(".") as [string, string, string]
    const tampered = `${header}.${payload}.${signature.slice(0, -4)}AAAA`
    const foreign = await Effect.runPromise(makeAccessTokensJose({ secret: Redacted.make("another-secret") }).sign(request))
    for (let i = 0; i < 2; i++) {
      expect(Either.isLeft(await verify(tokens, tampered))).toBe(true)
      expect(Either.isLeft(await verify(tokens, foreign.token))).toBe(true)
    }
    expect(Either.isRight(await verify(tokens, token))).toBe(true)
  })

  it("does not remember tokens carrying nbf: a not-yet-valid token stays refused", async () => {
    const tokens = makeAccessTokensJose({ secret })
    const { privateKey } = deriveSigningKeys(Redacted.value(secret))
    const now = Math.floor(Date.now() / 1000)
    const notYet = await new SignJWT({ role: "user", kind: "user", sid: "sid-2" })
      .setProtectedHeader({ alg: "EdDSA" })
      .setIssuer("podium")
      .setAudience("podium-api")
      .setSubject("acc-2")
      .setIssuedAt(now)
      .setNotBefore(now + 600)
      .setExpirationTime(now + 900)
      .sign(privateKey)
    expect(Either.isLeft(await verify(tokens, notYet))).toBe(true)
    expect(Either.isLeft(await verify(tokens, notYet))).toBe(true)
  })

  it("stays within its bound: the oldest entry goes first and is re-verified when met again", async () => {
    const tokens = makeAccessTokensJose({ secret, verifiedCacheSize: 2 })
    const signed = await Promise.all(["a", "b", "c"].map((sid) => Effect.runPromise(tokens.sign({ ...request, sid }))))
    for (const { token } of signed) expect(Either.isRight(await verify(tokens, token))).toBe(true)
    // "a" was evicted by "c"; it verifies again through jose, with the same answer.
    const a = await verify(tokens, signed[0]!.token)
    expect(Either.isRight(a) && a.right.sid).toBe("a")
  })
})
