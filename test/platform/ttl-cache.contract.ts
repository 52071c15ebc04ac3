/** Contract of the TtlCache port: every adapter must pass it. */
import { expect } from "@effect/vitest"
import { Platform } from "@podium/core"
import { Duration, Effect, Option } from "effect"
import { type PortHarness, uniqueKey } from "./port-harness.js"

export const ttlCacheContract = ({ passTime, test }: PortHarness<Platform.TtlCache>) => {
  const cache = Platform.TtlCache

  test("get, set, replace and delete", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const key = uniqueKey("kv")
      expect(yield* c.get(key)).toEqual(Option.none())
      yield* c.set(key, "one", "1 minute")
      expect(yield* c.get(key)).toEqual(Option.some("one"))
      yield* c.set(key, "two", "1 minute")
      expect(yield* c.get(key)).toEqual(Option.some("two"))
      expect(yield* c.delete(key)).toBe(true)
      expect(yield* c.delete(key)).toBe(false)
      expect(yield* c.get(key)).toEqual(Option.none())
    }))

  test("getMany answers several keys in their order, none for absent and deleted ones", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const [a, b, gone, never] = [uniqueKey("kv-many-a"), uniqueKey("kv-many-b"), uniqueKey("kv-many-gone"), uniqueKey("kv-many-never")]
      yield* c.set(a, "A", "1 minute")
      yield* c.set(b, "B", "1 minute")
      yield* c.set(gone, "G", "1 minute")
      yield* c.delete(gone)
      expect(yield* c.getMany([b, never, gone, a])).toEqual([Option.some("B"), Option.none(), Option.none(), Option.some("A")])
      expect(yield* c.getMany([])).toEqual([])
    }))

  test("setIfAbsent stores only once, and 20 concurrent callers see exactly one win", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const key = uniqueKey("kv-nx")
      expect(yield* c.setIfAbsent(key, "first", "1 minute")).toBe(true)
      expect(yield* c.setIfAbsent(key, "second", "1 minute")).toBe(false)
      expect(yield* c.get(key)).toEqual(Option.some("first"))
      const race = uniqueKey("kv-nx-race")
      const wins = yield* Effect.all(
        Array.from({ length: 20 }, (_, i) => c.setIfAbsent(race, `v${i}`, "1 minute")),
        { concurrency: "unbounded" }
      )
      expect(wins.filter(Boolean).length).toBe(1)
      expect(yield* c.get(race)).toEqual(Option.some(`v${wins.indexOf(true)}`))
    }))

  test("take reads and deletes atomically: one of 20 concurrent takers gets the value", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const key = uniqueKey("kv-take")
      yield* c.set(key, "secret", "1 minute")
      const takes = yield* Effect.all(Array.from({ length: 20 }, () => c.take(key)), { concurrency: "unbounded" })
      expect(takes.filter(Option.isSome)).toEqual([Option.some("secret")])
      expect(yield* c.get(key)).toEqual(Option.none())
      expect(yield* c.take(key)).toEqual(Option.none())
    }))

  test("incr counts from 0, by any step, atomically under 50 concurrent callers", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const key = uniqueKey("kv-incr")
      expect(yield* c.incr(key, { ttl: "1 minute" })).toBe(1)
      expect(yield* c.incr(key, { ttl: "1 minute", by: 5 })).toBe(6)
      expect(yield* c.incr(key, { ttl: "1 minute", by: -2 })).toBe(4)
      expect(yield* c.get(key)).toEqual(Option.some("4"))
      const race = uniqueKey("kv-incr-race")
      const values = yield* Effect.all(Array.from({ length: 50 }, () => c.incr(race, { ttl: "1 minute" })), {
        concurrency: "unbounded"
      })
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    }))

  test("entries expire after their TTL; a counter keeps the expiry it was created with", () =>
    Effect.gen(function*() {
      const c = yield* cache
      const value = uniqueKey("kv-ttl")
      const nx = uniqueKey("kv-ttl-nx")
      const counter = uniqueKey("kv-ttl-counter")
      // Lifetimes of seconds, not milliseconds: on a loaded machine one step may take a second,
      // and each check below must still fall on its side of the expiry.
      yield* c.set(value, "v", "3 seconds")
      expect(yield* c.setIfAbsent(nx, "v", "3 seconds")).toBe(true)
      expect(yield* c.incr(counter, { ttl: "3 seconds" })).toBe(1)
      const remaining = yield* c.ttl(value)
      expect(Option.isSome(remaining)).toBe(true)
      const ms = Duration.toMillis(Option.getOrThrow(remaining))
      expect(ms).toBeGreaterThan(0)
      expect(ms).toBeLessThanOrEqual(3_000)
      yield* passTime("500 millis")
      expect(yield* c.incr(counter, { ttl: "3 seconds" })).toBe(2)
      expect(yield* c.get(value)).toEqual(Option.some("v"))
      yield* passTime("3 seconds")
      expect(yield* c.get(value)).toEqual(Option.none())
      expect(yield* c.ttl(value)).toEqual(Option.none())
      expect(yield* c.setIfAbsent(nx, "again", "3 seconds")).toBe(true)
      // The counter expired with its first TTL despite the second incr; it starts over.
      expect(yield* c.incr(counter, { ttl: "3 seconds" })).toBe(1)
      expect(yield* c.take(value)).toEqual(Option.none())
    }), 30_000)
}
