/**
 * Configuration, read once per host with Effect `Config`. Invalid values fail at start with a
 * message naming the variable. Secrets: fatal when missing in production; in development and test
 * they are generated once and kept under DATA_DIR so restarts keep sessions valid.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { PgClient } from "@effect/sql-pg"
import { Config, ConfigError, ConfigProvider, Context, Effect, Layer, Option, Redacted, Schema } from "effect"
import { createPrivateKey, randomBytes } from "node:crypto"
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { Identity } from "@podium/core"
import { PhoneNumber } from "@podium/kernel"
import { loadObservabilitySettings, type ObservabilitySettings } from "./observability-config.js"
import { loadSearchSettings, type SearchSettings } from "./search-config.js"
import { loadShippingSettings, type ShippingSettings } from "./shipping-config.js"
import { type IntegrationsSettings, loadIntegrationsSettings } from "./integrations.js"
import { type HttpFrontDoorSettings, loadHttpFrontDoorSettings } from "./http-front-door-config.js"

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

// ---------------------------------------------------------------------------------------------
// Notification providers. Each channel is configured when its URL and credentials are
// all set; a partial configuration fails at start naming the missing variable.

/** One HTTP provider per channel; None when its variables are unset. */
export interface NotificationProviderSettings {
  /** SendGrid v3 style: EMAIL_PROVIDER_URL, EMAIL_PROVIDER_KEY, EMAIL_FROM. */
  readonly email: Option.Option<{ readonly url: string; readonly apiKey: Redacted.Redacted<string>; readonly from: string }>
  /** Twilio style: SMS_PROVIDER_URL, SMS_PROVIDER_ACCOUNT, SMS_PROVIDER_TOKEN, SMS_FROM. */
  readonly sms: Option.Option<{
    readonly url: string
    readonly account: string
    readonly token: Redacted.Redacted<string>
    readonly from: string
  }>
  /** FCM HTTP v1 style: PUSH_PROVIDER_URL, PUSH_PROVIDER_KEY, PUSH_PROJECT_ID. */
  readonly push: Option.Option<{ readonly url: string; readonly key: Redacted.Redacted<string>; readonly projectId: string }>
  /** WhatsApp Cloud style: CHAT_PROVIDER_URL, CHAT_PROVIDER_TOKEN, CHAT_PHONE_NUMBER_ID (CHAT_API_VERSION, default v21.0). */
  readonly chat: Option.Option<{
    readonly url: string
    readonly token: Redacted.Redacted<string>
    readonly phoneNumberId: string
    readonly apiVersion: string
    /** CHAT_BUSINESS_ACCOUNT_ID: the WhatsApp Business Account whose message templates the template operations manage. */
    readonly businessAccountId?: string
  }>
  /** NOTIFICATION_WEBHOOK_SECRET: HMAC key of inbound delivery-receipt webhooks; unset = those webhooks answer 503. */
  readonly webhookSecret: Option.Option<Redacted.Redacted<string>>
}

const optionalText = (name: string) =>
  Config.option(Config.string(name)).pipe(Effect.map(Option.filter((v) => v.trim().length > 0)))

/** Reads one channel: all of `names` set → Some, none set → None, some set → fails naming the first missing one. */
const channelSettings = <const K extends string>(
  names: Readonly<Record<K, string>>,
  urlKey: NoInfer<K>
): Effect.Effect<Option.Option<Record<K, string>>, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const values: Partial<Record<K, string>> = {}
    for (const key of Object.keys(names) as Array<K>) {
      const v = yield* optionalText(names[key])
      if (Option.isSome(v)) values[key] = v.value.trim()
    }
    const present = Object.keys(values).length
    if (present === 0) return Option.none()
    const missing = (Object.keys(names) as Array<K>).find((k) => values[k] === undefined)
    if (missing !== undefined) {
      return yield* Effect.fail(ConfigError.MissingData([names[missing]], `${names[missing]} is required when ${Object.values<string>(names).join(", ")} are used`))
    }
    if (!/^https?:\/\//.test(values[urlKey]!)) {
      return yield* Effect.fail(ConfigError.InvalidData([names[urlKey]], "Expected an http:// or https:// URL"))
    }
    return Option.some(values as Record<K, string>)
  })

/** The notification provider variables. */
export const loadNotificationProviderSettings: Effect.Effect<NotificationProviderSettings, ConfigError.ConfigError> = Effect.gen(function*() {
  const email = yield* channelSettings({ url: "EMAIL_PROVIDER_URL", apiKey: "EMAIL_PROVIDER_KEY", from: "EMAIL_FROM" }, "url")
  const sms = yield* channelSettings(
    { url: "SMS_PROVIDER_URL", account: "SMS_PROVIDER_ACCOUNT", token: "SMS_PROVIDER_TOKEN", from: "SMS_FROM" },
    "url"
  )
  const push = yield* channelSettings({ url: "PUSH_PROVIDER_URL", key: "PUSH_PROVIDER_KEY", projectId: "PUSH_PROJECT_ID" }, "url")
  const chat = yield* channelSettings(
    { url: "CHAT_PROVIDER_URL", token: "CHAT_PROVIDER_TOKEN", phoneNumberId: "CHAT_PHONE_NUMBER_ID" },
    "url"
  )
  const apiVersion = yield* Config.string("CHAT_API_VERSION").pipe(Config.withDefault("v21.0"))
  const chatBusinessAccount = yield* Config.option(Config.nonEmptyString("CHAT_BUSINESS_ACCOUNT_ID"))
  const webhookSecret = yield* Config.option(Config.redacted("NOTIFICATION_WEBHOOK_SECRET")).pipe(
    Effect.map(Option.filter((v) => Redacted.value(v).trim().length > 0))
  )
  return {
    email: Option.map(email, (e) => ({ url: e.url, apiKey: Redacted.make(e.apiKey), from: e.from })),
    sms: Option.map(sms, (s) => ({ url: s.url, account: s.account, token: Redacted.make(s.token), from: s.from })),
    push: Option.map(push, (p) => ({ url: p.url, key: Redacted.make(p.key), projectId: p.projectId })),
    chat: Option.map(chat, (c) => ({
      url: c.url,
      token: Redacted.make(c.token),
      phoneNumberId: c.phoneNumberId,
      apiVersion,
      ...(Option.isSome(chatBusinessAccount) ? { businessAccountId: chatBusinessAccount.value } : {})
    })),
    webhookSecret
  }
})

// ---------------------------------------------------------------------------------------------
// Blob storage: BLOB_STORE=local (files under DATA_DIR/blobs) or s3 (an S3-compatible
// store: S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, all required).

export type BlobStoreSettings =
  | { readonly kind: "local" }
  | {
    readonly kind: "s3"
    readonly endpoint: string
    readonly bucket: string
    readonly region: string
    readonly accessKeyId: string
    readonly secretAccessKey: Redacted.Redacted<string>
  }

const loadBlobStoreSettings: Effect.Effect<BlobStoreSettings, ConfigError.ConfigError> = Effect.gen(function*() {
  const kind = yield* Config.literal("local", "s3")("BLOB_STORE").pipe(Config.withDefault("local" as const))
  if (kind === "local") return { kind: "local" } as const
  const required = (name: string) =>
    Config.string(name).pipe(
      Config.validate({ message: `Expected a value (required when BLOB_STORE=s3)`, validation: (v) => v.trim().length > 0 })
    )
  const endpoint = yield* required("S3_ENDPOINT")
  if (!/^https?:\/\//.test(endpoint)) return yield* Effect.fail(ConfigError.InvalidData(["S3_ENDPOINT"], "Expected an http:// or https:// URL"))
  return {
    kind: "s3",
    endpoint,
    bucket: yield* required("S3_BUCKET"),
    region: yield* Config.string("S3_REGION").pipe(Config.withDefault("us-east-1")),
    accessKeyId: yield* required("S3_ACCESS_KEY_ID"),
    secretAccessKey: yield* Config.redacted("S3_SECRET_ACCESS_KEY")
  } as const
})

// ---------------------------------------------------------------------------------------------
// Identity providers. Provider A (ID-token sign-in): IDENTITY_PROVIDER_A_ISSUER (comma
// list), _JWKS_URL, _CLIENT_IDS (comma list). Provider B (Apple-style code exchange): the same three
// plus _TOKEN_URL, _TEAM_ID, _KEY_ID, _PRIVATE_KEY (PKCS#8 PEM of a P-256 key; "\n" escapes allowed),
// and optionally _REDIRECT_URI (the callback URL registered with the provider) and _RETURN_URL
// (where the browser flow lands with its exchange code; unset: no browser flow). A provider with
// none of its variables set is unconfigured; a partial set fails at start naming the missing one.
// EMAIL_VERIFICATION_URL: the public URL of GET /v2/auth/email/verify put in verification e-mails.

/** Settings of both identity providers plus the verification link base. */
export interface IdentityProvidersConfig extends IdentityProviderSettings {
  readonly emailVerificationUrl: string
}

const commaList = (value: string) => value.split(",").map((v) => v.trim()).filter((v) => v !== "")

const httpUrl = (name: string, value: string) =>
  /^https?:\/\/\S+$/.test(value) ? Effect.void : Effect.fail(ConfigError.InvalidData([name], "Expected an http:// or https:// URL"))

/** Whether a PEM text is a P-256 private key (what ES256 client secrets need). */
const isP256PrivateKey = (pem: string) => {
  try {
    const key = createPrivateKey(pem)
    return key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1"
  } catch {
    return false
  }
}

/** The identity-provider variables (see above). */
export const loadIdentityProvidersConfig = (port: number): Effect.Effect<IdentityProvidersConfig, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const a = yield* channelSettings(
      { issuers: "IDENTITY_PROVIDER_A_ISSUER", jwksUrl: "IDENTITY_PROVIDER_A_JWKS_URL", clientIds: "IDENTITY_PROVIDER_A_CLIENT_IDS" },
      "jwksUrl"
    )
    const b = yield* channelSettings(
      {
        issuers: "IDENTITY_PROVIDER_B_ISSUER",
        jwksUrl: "IDENTITY_PROVIDER_B_JWKS_URL",
        tokenUrl: "IDENTITY_PROVIDER_B_TOKEN_URL",
        clientIds: "IDENTITY_PROVIDER_B_CLIENT_IDS",
        teamId: "IDENTITY_PROVIDER_B_TEAM_ID",
        keyId: "IDENTITY_PROVIDER_B_KEY_ID",
        privateKey: "IDENTITY_PROVIDER_B_PRIVATE_KEY"
      },
      "jwksUrl"
    )
    let pem = ""
    if (Option.isSome(b)) {
      yield* httpUrl("IDENTITY_PROVIDER_B_TOKEN_URL", b.value.tokenUrl)
      pem = b.value.privateKey.replace(/\\n/g, "\n")
      if (!isP256PrivateKey(pem)) {
        return yield* Effect.fail(ConfigError.InvalidData(["IDENTITY_PROVIDER_B_PRIVATE_KEY"], "Expected the PKCS#8 PEM of a P-256 (ES256) private key"))
      }
    }
    const redirectUri = Option.map(yield* optionalText("IDENTITY_PROVIDER_B_REDIRECT_URI"), (u) => u.trim())
    if (Option.isSome(redirectUri)) yield* httpUrl("IDENTITY_PROVIDER_B_REDIRECT_URI", redirectUri.value)
    const returnUrl = Option.map(yield* optionalText("IDENTITY_PROVIDER_B_RETURN_URL"), (u) => u.trim())
    if (Option.isSome(returnUrl)) yield* httpUrl("IDENTITY_PROVIDER_B_RETURN_URL", returnUrl.value)
    const emailVerificationUrl = yield* Config.string("EMAIL_VERIFICATION_URL").pipe(
      Config.withDefault(`http://localhost:${port}/v2/auth/email/verify`)
    )
    yield* httpUrl("EMAIL_VERIFICATION_URL", emailVerificationUrl)
    return {
      a: Option.map(a, (v) => ({ issuers: commaList(v.issuers), jwksUrl: v.jwksUrl, clientIds: commaList(v.clientIds) })),
      b: Option.map(b, (v) => ({
        issuers: commaList(v.issuers),
        jwksUrl: v.jwksUrl,
        clientIds: commaList(v.clientIds),
        tokenUrl: v.tokenUrl,
        teamId: v.teamId,
        keyId: v.keyId,
        privateKey: Redacted.make(pem),
        redirectUri,
        returnUrl
      })),
      emailVerificationUrl
    }
  })

import type { IdentityProviderSettings } from "@podium/providers"

// ---------------------------------------------------------------------------------------------
// Passkeys (second factors): the WebAuthn relying party. WEBAUTHN_RP_ID is the registrable
// domain the credentials are bound to (default `localhost`); WEBAUTHN_ORIGIN the exact origin(s) the
// browser reports, comma-separated (default `http://localhost:<PORT>`); WEBAUTHN_RP_NAME the name
// authenticators show (default `Podium`).

export interface WebAuthnSettings {
  readonly rpId: string
  readonly origins: ReadonlyArray<string>
  readonly rpName: string
}

export const loadWebAuthnSettings = (port: number): Effect.Effect<WebAuthnSettings, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const rpId = (yield* Config.string("WEBAUTHN_RP_ID").pipe(Config.withDefault("localhost"))).trim()
    if (!/^[a-z0-9.-]+$/i.test(rpId)) {
      return yield* Effect.fail(ConfigError.InvalidData(["WEBAUTHN_RP_ID"], "Expected a domain name such as podium.example"))
    }
    const originsText = yield* Config.string("WEBAUTHN_ORIGIN").pipe(Config.withDefault(`http://localhost:${port}`))
    const origins = originsText.split(",").map((o) => o.trim()).filter((o) => o !== "")
    const bad = origins.find((o) => !/^https?:\/\/[^/\s]+$/.test(o))
    if (origins.length === 0 || bad !== undefined) {
      return yield* Effect.fail(ConfigError.InvalidData(["WEBAUTHN_ORIGIN"], `Expected origins such as https://podium.example, got "${bad ?? originsText}"`))
    }
    const rpName = yield* Config.string("WEBAUTHN_RP_NAME").pipe(Config.withDefault("Podium"))
    return { rpId, origins, rpName }
  })

// ---------------------------------------------------------------------------------------------
// Data rights. ERASURE_COOL_OFF_DAYS (default 30, 0-365): days an erasure request stays
// cancellable before the tick confirms it and hard-deletes the data. ACCOUNT_MERGE_EXECUTE_ENABLED
// (default false): whether admins may execute merge proposals. PUBLIC_API_URL (default
// http://localhost:<PORT>): base of the e-mailed data-export link. CONSENT_MANAGER_PROVIDER and
// CONSENT_MANAGER_API_KEY: the consent manager's credentials (status reports presence only).

export interface ComplianceConfig {
  readonly erasureCoolOffDays: number
  readonly accountMergeExecuteEnabled: boolean
  readonly publicApiUrl: string
  readonly consentManagerProvider: Option.Option<string>
  readonly consentManagerApiKey: Option.Option<Redacted.Redacted<string>>
}

export const loadComplianceConfig = (port: number): Effect.Effect<ComplianceConfig, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const erasureCoolOffDays = yield* Config.integer("ERASURE_COOL_OFF_DAYS").pipe(
      Config.validate({ message: "Expected an integer between 0 and 365", validation: (n) => n >= 0 && n <= 365 }),
      Config.withDefault(30)
    )
    const accountMergeExecuteEnabled = yield* Config.boolean("ACCOUNT_MERGE_EXECUTE_ENABLED").pipe(Config.withDefault(false))
    const publicApiUrl = yield* Config.string("PUBLIC_API_URL").pipe(Config.withDefault(`http://localhost:${port}`))
    const consentManagerProvider = yield* Config.option(Config.string("CONSENT_MANAGER_PROVIDER")).pipe(
      Effect.map(Option.filter((v) => v.trim() !== ""))
    )
    const consentManagerApiKey = yield* Config.option(Config.redacted("CONSENT_MANAGER_API_KEY")).pipe(
      Effect.map(Option.filter((v) => Redacted.value(v).trim() !== ""))
    )
    return { erasureCoolOffDays, accountMergeExecuteEnabled, publicApiUrl, consentManagerProvider, consentManagerApiKey }
  })

// ---------------------------------------------------------------------------------------------
// Payments. PAYMENT_GATEWAY: `local` (the offline simulator; default in development and
// test), `razorpay` (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET required; RAZORPAY_WEBHOOK_SECRET to
// accept webhooks; RAZORPAY_BASE_URL default https://api.razorpay.com) or `none`/unset in
// production (unconfigured: 503 PAYMENT_GATEWAY_NOT_CONFIGURED). BANK_VERIFIER: `local` (default in
// development and test), `http` (Cashfree BAV v2: BANK_VERIFIER_URL, BANK_VERIFIER_CLIENT_ID,
// BANK_VERIFIER_CLIENT_SECRET; BANK_IFSC_URL default https://ifsc.razorpay.com) or unset in
// production (503 BANK_VERIFICATION_NOT_CONFIGURED). `local` is refused in production.

export type PaymentGatewaySettings =
  | { readonly kind: "local" }
  | { readonly kind: "none" }
  | {
    readonly kind: "razorpay"
    readonly baseUrl: string
    readonly keyId: string
    readonly keySecret: Redacted.Redacted<string>
    readonly webhookSecret: Option.Option<Redacted.Redacted<string>>
  }

export type BankVerifierSettings =
  | { readonly kind: "local" }
  | { readonly kind: "none" }
  | {
    readonly kind: "http"
    readonly baseUrl: string
    readonly clientId: string
    readonly clientSecret: Redacted.Redacted<string>
    readonly ifscBaseUrl: string
  }

export interface PaymentsSettings {
  readonly gateway: PaymentGatewaySettings
  readonly bankVerifier: BankVerifierSettings
}

export const loadPaymentsSettings = (appEnv: AppEnv): Effect.Effect<PaymentsSettings, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const fallback = appEnv === "production" ? "none" as const : "local" as const
    const required = (name: string, when: string) =>
      Config.string(name).pipe(Config.validate({ message: `Expected a value (required when ${when})`, validation: (v) => v.trim().length > 0 }))
    const httpUrl = (name: string, fallbackUrl?: string) =>
      Effect.flatMap(
        fallbackUrl === undefined ? Config.string(name) : Config.string(name).pipe(Config.withDefault(fallbackUrl)),
        (url) => /^https?:\/\/[^\s]+$/.test(url) ? Effect.succeed(url) : Effect.fail(ConfigError.InvalidData([name], "Expected an http:// or https:// URL"))
      )
    const gatewayKind = yield* Config.literal("local", "razorpay", "none")("PAYMENT_GATEWAY").pipe(Config.withDefault(fallback))
    if (gatewayKind === "local" && appEnv === "production") {
      return yield* Effect.fail(ConfigError.InvalidData(["PAYMENT_GATEWAY"], "The local payment gateway simulator is refused in production"))
    }
    const gateway: PaymentGatewaySettings = gatewayKind === "razorpay"
      ? {
        kind: "razorpay",
        baseUrl: yield* httpUrl("RAZORPAY_BASE_URL", "https://api.razorpay.com"),
        keyId: yield* required("RAZORPAY_KEY_ID", "PAYMENT_GATEWAY=razorpay"),
        keySecret: Redacted.make(yield* required("RAZORPAY_KEY_SECRET", "PAYMENT_GATEWAY=razorpay")),
        webhookSecret: yield* Config.option(Config.redacted("RAZORPAY_WEBHOOK_SECRET")).pipe(
          Effect.map(Option.filter((v) => Redacted.value(v).trim().length > 0))
        )
      }
      : { kind: gatewayKind }
    const verifierKind = yield* Config.literal("local", "http", "none")("BANK_VERIFIER").pipe(Config.withDefault(fallback))
    if (verifierKind === "local" && appEnv === "production") {
      return yield* Effect.fail(ConfigError.InvalidData(["BANK_VERIFIER"], "The local bank verifier is refused in production"))
    }
    const bankVerifier: BankVerifierSettings = verifierKind === "http"
      ? {
        kind: "http",
        baseUrl: yield* httpUrl("BANK_VERIFIER_URL"),
        clientId: yield* required("BANK_VERIFIER_CLIENT_ID", "BANK_VERIFIER=http"),
        clientSecret: Redacted.make(yield* required("BANK_VERIFIER_CLIENT_SECRET", "BANK_VERIFIER=http")),
        ifscBaseUrl: yield* httpUrl("BANK_IFSC_URL", "https://ifsc.razorpay.com")
      }
      : { kind: verifierKind }
    return { gateway, bankVerifier }
  })
