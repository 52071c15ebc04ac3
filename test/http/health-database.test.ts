/**
 * /health and /health/ready against a real Postgres that goes away: the host keeps answering and
 * reports the database down with 503, while /health/live stays 200.
 */
import { databaseProbe, PgLive } from "@podium/postgres"
import { AppConfig, contextsMemory, HealthProbes } from "@podium/host-common"
import { Effect, Exit, Layer, Redacted, Scope } from "effect"
import { SqlClient } from "@effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { databaseTarget, freshDatabaseUrl } from "../support/database.js"
import { startHttp, type RunningHttp } from "../support/http.js"
import { testConfig } from "../support/infra.js"
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.js"

const onServer = databaseTarget.kind === "postgres"
const scope = Effect.runSync(Scope.make())
let http: RunningHttp
let proxy: TcpProxy

beforeAll(async () => {
  if (!onServer) return
  const url = new URL(await Effect.runPromise(Scope.extend(freshDatabaseUrl, scope)))
  proxy = await startTcpProxy(url.hostname, Number(url.port || 5432))
  url.hostname = "127.0.0.1"
  url.port = String(proxy.port)
  const database = PgLive({ url: Redacted.make(url.toString()), poolSize: 2, retryFor: "2 seconds" })
  const probes = Layer.effect(
    HealthProbes,
    Effect.map(Effect.context<SqlClient.SqlClient>(), (context) => [{ name: "database", check: databaseProbe("1 second").pipe(Effect.provide(context)) }])
  ).pipe(Layer.provide(database))
  const config = await testConfig()
  http = await startHttp(Layer.mergeAll(probes, Layer.succeed(AppConfig, config), contextsMemory(config)))
})
afterAll(async () => {
  await http?.close()
  await Effect.runPromise(Scope.close(scope, Exit.void))
})

// Needs the Postgres server: the database is cut off by a TCP proxy in front of it (the embedded
// PGlite runs inside this process, so there is no connection to cut).
describe.runIf(onServer)("health with a real database", () => {
  it("reports the database up, then 503 with database under error once it stops", async () => {
    const up = await http.get("/health")
    expect(up.status).toBe(200)
    expect(up.body.info.database.status).toBe("up")

    await proxy.cut()

    for (const path of ["/health", "/health/ready"]) {
      const down = await http.get(path)
      expect(down.status).toBe(503)
      expect(down.body.status).toBe("error")
      expect(down.body.error.database.status).toBe("down")
      expect(typeof down.body.error.database.message).toBe("string")
    }
    expect((await http.get("/health/live")).status).toBe(200)
  }, 30_000)
})
