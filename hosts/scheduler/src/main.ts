/** Scheduler host: enqueues every named periodic job once per slot (safe with several schedulers running). */
import { AllSchedules, AppConfig, AppConfigLive, DatabaseInfo, DatabaseLive, JobQueueLive, runHost } from "@podium/host-common"
import { Effect, Layer } from "effect"
import { SchedulerLoop } from "./index.js"

const Summary = Layer.effectDiscard(Effect.gen(function*() {
  const config = yield* AppConfig
  const database = yield* DatabaseInfo
  yield* Effect.logInfo("podium scheduler started").pipe(
    Effect.annotateLogs({
      host: "scheduler",
      environment: config.appEnv,
      database: database.description,
      schedules: AllSchedules.map((s) => s.name)
    })
  )
}))

const Main = Layer.mergeAll(SchedulerLoop, Summary).pipe(
  Layer.provideMerge(JobQueueLive),
  Layer.provideMerge(DatabaseLive),
  Layer.provideMerge(AppConfigLive)
)

// SIGTERM interrupts the program: the loop's scope closes (see its layer) and the process exits 0.
runHost("podium-scheduler", Layer.launch(Main))
