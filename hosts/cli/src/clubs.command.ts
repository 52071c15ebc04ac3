/**
 * `podium clubs settlements run --from <ISO> --to <ISO> [--club <id>] [--hold-days N]`: runs the
 * club settlement run for a period in this process (the same use case as the daily
 * `clubs.settlements.run` job) and prints what it created. Re-running a period is harmless: each
 * ledger entry is settled at most once and a (club, period) settlement exists at most once.
 */
import { Command, Options } from "@effect/cli"
import * as SqlClient from "@effect/sql/SqlClient"
import { Clubs } from "@podium/core"
import { settlementRunLayer } from "@podium/host-common"
import { tiersCommand } from "./club-tiers.command.js"
import { leaderboardsCommand } from "./club-leaderboards.command.js"
import { Console, Effect, Layer, Option, Schema } from "effect"

/** A clubs command failed in a way the operator can fix; printed as one line. */
export class ClubsCommandFailed extends Schema.TaggedError<ClubsCommandFailed>()("ClubsCommandFailed", { message: Schema.String }) {}

const date = (name: string, text: string) => {
  const d = new Date(text)
  return Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(text)
    ? Effect.fail(new ClubsCommandFailed({ message: `--${name} must be an ISO date or date-time, e.g. 2026-11-01 or 2026-11-01T00:00:00Z` }))
    : Effect.succeed(d)
}

const run = Command.make("run", {
  from: Options.text("from").pipe(Options.withDescription("Period start (inclusive), ISO date or date-time")),
  to: Options.text("to").pipe(Options.withDescription("Period end (exclusive), ISO date or date-time; not in the future")),
  club: Options.text("club").pipe(Options.optional, Options.withDescription("Only this club id")),
  holdDays: Options.integer("hold-days").pipe(Options.optional, Options.withDescription("Days after the period end before payouts may be requested (default CLUB_SETTLEMENT_HOLD_DAYS)"))
}, ({ club, from, holdDays, to }) =>
  Effect.gen(function*() {
    const start = yield* date("from", from)
    const end = yield* date("to", to)
    if (Option.isSome(holdDays) && (holdDays.value < 0 || holdDays.value > 90)) return yield* new ClubsCommandFailed({ message: "--hold-days must be between 0 and 90" })
    const database = yield* Effect.context<SqlClient.SqlClient>()
    const result = yield* Clubs.runSettlements({
      from: start,
      to: end,
      ...(Option.isSome(club) ? { clubId: club.value } : {}),
      ...(Option.isSome(holdDays) ? { holdDays: holdDays.value } : {}),
      actor: { kind: "cli", id: null }
    }).pipe(
      Effect.catchTags({
        ClubNotFound: (e) => new ClubsCommandFailed({ message: `unknown club ${e.ref}` }),
        SettlementPeriodInvalid: (e) => new ClubsCommandFailed({ message: e.message })
      }),
      Effect.provide(settlementRunLayer(Layer.succeedContext(database)))
    )
    yield* Console.log(`settled ${start.toISOString()}..${end.toISOString()}: ${result.clubsScanned} club(s) scanned, ${result.created.length} settlement(s) created, ${result.released} released`)
    for (const s of result.created) yield* Console.log(`  ${s.id}  club ${s.clubId}  ${s.amount} paise ${s.currency}  ${s.status}`)
    for (const s of result.skipped) yield* Console.log(`  skipped club ${s.clubId}: ${s.reason}`)
  })).pipe(Command.withDescription("Settle club revenue of [--from, --to) into settlements (idempotent per ledger entry and period)."))

const settlements = Command.make("settlements").pipe(
  Command.withDescription("Club settlements."),
  Command.withSubcommands([run])
)

/** `clubs …` commands; they need the database in context. */
export const clubsCommand = Command.make("clubs").pipe(
  Command.withDescription("Clubs operations: settlements, tiers."),
  Command.withSubcommands([settlements, tiersCommand, leaderboardsCommand])
)
