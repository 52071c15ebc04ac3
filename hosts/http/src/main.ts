/**
 * Composition root of the HTTP host: load configuration, build infrastructure, open the port,
 * print the start-up summary; on SIGTERM flip readiness to 503, let in-flight requests finish,
 * then close everything and exit 0.
 */
import { describeInfrastructure, infrastructureLayer, loadAppConfig, runHost } from "@podium/host-common"
import { Effect, Layer } from "effect"
import { awaitIdle, makeLifecycle } from "./lifecycle.js"
import { httpServerLayer } from "./server.js"
import { startupSummary } from "./summary.js"

const lifecycle = makeLifecycle()
let graceMs = 25_000

const program = Effect.gen(function*() {
  const config = yield* loadAppConfig
  graceMs = config.shutdownGraceMs
  const server = httpServerLayer(infrastructureLayer(config), {
    port: config.port,
    host: config.host,
    lifecycle,
    accessLog: process.env.ACCESS_LOG !== "false"
  })
  yield* Layer.launch(
    Layer.merge(server, Layer.effectDiscard(Effect.sync(() => process.stdout.write(startupSummary(config, describeInfrastructure(config))))))
  )
})

runHost("podium-http", program, {
  onSignal: async () => {
    lifecycle.beginDrain()
    await Effect.runPromise(awaitIdle(lifecycle, graceMs))
  }
})
