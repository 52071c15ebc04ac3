/**
 * `podium audit verify [--window N]`: re-computes the audit log's hash chain over the newest N rows
 * (default 10000, at most 100000) and reports the first broken link; exits non-zero when broken.
 */
import { Command, Options } from "@effect/cli"
import type * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import { AuditLogPg } from "@podium/postgres"
import { Console, Effect, Option, Schema } from "effect"

/** The chain is broken (the command's failure; its message is the one line printed). */
export class AuditChainBroken extends Schema.TaggedError<AuditChainBroken>()("AuditChainBroken", { message: Schema.String }) {}

const window = Options.integer("window").pipe(
  Options.withDescription("How many of the newest rows to verify (1 to 100000)."),
  Options.withDefault(10_000)
)

const verify = Command.make("verify", { window }, ({ window }) =>
  Effect.gen(function*() {
    if (window < 1 || window > 100_000) return yield* new AuditChainBroken({ message: "--window must be between 1 and 100000" })
    yield* Console.error(`verifying the newest ${window} audit row(s)…`)
    const health = yield* Effect.flatMap(Platform.AuditLog, (log) => log.verify(window)).pipe(Effect.provide(AuditLogPg))
    if (health.intact) {
      yield* Console.log(`audit chain intact: ${health.checked} row(s) checked`)
      return
    }
    const seq = Option.getOrElse(health.firstBrokenSeq, () => -1)
    yield* Console.log(`audit chain BROKEN at seq ${seq} (${health.checked} row(s) checked)`)
    return yield* new AuditChainBroken({ message: `the audit chain is broken at seq ${seq}` })
  })).pipe(Command.withDescription("Verify the audit log's hash chain over the newest rows; fails when a link is broken."))

/** `audit …` commands; they need the database in context. */
export const auditCommand: Command.Command<"audit", SqlClient.SqlClient, AuditChainBroken, { readonly subcommand: Option.Option<{ readonly window: number }> }> =
  Command.make("audit").pipe(
    Command.withDescription("The hash-chained audit log."),
    Command.withSubcommands([verify])
  )
