/**
 * Worker host: drains the job queue and delivers the notification outbox. SIGTERM stops claiming, lets running jobs finish, exits 0.
 * Composition root: configuration → database → job queue → handlers → worker loop.
 */
import {
  AppConfig,
  AppConfigLive,
  DatabaseInfo,
  DatabaseLive,
  JobHandlersLive,
  JobQueueLive,
  NotificationsLive,
  runHost
} from "@podium/host-common"
import { Effect, Layer } from "effect"
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
  // The notification repositories and the configured channel senders, for the outbox loop.
  Layer.provide(NotificationsLive),
  Layer.provideMerge(JobQueueLive),
  Layer.provideMerge(DatabaseLive),
  Layer.provideMerge(AppConfigLive)
)

// SIGTERM interrupts the program: the loop's scope closes (see its layer) and the process exits 0.
runHost("podium-worker", Layer.launch(Main))
