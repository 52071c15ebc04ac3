/** Admin CLI host: `podium --help`. Never auto-migrates; `podium migrate` does. */
import { NodeContext, NodeRuntime } from "@effect/platform-node"
import { AppConfigLive, JobHandlersLive, JobQueueLive, makeDatabaseLive } from "@podium/host-common"
import { ValidationError } from "@effect/cli"
import { Cause, Console, Effect, Layer, Logger, LogLevel, Option } from "effect"
import { AdminRepoPg } from "@podium/postgres"
import { makeCli } from "./cli.js"

const Services = Layer.merge(JobHandlersLive, AdminRepoPg).pipe(
  Layer.provideMerge(JobQueueLive),
  Layer.provideMerge(makeDatabaseLive({ autoMigrate: false })),
  Layer.provide(AppConfigLive)
)

makeCli(Services)(process.argv).pipe(
  // One clear line per failure; @effect/cli already printed argument errors with the usage.
  Effect.tapErrorCause((cause) => {
    const failure = Cause.failureOption(cause)
    if (Option.isSome(failure) && ValidationError.isValidationError(failure.value)) return Effect.void
    return Console.error(
      Option.match(failure, {
        onNone: () => Cause.pretty(cause),
        onSome: (e) => `error: ${typeof e === "object" && e !== null && "message" in e ? String(e.message) : String(e)}`
      })
    )
  }),
  Effect.provide(NodeContext.layer),
  Effect.provide(Logger.json),
  Logger.withMinimumLogLevel(LogLevel.Warning),
  NodeRuntime.runMain({ disableErrorReporting: true, disablePrettyLogger: true })
)
