/** Contract of the DistributedLock port and the `withLock` helper: every adapter must pass it. */
import { expect } from "@effect/vitest"
import { Platform } from "@podium/core"
import { Effect, Either, Fiber, Option } from "effect"
import { type PortHarness, uniqueKey } from "./port-harness.js"

export const distributedLockContract = ({ passTime, test }: PortHarness<Platform.DistributedLock>) => {
  const lock = Platform.DistributedLock

  test("only the holder's token releases; then the lock is free again", () =>
    Effect.gen(function*() {
      const l = yield* lock
      const key = uniqueKey("lock")
      const token = yield* l.acquire(key, "1 minute")
      expect(Option.isSome(token)).toBe(true)
      expect(yield* l.acquire(key, "1 minute")).toEqual(Option.none())
      expect(yield* l.release(key, "not-the-token")).toBe(false)
      expect(yield* l.extend(key, "not-the-token", "1 minute")).toBe(false)
      expect(yield* l.acquire(key, "1 minute")).toEqual(Option.none())
      expect(yield* l.release(key, Option.getOrThrow(token))).toBe(true)
      expect(yield* l.release(key, Option.getOrThrow(token))).toBe(false)
      expect(Option.isSome(yield* l.acquire(key, "1 minute"))).toBe(true)
    }))

  test("two concurrent acquires: exactly one wins (and one of 20)", () =>
    Effect.gen(function*() {
      const l = yield* lock
      const key = uniqueKey("lock-race")
      const pair = yield* Effect.all([l.acquire(key, "1 minute"), l.acquire(key, "1 minute")], { concurrency: 2 })
      expect(pair.filter(Option.isSome).length).toBe(1)
      const many = uniqueKey("lock-race-20")
      const results = yield* Effect.all(Array.from({ length: 20 }, () => l.acquire(many, "1 minute")), {
        concurrency: "unbounded"
      })
      expect(results.filter(Option.isSome).length).toBe(1)
    }))

  test("a lease expires unless extended; an expired holder can no longer release", () =>
    Effect.gen(function*() {
      const l = yield* lock
      const expiring = uniqueKey("lock-exp")
      const extended = uniqueKey("lock-ext")
      // The extension happens at once (not just before the expiry), so a slow step on a loaded
      // machine cannot make it miss; the other lease is then left to run out.
      const t1 = Option.getOrThrow(yield* l.acquire(expiring, "2 seconds"))
      const t2 = Option.getOrThrow(yield* l.acquire(extended, "2 seconds"))
      expect(yield* l.extend(extended, t2, "1 minute")).toBe(true)
      yield* passTime("2500 millis")
      const next = yield* l.acquire(expiring, "1 minute")
      expect(Option.isSome(next)).toBe(true)
      expect(yield* l.release(expiring, t1)).toBe(false)
      expect(yield* l.extend(expiring, t1, "1 minute")).toBe(false)
      expect(yield* l.acquire(extended, "1 minute")).toEqual(Option.none())
      expect(yield* l.release(extended, t2)).toBe(true)
    }), 30_000)

  test("withLock runs the effect, releases afterwards (also on failure) and fails when busy", () =>
    Effect.gen(function*() {
      const l = yield* lock
      const key = uniqueKey("lock-with")
      expect(yield* Effect.succeed(42).pipe(Platform.withLock(key, { ttl: "1 minute" }))).toBe(42)
      expect(Option.isSome(yield* l.acquire(key, "1 minute"))).toBe(true)
      const busy = yield* Effect.either(Platform.withLock(Effect.succeed(1), key, { ttl: "1 minute" }))
      expect(busy).toEqual(Either.left(new Platform.LockNotAcquired({ key })))
      const other = uniqueKey("lock-with-fail")
      const failed = yield* Effect.either(Effect.fail("boom" as const).pipe(Platform.withLock(other, { ttl: "1 minute" })))
      expect(failed).toEqual(Either.left("boom"))
      expect(Option.isSome(yield* l.acquire(other, "1 minute"))).toBe(true)
    }))

  test("withLock waits for a busy lock up to `wait`", () =>
    Effect.gen(function*() {
      const l = yield* lock
      const key = uniqueKey("lock-wait")
      const held = Option.getOrThrow(yield* l.acquire(key, "1 minute"))
      const waiter = yield* Effect.fork(
        Effect.succeed("ran").pipe(Platform.withLock(key, { ttl: "1 minute", wait: "5 seconds", retryEvery: "50 millis" }))
      )
      yield* passTime("200 millis")
      expect(yield* l.release(key, held)).toBe(true)
      yield* passTime("200 millis")
      expect(yield* Fiber.join(waiter)).toBe("ran")

      const stuck = uniqueKey("lock-wait-timeout")
      yield* l.acquire(stuck, "1 minute")
      const gaveUp = yield* Effect.fork(
        Effect.either(Effect.succeed("ran").pipe(Platform.withLock(stuck, { ttl: "1 minute", wait: "300 millis" })))
      )
      yield* passTime("600 millis")
      expect(yield* Fiber.join(gaveUp)).toEqual(Either.left(new Platform.LockNotAcquired({ key: stuck })))
    }), 10_000)
}
