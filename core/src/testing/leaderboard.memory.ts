import { Effect, Layer, Option } from "effect"
import { Leaderboard, type LeaderboardEntry, type LeaderboardOrder } from "../platform/leaderboard.port.js"

/** Redis's order: score ascending, then member ascending; "high-first" is its exact reverse. */
const ascending = (a: readonly [string, number], b: readonly [string, number]) =>
  a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)

/** A Leaderboard in process memory ordered exactly as the Redis adapter orders. */
export const makeLeaderboardMemory = (): Leaderboard["Type"] => {
  const boards = new Map<string, Map<string, number>>()
  const board = (name: string) => {
    let members = boards.get(name)
    if (members === undefined) boards.set(name, members = new Map())
    return members
  }
  const sorted = (name: string, order: LeaderboardOrder | undefined) => {
    const list = [...(boards.get(name) ?? new Map<string, number>())].sort(ascending)
    return order === "low-first" ? list : list.reverse()
  }
  const checkScore = (n: number) => {
    if (Number.isNaN(n)) throw new RangeError("Leaderboard score must be a number")
    return n
  }
  return Leaderboard.of({
    add: (name, member, score) => Effect.sync(() => void board(name).set(member, checkScore(score))),
    incrementScore: (name, member, by) =>
      Effect.sync(() => {
        const members = board(name)
        const next = checkScore((members.get(member) ?? 0) + by)
        members.set(member, next)
        return next
      }),
    score: (name, member) => Effect.sync(() => Option.fromNullable(boards.get(name)?.get(member))),
    rank: (name, member, options) =>
      Effect.sync(() => {
        if (!boards.get(name)?.has(member)) return Option.none()
        return Option.some(sorted(name, options?.order).findIndex(([m]) => m === member) + 1)
      }),
    top: (name, options) =>
      Effect.sync(() => {
        const offset = Math.max(0, options.offset ?? 0)
        if (options.limit <= 0) return []
        return sorted(name, options.order)
          .slice(offset, offset + options.limit)
          .map(([member, score], i): LeaderboardEntry => ({ member, score, rank: offset + i + 1 }))
      }),
    remove: (name, member) =>
      Effect.sync(() => {
        const members = boards.get(name)
        const removed = members?.delete(member) ?? false
        if (members?.size === 0) boards.delete(name)
        return removed
      }),
    size: (name) => Effect.sync(() => boards.get(name)?.size ?? 0),
    clear: (name) => Effect.sync(() => void boards.delete(name))
  })
}

/** In-memory Leaderboard; each build has its own state. */
export const LeaderboardMemory: Layer.Layer<Leaderboard> = Layer.sync(Leaderboard, makeLeaderboardMemory)
