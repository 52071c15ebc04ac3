/** Contract of the Leaderboard port: every adapter must pass it. */
import { expect } from "@effect/vitest"
import { Platform } from "@podium/core"
import { Effect, Option } from "effect"
import { type PortHarness, uniqueKey } from "./port-harness.js"

export const leaderboardContract = ({ test }: PortHarness<Platform.Leaderboard>) => {
  const leaderboard = Platform.Leaderboard

  test("ranks high-first by default and low-first on request; ties ordered by member", () =>
    Effect.gen(function*() {
      const lb = yield* leaderboard
      const board = uniqueKey("lb")
      yield* lb.add(board, "b", 10)
      yield* lb.add(board, "a", 10)
      yield* lb.add(board, "d", 20.5)
      yield* lb.add(board, "c", 10)
      yield* lb.add(board, "e", -3)
      expect(yield* lb.size(board)).toBe(5)
      expect(yield* lb.top(board, { limit: 10 })).toEqual([
        { member: "d", score: 20.5, rank: 1 },
        { member: "c", score: 10, rank: 2 },
        { member: "b", score: 10, rank: 3 },
        { member: "a", score: 10, rank: 4 },
        { member: "e", score: -3, rank: 5 }
      ])
      expect((yield* lb.top(board, { limit: 3, order: "low-first" })).map((e) => [e.member, e.rank])).toEqual([
        ["e", 1],
        ["a", 2],
        ["b", 3]
      ])
      expect((yield* lb.top(board, { limit: 2, offset: 1 })).map((e) => [e.member, e.rank])).toEqual([
        ["c", 2],
        ["b", 3]
      ])
      expect(yield* lb.top(board, { limit: 2, offset: 10 })).toEqual([])
      expect(yield* lb.top(board, { limit: 0 })).toEqual([])
      expect(yield* lb.rank(board, "d")).toEqual(Option.some(1))
      expect(yield* lb.rank(board, "a")).toEqual(Option.some(4))
      expect(yield* lb.rank(board, "a", { order: "low-first" })).toEqual(Option.some(2))
      expect(yield* lb.rank(board, "nobody")).toEqual(Option.none())
      expect(yield* lb.score(board, "d")).toEqual(Option.some(20.5))
      expect(yield* lb.score(board, "nobody")).toEqual(Option.none())
      // add replaces a score.
      yield* lb.add(board, "e", 100)
      expect(yield* lb.rank(board, "e")).toEqual(Option.some(1))
      expect(yield* lb.size(board)).toBe(5)
    }))

  test("incrementScore starts from 0 and is atomic under 50 concurrent increments", () =>
    Effect.gen(function*() {
      const lb = yield* leaderboard
      const board = uniqueKey("lb-incr")
      expect(yield* lb.incrementScore(board, "x", 2.5)).toBe(2.5)
      expect(yield* lb.incrementScore(board, "x", -1)).toBe(1.5)
      yield* Effect.all(Array.from({ length: 50 }, () => lb.incrementScore(board, "y", 1)), { concurrency: "unbounded" })
      expect(yield* lb.score(board, "y")).toEqual(Option.some(50))
    }))

  test("remove, clear and empty boards", () =>
    Effect.gen(function*() {
      const lb = yield* leaderboard
      const board = uniqueKey("lb-rm")
      expect(yield* lb.size(board)).toBe(0)
      expect(yield* lb.top(board, { limit: 5 })).toEqual([])
      yield* lb.add(board, "a", 1)
      yield* lb.add(board, "b", 2)
      expect(yield* lb.remove(board, "a")).toBe(true)
      expect(yield* lb.remove(board, "a")).toBe(false)
      expect(yield* lb.rank(board, "a")).toEqual(Option.none())
      expect(yield* lb.size(board)).toBe(1)
      yield* lb.clear(board)
      expect(yield* lb.size(board)).toBe(0)
      expect(yield* lb.score(board, "b")).toEqual(Option.none())
    }))
}
