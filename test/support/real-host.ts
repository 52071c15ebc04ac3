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
 * On the embedded backend (no server reachable, or PODIUM_TEST_BACKEND=embedded) the same host
 * runs on what `pnpm start` uses without DATABASE_URL/REDIS_URL: PGlite in DATA_DIR — a copy of
 * the run's migrated PGlite template, so start-up does not migrate again — and the in-memory
 * twins of the Redis-backed ports. Tests are the same on both.
 */
import { AppConfig, appConfigFrom, infrastructureLayer, type Infrastructure, type NotificationsInfrastructure } from "@podium/host-common"
import { RecordedDeliveries } from "@podium/core/testing"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { clonePgliteTemplate, databaseTarget, freshDatabaseUrl } from "./database.js"
import { startHttp, type RunningHttp } from "./http.js"
import type { RouterServices } from "@podium/http/server"
import { deleteRedisKeys, resolveTestRedis } from "./redis.js"
import { afterAll, beforeAll } from "vitest"

/**
 * Whether this run uses the real Postgres server. Only a test that needs a server feature (two
 * processes on one database, a TCP proxy in front of it…) may be gated on it, one test at a time.
 */
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
  // On the server: a fresh clone reached through DATABASE_URL. Embedded: DATA_DIR holds a copy of
  // the migrated PGlite template (the host's embedded default opens `<DATA_DIR>/pglite`).
  const database: Record<string, string> = databaseTarget.kind === "postgres"
    ? { DATABASE_URL: await Effect.runPromise(Scope.extend(freshDatabaseUrl, scope)), DATABASE_POOL_SIZE: "4" }
    : { DATA_DIR: await Effect.runPromise(Scope.extend(clonePgliteTemplate, scope)) }
  const redis = await resolveTestRedis(label)
  const config = await Effect.runPromise(appConfigFrom({
    APP_ENV: "test",
    DATA_DIR: mkdtempSync(join(tmpdir(), "podium-host-")),
    OPS_TOKEN: "ops-token-for-tests",
    ...database,
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
 * The real host of a test file, started before its tests and closed
 * after them: `const host = useRealHost(import.meta.url)`, then `host()` inside the tests.
 */
export const useRealHost = (
  label: string,
  env: Record<string, string | undefined> = {},
  options: Parameters<typeof startRealHost>[2] = {}
): (() => RealHost) => {
  let host: RealHost | undefined
  beforeAll(async () => {
    host = await startRealHost(label, env, options)
  }, 60_000)
  afterAll(async () => {
    await host?.close()
  })
  return () => {
    if (host === undefined) throw new Error("the real host is not started (call host() inside the file's tests)")
    return host
  }
}

/**
 * The file's real host as a value: `const host = realHostOf(import.meta.url)` starts it before the
 * file's other `beforeAll` hooks (declare it first) and closes it after its tests; `host.http…`
 * reads the started host, so tests use it as they would a `RealHost` they started themselves.
 */
export const realHostOf = (...args: Parameters<typeof useRealHost>): RealHost => {
  const started = useRealHost(...args)
  return new Proxy({} as RealHost, {
    get: (_, key) => {
      const host = started()
      const value = (host as unknown as Record<PropertyKey, unknown>)[key]
      return typeof value === "function" ? value.bind(host) : value
    }
  })
}
