/**
 * "The real host on this file's database and Redis": the HTTP host started in-process with the
 * REAL infrastructure (`infrastructureLayer(config)`, exactly what `main.ts` builds) pointed at a
 * fresh migrated Postgres clone of this run (`freshDatabaseUrl`) and a fresh Redis key prefix of
 * this run (deleted afterwards). The built infrastructure is kept, so a test can reach its services:
 * `host.deliveries` reads what the local SMS/e-mail recorders got (OTP codes), `host.run(effect)`
 * runs an effect against the same database, Redis and ports (seed rows, inspect tables).
 *
 *   const host = await startRealHost(import.meta.url, { AUTH_TEST_OTPS: "+919800000001=123456" })
 *   afterAll(() => host.close())
 *   await host.http.request("POST", "/v2/auth/send-otp", { phoneNumber: "+919800000001" })
 *
 * Needs the test Postgres server (`onServer`); Redis falls back to the memory twins outside CI.
 */
import { AppConfig, appConfigFrom, infrastructureLayer, type Infrastructure, type NotificationsInfrastructure } from "@podium/host-common"
import { RecordedDeliveries } from "@podium/core/testing"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { databaseTarget, freshDatabaseUrl } from "./database.js"
import { startHttp, type RunningHttp } from "./http.js"
import type { RouterServices } from "@podium/http/server"
import { deleteRedisKeys, resolveTestRedis } from "./redis.js"
import { afterAll, beforeAll } from "vitest"

/** Whether the real host can run here (it needs the test Postgres server). */
export const onServer = databaseTarget.kind === "postgres"

export interface RealHost {
  readonly http: RunningHttp
  readonly config: AppConfig["Type"]
  /** The built infrastructure (database, Redis ports, identity ports, senders…). */
  readonly context: Context.Context<Infrastructure>
  /** Runs an effect against the host's infrastructure. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, Infrastructure | NotificationsInfrastructure>) => Promise<A>
  /** The local SMS/e-mail recorder of this host. */
  readonly deliveries: RecordedDeliveries["Type"]
  /** The last code sent to `recipient` (phone or e-mail), read from the recorded message. */
  readonly lastCode: (recipient: string) => string | undefined
  readonly close: () => Promise<void>
}

/**
 * Starts the real host for a test file. `label` names the Redis prefix (pass `import.meta.url`);
 * `env` adds configuration (APP_ENV=test, a fresh DATA_DIR and the database/Redis URLs are set).
 */
export const startRealHost = async (
  label: string,
  env: Record<string, string | undefined> = {},
  options: {
    /** Test-only routes served behind the same pipeline, built with the host's infrastructure (e.g. guard probes). */
    readonly extraRoutes?: (context: Context.Context<Infrastructure>) => Layer.Layer<never, never, RouterServices>
  } = {}
): Promise<RealHost> => {
  const scope = Effect.runSync(Scope.make())
  const databaseUrl = await Effect.runPromise(Scope.extend(freshDatabaseUrl, scope))
  const redis = await resolveTestRedis(label)
  const config = await Effect.runPromise(appConfigFrom({
    APP_ENV: "test",
    DATA_DIR: mkdtempSync(join(tmpdir(), "podium-host-")),
    OPS_TOKEN: "ops-token-for-tests",
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: "4",
    ...(redis.kind === "redis" ? { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix } : {}),
    ...env
  }))
  const context = await Effect.runPromise(Layer.buildWithScope(infrastructureLayer(config), scope))
  const http = await startHttp(
    Layer.succeedContext(context),
    options.extraRoutes === undefined ? {} : { extraRoutes: options.extraRoutes(context) }
  )
  const deliveries = Context.get(context, RecordedDeliveries)
  const lastCode = (recipient: string) => {
    const sent = deliveries.to(recipient).at(-1)?.message as { body?: string; text?: string } | undefined
    return /\b(\d{4,8})\b/.exec(sent?.body ?? sent?.text ?? "")?.[1]
  }
  return {
    http,
    config,
    context,
    run: (effect) => Effect.runPromise(Effect.provide(effect, context)),
    deliveries,
    lastCode,
    close: async () => {
      await http.close()
      await Effect.runPromise(Scope.close(scope, Exit.void))
      if (redis.kind === "redis") await deleteRedisKeys(redis.prefix, redis.url)
    }
  }
}

/**
 * The real host of a test file, started before its tests (on the test server only) and closed
 * after them: `const host = useRealHost(import.meta.url)`, then `host()` inside the tests.
 */
export const useRealHost = (
  label: string,
  env: Record<string, string | undefined> = {},
  options: Parameters<typeof startRealHost>[2] = {}
): (() => RealHost) => {
  let host: RealHost | undefined
  beforeAll(async () => {
    if (onServer) host = await startRealHost(label, env, options)
  }, 60_000)
  afterAll(async () => {
    await host?.close()
  })
  return () => {
    if (host === undefined) throw new Error("the real host is not started (it runs only on the test server, inside the file's tests)")
    return host
  }
}
