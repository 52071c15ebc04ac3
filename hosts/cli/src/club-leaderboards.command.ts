/**
 * `podium clubs leaderboards rebuild <clubId>`: rebuilds every points leaderboard of a club (all-time,
 * each sport, each month and ISO week with entries) in Redis from the Postgres points entries, under
 * the same per-club lock the HTTP host uses. Boards are also rebuilt by themselves when a key is
 * missing; this command repairs boards that exist but drifted (a Redis restore, a manual edit).
 */
import { Args, Command } from "@effect/cli"
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { AppConfigLive, RedisBackend, RedisPortsLive } from "@podium/host-common"
import { ClubPointsRepoPg, ids } from "@podium/postgres"
import { ConfigError, Console, Effect, Layer, Schema } from "effect"

/** The leaderboards command failed in a way the operator can fix; printed as one line. */
export class ClubLeaderboardsCommandFailed extends Schema.TaggedError<ClubLeaderboardsCommandFailed>()("ClubLeaderboardsCommandFailed", {
  message: Schema.String
}) {}

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const rebuild = Command.make("rebuild", { clubId: Args.text({ name: "clubId" }).pipe(Args.withDescription("The club's id")) }, ({ clubId }) =>
  Effect.gen(function*() {
    if (!Uuid.test(clubId)) return yield* new ClubLeaderboardsCommandFailed({ message: "clubId must be a UUID" })
    const database = yield* Effect.context<SqlClient.SqlClient>()
    const sql = yield* SqlClient.SqlClient
    const found = yield* ids.all(sql`select id from clubs.clubs where id = ${clubId}`)
    if (found.length === 0) return yield* new ClubLeaderboardsCommandFailed({ message: `unknown club ${clubId}` })
    const program = Effect.gen(function*() {
      const backend = yield* RedisBackend
      if (backend.kind === "memory") {
        return yield* new ClubLeaderboardsCommandFailed({ message: "REDIS_URL is not set: there are no Redis leaderboards to rebuild" })
      }
      const result = yield* Clubs.rebuildLeaderboards(clubId).pipe(
        Effect.catchTag("LockNotAcquired", () => new ClubLeaderboardsCommandFailed({ message: "the club's leaderboards are being written; try again" }))
      )
      yield* Console.log(`rebuilt ${result.boards} board(s) of club ${clubId} (${result.standings} standing(s)) on ${backend.description}`)
    })
    yield* program.pipe(
      Effect.provide(ClubPointsRepoPg.pipe(Layer.provide(Layer.succeedContext(database)))),
      Effect.provide(RedisPortsLive.pipe(Layer.provide(AppConfigLive))),
      Effect.catchTag("RedisUnavailable", (e) => new ClubLeaderboardsCommandFailed({ message: `Redis is unavailable: ${e.message}` })),
      Effect.catchIf(ConfigError.isConfigError, (e) => new ClubLeaderboardsCommandFailed({ message: `configuration: ${String(e)}` }))
    )
  })).pipe(Command.withDescription("Rebuild a club's points leaderboards in Redis from Postgres."))

/** `clubs leaderboards …`; needs the database in context. */
export const leaderboardsCommand = Command.make("leaderboards").pipe(
  Command.withDescription("Club points leaderboards (Redis sorted sets)."),
  Command.withSubcommands([rebuild])
)
