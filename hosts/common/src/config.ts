/**
 * Configuration, read once per host with Effect `Config`. Invalid values fail at start with a
 * message naming the variable. Secrets: fatal when missing in production; in development and test
 * they are generated once and kept under DATA_DIR so restarts keep sessions valid.
 */
import { Config, ConfigError, ConfigProvider, Context, Effect, Layer, Option, Redacted } from "effect"
import { randomBytes } from "node:crypto"
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs"
import { join, resolve } from "node:path"

export type AppEnv = "development" | "test" | "production"

export interface AppConfigShape {
  readonly appEnv: AppEnv
  readonly port: number
  readonly host: string
  readonly dataDir: string
  /** Unset: the embedded PGlite default under DATA_DIR. */
  readonly databaseUrl: Option.Option<Redacted.Redacted<string>>
  /** Unset: in-memory twins of every Redis-backed port. */
  readonly redisUrl: Option.Option<Redacted.Redacted<string>>
  /** Prefix for every Redis key this process writes (tests give each run its own). */
  readonly redisPrefix: string
  /** Pool size for the Postgres client. */
  readonly databasePoolSize: number
  /** Run worker and scheduler loops inside the HTTP host (defaults on for the embedded default). */
  readonly allInOne: boolean
  /** Memory routes (/memory/*) served at all; default off in production. */
  readonly memoryRoutes: boolean
  /** How long SIGTERM waits for in-flight requests before closing anyway. */
  readonly shutdownGraceMs: number
  readonly logLevel: string
  readonly secrets: Secrets
}

export interface Secrets {
  /** Signs access tokens (identity). */
  readonly jwtSecret: Redacted.Redacted<string>
  /** Keys HMACs of OTP codes and refresh tokens. */
  readonly hashSecret: Redacted.Redacted<string>
  /** Encrypts sensitive columns at rest (bank details). */
  readonly encryptionKey: Redacted.Redacted<string>
  /** Guards operator-only routes such as /memory/* (header x-ops-token). */
  readonly opsToken: Redacted.Redacted<string>
}

/** The configuration of the running host. */
export class AppConfig extends Context.Tag("@podium/host-common/AppConfig")<AppConfig, AppConfigShape>() {}

const SecretNames = {
  jwtSecret: "JWT_SECRET",
  hashSecret: "HASH_SECRET",
  encryptionKey: "ENCRYPTION_KEY",
  opsToken: "OPS_TOKEN"
} as const satisfies Record<keyof Secrets, string>

const boolish = (name: string, fallback: boolean) => Config.boolean(name).pipe(Config.withDefault(fallback))

/**
 * Reads secrets: from the environment first; otherwise, outside production, from
 * DATA_DIR/secrets.json, generating and saving the missing ones.
 */
const loadSecrets = (appEnv: AppEnv, dataDir: string) =>
  Effect.gen(function*() {
    const fromEnv: Partial<Record<keyof Secrets, string>> = {}
    for (const [key, name] of Object.entries(SecretNames) as Array<[keyof Secrets, string]>) {
      const value = yield* Config.option(Config.nonEmptyString(name))
      if (Option.isSome(value)) fromEnv[key] = value.value
    }
    const missing = (Object.keys(SecretNames) as Array<keyof Secrets>).filter((k) => fromEnv[k] === undefined)
    if (missing.length > 0 && appEnv === "production") {
      return yield* Effect.fail(ConfigError.MissingData(
        [],
        `Missing secrets in production: ${missing.map((k) => SecretNames[k]).join(", ")}`
      ))
    }
    let stored: Partial<Record<keyof Secrets, string>> = {}
    if (missing.length > 0) {
      const file = join(dataDir, "secrets.json")
      stored = yield* Effect.sync(() => {
        const existing = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) as Record<string, string> : {}
        let changed = false
        for (const key of missing) {
          if (typeof existing[key] !== "string") {
            existing[key] = randomBytes(32).toString("base64url")
            changed = true
          }
        }
        if (changed) {
          mkdirSync(dataDir, { recursive: true })
          writeFileSync(file, JSON.stringify(existing, null, 2), { mode: 0o600 })
        }
        return existing
      })
    }
    const pick = (k: keyof Secrets) => Redacted.make(fromEnv[k] ?? stored[k]!)
    return {
      jwtSecret: pick("jwtSecret"),
      hashSecret: pick("hashSecret"),
      encryptionKey: pick("encryptionKey"),
      opsToken: pick("opsToken")
    } satisfies Secrets
  })

/** The whole configuration as one `Config`-backed effect. */
export const loadAppConfig = Effect.gen(function*() {
  const appEnv = yield* Config.literal("development", "test", "production")("APP_ENV").pipe(
    Config.withDefault("development" as const)
  )
  const port = yield* Config.port("PORT").pipe(Config.withDefault(3000))
  const host = yield* Config.string("HOST").pipe(Config.withDefault("0.0.0.0"))
  const dataDir = resolve(yield* Config.string("DATA_DIR").pipe(Config.withDefault(".data")))
  const databaseUrl = yield* Config.option(Config.redacted("DATABASE_URL")).pipe(
    Effect.map(Option.filter((v) => Redacted.value(v).trim().length > 0))
  )
  if (Option.isSome(databaseUrl) && !/^postgres(ql)?:\/\//.test(Redacted.value(databaseUrl.value))) {
    return yield* Effect.fail(ConfigError.InvalidData(["DATABASE_URL"], "Expected a postgres:// or postgresql:// URL"))
  }
  const redisUrl = yield* Config.option(Config.redacted("REDIS_URL")).pipe(
    Effect.map(Option.filter((v) => Redacted.value(v).trim().length > 0))
  )
  if (Option.isSome(redisUrl) && !/^rediss?:\/\//.test(Redacted.value(redisUrl.value))) {
    return yield* Effect.fail(ConfigError.InvalidData(["REDIS_URL"], "Expected a redis:// or rediss:// URL"))
  }
  const redisPrefix = yield* Config.string("REDIS_PREFIX").pipe(Config.withDefault("podium:"))
  const databasePoolSize = yield* Config.integer("DATABASE_POOL_SIZE").pipe(
    Config.validate({ message: "Expected an integer between 1 and 100", validation: (n) => n >= 1 && n <= 100 }),
    Config.withDefault(10)
  )
  const allInOne = yield* boolish("ALL_IN_ONE", Option.isNone(databaseUrl))
  const memoryRoutes = yield* boolish("MEMORY_ROUTES", appEnv !== "production")
  const shutdownGraceMs = yield* Config.integer("SHUTDOWN_GRACE_MS").pipe(
    Config.validate({ message: "Expected an integer between 0 and 30000", validation: (n) => n >= 0 && n <= 30_000 }),
    Config.withDefault(25_000)
  )
  const logLevel = yield* Config.literal("trace", "debug", "info", "warning", "error", "none")("LOG_LEVEL").pipe(
    Config.withDefault("info" as const)
  )
  const secrets = yield* loadSecrets(appEnv, dataDir)
  return {
    appEnv,
    port,
    host,
    dataDir,
    databaseUrl,
    redisUrl,
    redisPrefix,
    databasePoolSize,
    allInOne,
    memoryRoutes,
    shutdownGraceMs,
    logLevel,
    secrets
  } satisfies AppConfigShape
})

/** Formats a configuration failure as one line naming the variable. */
export const describeConfigError = (error: ConfigError.ConfigError): string => String(error).replace(/\s+/g, " ")

/** The AppConfig layer; fails with a ConfigError naming the variable. */
export const AppConfigLive: Layer.Layer<AppConfig, ConfigError.ConfigError> = Layer.effect(AppConfig, loadAppConfig)

/** Reads the configuration from a plain record instead of the process environment (tests, tools). */
export const appConfigFrom = (env: Record<string, string | undefined>) =>
  loadAppConfig.pipe(
    Effect.withConfigProvider(
      ConfigProvider.fromMap(new Map(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)))
    )
  )
