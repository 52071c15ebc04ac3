/**
 * The Podium HTTP host as bench/run.ts's flatness variants run it (from sources, access log as
 * ACCESS_LOG says), composed like hosts/http/src/main.ts but with `BENCH_VARIANT`:
 *   all      every area's routes (the production composition)
 *   one      one context only: the platform's and identity's routes (health, accounts, sign-in) on the
 *            services of the first contexts of the host's list they need (platform, identity, notifications, organizers)
 *   padded   every area's routes plus 1000 extra services in the host's context, standing in for the
 *            operations still to come (a per-request cost that grows with the context shows here)
 */
import { HostContexts, infrastructureLayer, loadAppConfig, parseLogLevel, runHost } from "@podium/host-common"
import { Context, Effect, Layer, LogLevel } from "effect"
import { makeLifecycle } from "../src/lifecycle.js"
import { httpServerLayer, IdentityRoutes, PlatformRoutes } from "../src/server.js"

const variant = process.env.BENCH_VARIANT ?? "all"

const OneContextRoutes = Layer.mergeAll(PlatformRoutes, IdentityRoutes)

/** 1000 services nobody reads, added to the host's context. */
const Padding = Layer.succeedContext(
  Array.from({ length: 1000 }, (_, i) => Context.GenericTag<string, number>(`bench/padding/${i}`)).reduce(
    (context, tag, i) => Context.add(context, tag, i),
    Context.empty() as Context.Context<string>
  ) as Context.Context<never>
)

const lifecycle = makeLifecycle()

runHost("podium-bench-variant", Effect.gen(function*() {
  const config = yield* loadAppConfig
  const infra = variant === "padded"
    ? Layer.merge(infrastructureLayer(config), Padding)
    : variant === "one"
    ? infrastructureLayer(config, HostContexts.slice(0, 4))
    : infrastructureLayer(config)
  const server = httpServerLayer(infra, {
    port: config.port,
    host: config.host,
    lifecycle,
    accessLog: process.env.ACCESS_LOG !== "false" && LogLevel.lessThanEqual(parseLogLevel(process.env.LOG_LEVEL), LogLevel.Info),
    ...(variant === "one" ? { routes: OneContextRoutes } : {})
  })
  yield* Layer.launch(server)
}), { onSignal: () => Promise.resolve() })
