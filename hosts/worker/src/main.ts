/**
 * Worker host: drains the job queue. SIGTERM stops claiming, lets running jobs finish, exits 0.
 * Composition root: configuration → database → job queue → handlers → worker loop.
 */
import { NodeRuntime } from "@effect/platform-node"
import { AppConfig, AppConfigLive, DatabaseInfo, DatabaseLive, JobHandlersLive, JobQueueLive } from "@podium/host-common"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { WorkerLoop } from "./worker-loop.layer.js"

const Summary = Layer.effectDiscard(Effect.gen(function*() {
  const config = yield* AppConfig
  const database = yield* DatabaseInfo
  yield* Effect.logInfo("podium worker started").pipe(
    Effect.annotateLogs({ host: "worker", environment: config.appEnv, database: database.description })
  )
}))

const Main = Layer.mergeAll(WorkerLoop, Summary).pipe(
  Layer.provide(JobHandlersLive),
  Layer.provideMerge(JobQueueLive),
  Layer.provideMerge(DatabaseLive),
  Layer.provideMerge(AppConfigLive)
)

Layer.launch(Main).pipe(
  Effect.provide(Logger.json),
  Logger.withMinimumLogLevel(LogLevel.Info),
  NodeRuntime.runMain({ disablePrettyLogger: true })
)
