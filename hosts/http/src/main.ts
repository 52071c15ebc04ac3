/**
 * Composition root of the HTTP host: load configuration, build infrastructure (database ready and
 * migrated on the embedded default before the port opens), open the port, print the start-up
 * summary. All-in-one mode (default on the embedded default) also runs the worker and scheduler
 * loops here. On SIGTERM readiness flips to 503, in-flight requests finish, everything closes, exit 0.
 */
import { AllSchedules, describeInfrastructure, infrastructureLayer, loadAppConfig, parseLogLevel, runHost } from "@podium/host-common"
import { makeSchedulerLoop } from "@podium/scheduler"
import { WorkerLoop } from "@podium/worker"
import { Effect, Layer, LogLevel } from "effect"
import { awaitIdle, makeLifecycle } from "./lifecycle.js"
import { httpServerLayer } from "./server.js"
import { startupSummary } from "./summary.js"

const lifecycle = makeLifecycle()
let graceMs = 25_000

const program = Effect.gen(function*() {
  const config = yield* loadAppConfig
  graceMs = config.shutdownGraceMs
  // One layer value, so the server and the background loops share one build of it.
  const infra = infrastructureLayer(config)
  const background = config.allInOne ? Layer.mergeAll(WorkerLoop, makeSchedulerLoop(AllSchedules)) : Layer.empty
  const server = httpServerLayer(infra, {
    port: config.port,
    host: config.host,
    lifecycle,
    // The line is written at level info, so LOG_LEVEL above info silences it as it always did.
    accessLog: process.env.ACCESS_LOG !== "false" && LogLevel.lessThanEqual(parseLogLevel(process.env.LOG_LEVEL), LogLevel.Info)
  })
  // The summary says "listening", so it is written once the port is open, not beside the server's build.
  const listening = server.pipe(Layer.tap(() => Effect.sync(() => process.stdout.write(startupSummary(config, describeInfrastructure(config))))))
  yield* Layer.launch(Layer.mergeAll(listening, background).pipe(Layer.provide(infra)))
})

runHost("podium-http", program, {
  onSignal: async () => {
    // Synchronous, before the first await: readiness answers 503 from the signal on.
    lifecycle.beginDrain()
    await Effect.runPromise(awaitIdle(lifecycle, graceMs))
  }
})
