import { Platform } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { RedisClient, redisCall } from "./redis-client.js"

const k = (board: string) => `lb:${board}`

const finite = (n: number) =>
  Number.isFinite(n) ? Effect.succeed(n) : Effect.die(new RangeError(`Leaderboard score must be finite, got ${n}`))

/** Leaderboard on Redis sorted sets (key `lb:<board>` under the client prefix). */
export const makeLeaderboardRedis = Effect.gen(function*() {
  const { client } = yield* RedisClient
  return Platform.Leaderboard.of({
    add: (board, member, score) =>
      finite(score).pipe(Effect.flatMap(() => redisCall(() => client.zadd(k(board), score, member))), Effect.asVoid),
    incrementScore: (board, member, by) =>
      finite(by).pipe(
        Effect.flatMap(() => redisCall(() => client.zincrby(k(board), by, member))),
        Effect.map(Number)
      ),
    score: (board, member) =>
      redisCall(() => client.zscore(k(board), member)).pipe(Effect.map((s) => Option.map(Option.fromNullable(s), Number))),
    rank: (board, member, options) =>
      redisCall(() =>
        options?.order === "low-first" ? client.zrank(k(board), member) : client.zrevrank(k(board), member)
      ).pipe(Effect.map((r) => Option.map(Option.fromNullable(r), (n) => n + 1))),
    top: (board, options) =>
      Effect.suspend(() => {
        const offset = Math.max(0, options.offset ?? 0)
        if (options.limit <= 0) return Effect.succeed([])
        const stop = offset + options.limit - 1
        return redisCall(() =>
          options.order === "low-first"
            ? client.zrange(k(board), offset, stop, "WITHSCORES")
            : client.zrevrange(k(board), offset, stop, "WITHSCORES")
        ).pipe(Effect.map((flat) => {
          const entries: Array<Platform.LeaderboardEntry> = []
          for (let i = 0; i + 1 < flat.length; i += 2) {
            entries.push({ member: flat[i]!, score: Number(flat[i + 1]), rank: offset + i / 2 + 1 })
          }
          return entries
        }))
      }),
    remove: (board, member) => redisCall(() => client.zrem(k(board), member)).pipe(Effect.map((n) => n > 0)),
    size: (board) => redisCall(() => client.zcard(k(board))),
    clear: (board) => redisCall(() => client.del(k(board))).pipe(Effect.asVoid)
  })
})

/** Leaderboard backed by Redis. */
export const LeaderboardRedis: Layer.Layer<Platform.Leaderboard, never, RedisClient> = Layer.effect(
  Platform.Leaderboard,
  makeLeaderboardRedis
)
