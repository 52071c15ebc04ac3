/** Contract of the RateLimiter port: every adapter must pass it. */
import { expect } from "@effect/vitest"
import { Platform } from "@podium/core"
import { type Duration, Effect } from "effect"
import { type PortHarness, uniqueKey } from "./port-harness.js"

export const rateLimiterContract = ({ passTime, test }: PortHarness<Platform.RateLimiter>) => {
  const hit = (key: string, limit: number, window: Duration.DurationInput) =>
    Effect.flatMap(Platform.RateLimiter, (rl) => rl.hit(key, { limit, window }))

  test("allows up to the limit, then denies with a retry delay", () =>
    Effect.gen(function*() {
      const key = uniqueKey("rl-basic")
      const decisions = []
      for (let i = 0; i < 4; i++) decisions.push(yield* hit(key, 3, "60 seconds"))
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false])
      expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0])
      expect(decisions.every((d) => d.limit === 3)).toBe(true)
      const denied = decisions[3]!
      expect(denied.retryAfterMs).toBeGreaterThan(55_000)
      expect(denied.retryAfterMs).toBeLessThanOrEqual(60_000)
      expect(decisions[0]!.retryAfterMs).toBe(0)
      // resetAt is when the oldest counted hit leaves the window.
      expect(denied.resetAt - decisions[0]!.resetAt).toBe(0)
    }))

  test("keys are independent and reset forgets a key", () =>
    Effect.gen(function*() {
      const a = uniqueKey("rl-a")
      const b = uniqueKey("rl-b")
      expect((yield* hit(a, 1, "1 minute")).allowed).toBe(true)
      expect((yield* hit(a, 1, "1 minute")).allowed).toBe(false)
      expect((yield* hit(b, 1, "1 minute")).allowed).toBe(true)
      yield* Effect.flatMap(Platform.RateLimiter, (rl) => rl.reset(a))
      expect((yield* hit(a, 1, "1 minute")).allowed).toBe(true)
      expect((yield* hit(b, 1, "1 minute")).allowed).toBe(false)
    }))

  test("a limit of 0 always denies", () =>
    Effect.gen(function*() {
      const d = yield* hit(uniqueKey("rl-zero"), 0, "1 minute")
      expect(d.allowed).toBe(false)
      expect(d.remaining).toBe(0)
      expect(d.retryAfterMs).toBeGreaterThan(0)
    }))

  test("50 concurrent hits on a limit of 10: exactly 10 allowed", () =>
    Effect.gen(function*() {
      const key = uniqueKey("rl-race")
      const decisions = yield* Effect.all(Array.from({ length: 50 }, () => hit(key, 10, "1 minute")), {
        concurrency: "unbounded"
      })
      const allowed = decisions.filter((d) => d.allowed)
      expect(allowed.length).toBe(10)
      expect(allowed.map((d) => d.remaining).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    }))

  test("the window slides and denied hits are not counted", () =>
    Effect.gen(function*() {
      const key = uniqueKey("rl-slide")
      expect((yield* hit(key, 2, "1 second")).allowed).toBe(true)
      yield* passTime("400 millis")
      expect((yield* hit(key, 2, "1 second")).allowed).toBe(true)
      const denied = yield* hit(key, 2, "1 second")
      expect(denied.allowed).toBe(false)
      expect(denied.retryAfterMs).toBeGreaterThan(0)
      expect(denied.retryAfterMs).toBeLessThanOrEqual(600)
      expect((yield* hit(key, 2, "1 second")).allowed).toBe(false)
      yield* passTime("700 millis")
      // The first hit left the window; the second (400 ms later) is still in it; the denials never counted.
      const again = yield* hit(key, 2, "1 second")
      expect(again.allowed).toBe(true)
      expect(again.remaining).toBe(0)
      expect((yield* hit(key, 2, "1 second")).allowed).toBe(false)
    }), 10_000)

  test("lists keys whose hit was denied until their lock-out passes; reset unlists them", () =>
    Effect.gen(function*() {
      const rl = yield* Platform.RateLimiter
      const a = uniqueKey("rl-blocked-a")
      const b = uniqueKey("rl-blocked-b")
      expect((yield* hit(a, 1, "1 second")).allowed).toBe(true)
      expect((yield* rl.listBlocked(1000)).some((k) => k.key === a)).toBe(false)
      const denied = yield* hit(a, 1, "1 second")
      expect((yield* hit(b, 0, "1 minute")).allowed).toBe(false)
      const listed = yield* rl.listBlocked(1000)
      expect(listed.find((k) => k.key === a)).toEqual({ key: a, limit: 1, blockedUntil: denied.resetAt })
      expect(listed.find((k) => k.key === b)?.limit).toBe(0)
      yield* rl.reset(b)
      expect((yield* rl.listBlocked(1000)).some((k) => k.key === b)).toBe(false)
      yield* passTime("1100 millis")
      expect((yield* rl.listBlocked(1000)).some((k) => k.key === a)).toBe(false)
    }), 10_000)
}
