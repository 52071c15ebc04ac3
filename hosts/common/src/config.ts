/**
 * Configuration, read once per host with Effect `Config`: the base here, each context's section in
 * `config/<context>.config.ts`. Invalid values fail at start with a message naming the variable.
 * Secrets: fatal when missing in production; in development and test they are generated once and
 * kept under DATA_DIR so restarts keep sessions valid.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { PgClient } from "@effect/sql-pg"
import { Config, ConfigError, ConfigProvider, Context, Effect, Layer, Option, Redacted, Schema } from "effect"
import { randomBytes } from "node:crypto"
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { Identity } from "@podium/core"
import { PhoneNumber } from "@podium/kernel"
import { type ComplianceConfig, loadComplianceConfig } from "./config/compliance.config.js"
import { type IdentityProvidersConfig, loadIdentityProvidersConfig, loadWebAuthnSettings, type WebAuthnSettings } from "./config/identity.config.js"
import { type BlobStoreSettings, loadBlobStoreSettings } from "./config/media.config.js"
import { loadNotificationProviderSettings, type NotificationProviderSettings } from "./config/notifications.config.js"
import { loadObservabilitySettings, type ObservabilitySettings } from "./config/observability.config.js"
import { loadPaymentsSettings, type PaymentsSettings } from "./config/payments.config.js"
import { loadSearchSettings, type SearchSettings } from "./config/search.config.js"
import { loadShippingSettings, loadShippingWebhookToken, type ShippingSettings } from "./config/shipping.config.js"
import { type IntegrationsSettings, loadIntegrationsSettings } from "./integrations.js"
import { type HttpFrontDoorSettings, loadHttpFrontDoorSettings } from "./config/http.config.js"

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
  /**
   * AUTH_TEST_OTPS (`identifier=code,…`, phone numbers in E.164 or e-mail addresses): those
   * identifiers get that fixed code and nothing is sent. Refused in production.
   */
  readonly authTestOtps: ReadonlyMap<string, string>
  /** AUTH_OTP_TTL_SECONDS: replaces every one-time code's lifetime (tests of expiry). Refused in production. */
  readonly authOtpTtlSeconds: Option.Option<number>
  /** AUTH_OTP_CAP_SCALE: multiplies every one-time-code send cap (per address, per client address) for load tests. Refused in production. */
  readonly authOtpCapScale?: number
  /** ADMIN_BOOTSTRAP_TOKEN: enables POST /v2/admins/bootstrap with header x-bootstrap-token; unset = disabled. */
  readonly adminBootstrapToken: Option.Option<Redacted.Redacted<string>>
  /** Notification providers (EMAIL_/SMS_/PUSH_/CHAT_PROVIDER_*); absent or unset: local senders (production: not configured). */
  readonly notificationProviders?: NotificationProviderSettings
  /** BLOB_STORE (`local` default, or `s3` with the S3_* variables): where uploaded files live. */
  readonly blobStore?: BlobStoreSettings
  /** Identity providers A and B and the e-mail verification link (IDENTITY_PROVIDER_*, EMAIL_VERIFICATION_URL); absent: none configured. */
  readonly identityProviders?: IdentityProvidersConfig
  /** The WebAuthn relying party of passkeys (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN, WEBAUTHN_RP_NAME); absent: localhost defaults. */
  readonly webauthn?: WebAuthnSettings
  /** Data rights: ERASURE_COOL_OFF_DAYS, ACCOUNT_MERGE_EXECUTE_ENABLED, PUBLIC_API_URL, CONSENT_MANAGER_*; absent: defaults. */
  readonly compliance?: ComplianceConfig
  /** OTLP export, SLO objectives and paging (observability-config.ts). */
  readonly observability?: ObservabilitySettings
  /** SEARCH_ENGINE (postgres default, or typesense with TYPESENSE_URL and TYPESENSE_API_KEY; search-config.ts). */
  readonly search?: SearchSettings
  /** SHIPPING_PROVIDER (shiprocket, local, none) and SHIPPING_PROVIDER_* (shipping-config.ts). */
  readonly shipping?: ShippingSettings
  /** SHIPPING_PROVIDER_WEBHOOK_TOKEN: the shipping provider webhook's `x-api-key`; absent: the webhook answers 503. */
  readonly shippingWebhookToken?: Option.Option<Redacted.Redacted<string>>
  /** Payment gateway and bank verifier (PAYMENT_GATEWAY, RAZORPAY_*, BANK_VERIFIER, BANK_VERIFIER_*; see the payments section below). */
  readonly payments?: PaymentsSettings
  /** Feed/chat provider and geocoder (FEED_CHAT_PROVIDER, STREAM_*, GEOCODER, GEOCODER_*; integrations.ts). */
  readonly integrations?: IntegrationsSettings
  /** Request limits, slow-client timeouts and CORS origins of the HTTP host (http-front-door-config.ts); absent: defaults. */
  readonly http?: HttpFrontDoorSettings
}

export interface Secrets {
  /** Signs access tokens (identity). */
  readonly jwtSecret: Redacted.Redacted<string>
  /** Keys HMACs of OTP codes and refresh tokens. */
  readonly hashSecret: Redacted.Redacted<string>
  /** Encrypts sensitive columns at rest (TOTP secrets, bank details). */
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
 * Development secrets kept in the shared database, so every development host on one DATABASE_URL
 * signs and accepts the same tokens: the first host generates each missing one, the others read
 * it (`ON CONFLICT DO NOTHING`, then read back whichever value won).
 */
const DevSecretRows = Schema.Array(Schema.Struct({ name: Schema.String, value: Schema.String }))

const sharedDevelopmentSecrets = (databaseUrl: Redacted.Redacted<string>, names: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`CREATE TABLE IF NOT EXISTS podium_dev_secrets (name text PRIMARY KEY, value text NOT NULL)`.pipe(
      // Two hosts creating the table at the same moment: the loser's create fails once.
      Effect.retry({ times: 1 })
    )
    for (const name of names) {
      yield* sql`INSERT INTO podium_dev_secrets (name, value) VALUES (${name}, ${randomBytes(32).toString("base64url")}) ON CONFLICT (name) DO NOTHING`
    }
    const rows = yield* sql`SELECT name, value FROM podium_dev_secrets`.pipe(Effect.flatMap(Schema.decodeUnknown(DevSecretRows)))
    return Object.fromEntries(rows.map((r) => [r.name, r.value])) as Partial<Record<keyof Secrets, string>>
  }).pipe(
    Effect.provide(PgClient.layer({ url: databaseUrl, maxConnections: 1 })),
    Effect.mapError((e) =>
      ConfigError.InvalidData(
        ["DATABASE_URL"],
        `Could not keep the development secrets in the database (${e.message}); set ${Object.values(SecretNames).join(", ")} instead`
      )
    )
  )

/**
 * Reads secrets: from the environment first; otherwise, outside production, generates the missing
 * ones once and keeps them — in the database when a development host has DATABASE_URL (hosts
 * sharing a database must accept each other's tokens), else in DATA_DIR/secrets.json.
 */
const loadSecrets = (appEnv: AppEnv, dataDir: string, databaseUrl: Option.Option<Redacted.Redacted<string>> = Option.none()) =>
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
    if (missing.length > 0 && appEnv === "development" && Option.isSome(databaseUrl)) {
      stored = yield* sharedDevelopmentSecrets(databaseUrl.value, missing)
    } else if (missing.length > 0) {
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
  const secrets = yield* loadSecrets(appEnv, dataDir, databaseUrl)
  const testOtpsText = yield* Config.string("AUTH_TEST_OTPS").pipe(Config.withDefault(""))
  if (testOtpsText.trim() !== "" && appEnv === "production") {
    return yield* Effect.fail(ConfigError.InvalidData(["AUTH_TEST_OTPS"], "Fixed test codes are refused when APP_ENV is production"))
  }
  const authTestOtps = yield* parseTestOtpsConfig(testOtpsText)
  const authOtpTtlSeconds = yield* Config.option(Config.integer("AUTH_OTP_TTL_SECONDS").pipe(
    Config.validate({ message: "Expected an integer between 1 and 3600", validation: (n) => n >= 1 && n <= 3600 })
  ))
  if (Option.isSome(authOtpTtlSeconds) && appEnv === "production") {
    return yield* Effect.fail(ConfigError.InvalidData(["AUTH_OTP_TTL_SECONDS"], "The one-time-code lifetime override is refused when APP_ENV is production"))
  }
  const authOtpCapScale = yield* Config.integer("AUTH_OTP_CAP_SCALE").pipe(
    Config.validate({ message: "Expected an integer between 1 and 1000000", validation: (n) => n >= 1 && n <= 1_000_000 }),
    Config.withDefault(1)
  )
  if (authOtpCapScale !== 1 && appEnv === "production") {
    return yield* Effect.fail(ConfigError.InvalidData(["AUTH_OTP_CAP_SCALE"], "Raising the one-time-code caps is refused when APP_ENV is production"))
  }
  const adminBootstrapToken = yield* Config.option(Config.redacted("ADMIN_BOOTSTRAP_TOKEN")).pipe(
    Effect.map(Option.filter((v) => Redacted.value(v).trim().length > 0))
  )
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
    secrets,
    authTestOtps,
    authOtpTtlSeconds,
    authOtpCapScale,
    adminBootstrapToken,
    notificationProviders: yield* loadNotificationProviderSettings,
    blobStore: yield* loadBlobStoreSettings,
    identityProviders: yield* loadIdentityProvidersConfig(port),
    webauthn: yield* loadWebAuthnSettings(port),
    compliance: yield* loadComplianceConfig(port),
    observability: yield* loadObservabilitySettings,
    search: yield* loadSearchSettings,
    shipping: yield* loadShippingSettings(appEnv),
    shippingWebhookToken: yield* loadShippingWebhookToken,
    payments: yield* loadPaymentsSettings(appEnv),
    integrations: yield* loadIntegrationsSettings(appEnv),
    http: yield* loadHttpFrontDoorSettings(appEnv)
  } satisfies AppConfigShape
})

/** AUTH_TEST_OTPS → identifier (E.164 phone or lower-case e-mail) → code; fails naming the variable. */
const parseTestOtpsConfig = (text: string) => {
  const parsed = Identity.parseTestOtps(text)
  if (typeof parsed === "string") return Effect.fail(ConfigError.InvalidData(["AUTH_TEST_OTPS"], parsed))
  const codes = new Map<string, string>()
  for (const [identifier, code] of parsed) {
    if (identifier.includes("@")) {
      codes.set(identifier, code)
      continue
    }
    const phone = Schema.decodeUnknownOption(PhoneNumber)(identifier)
    if (Option.isNone(phone)) {
      return Effect.fail(ConfigError.InvalidData(["AUTH_TEST_OTPS"], `"${identifier}" is neither a valid phone number nor an e-mail address`))
    }
    codes.set(phone.value, code)
  }
  return Effect.succeed(codes as ReadonlyMap<string, string>)
}

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

export * from "./config/compliance.config.js"
export * from "./config/identity.config.js"
export * from "./config/media.config.js"
export * from "./config/notifications.config.js"
export * from "./config/payments.config.js"
