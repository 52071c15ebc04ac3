/**
 * Runs the admin CLI in-process with `args` against the test database in context (the same
 * services the CLI host builds), capturing what it prints and how it exits.
 */
import { NodeContext } from "@effect/platform-node"
import type * as SqlClient from "@effect/sql/SqlClient"
import { makeCli } from "@podium/cli"
import { JobHandlersLive, JobQueueLive } from "@podium/host-common"
import { AdminRepoPg } from "@podium/postgres"
import { Console, Effect, type Exit, Layer } from "effect"

/** What one CLI run printed and how it ended. */
export interface CliRun {
  readonly exit: Exit.Exit<unknown, unknown>
  readonly out: string
  readonly err: string
}

export const runCli = (...args: Array<string>): Effect.Effect<CliRun, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const database = yield* Effect.context<SqlClient.SqlClient>()
    const services = Layer.merge(JobHandlersLive, AdminRepoPg).pipe(
      Layer.provideMerge(JobQueueLive),
      Layer.provideMerge(Layer.succeedContext(database))
    )
    const out: Array<string> = []
    const err: Array<string> = []
    const current = yield* Console.consoleWith(Effect.succeed)
    const log = (...a: ReadonlyArray<unknown>) => out.push(a.join(" "))
    const error = (...a: ReadonlyArray<unknown>) => err.push(a.join(" "))
    const exit = yield* makeCli(services)(["node", "podium", ...args]).pipe(
      Effect.withConsole({
        ...current,
        log: (...a) => Effect.sync(() => log(...a)),
        error: (...a) => Effect.sync(() => error(...a)),
        unsafe: { ...current.unsafe, log, error }
      }),
      Effect.provide(NodeContext.layer),
      Effect.exit
    )
    return { exit, out: out.join("\n"), err: err.join("\n") }
  })
