/**
 * The identity and accounts layers every host shares: node crypto, jose access tokens keyed from
 * the configuration, Postgres repositories, the OTP settings, and the message senders (the local
 * recorders until the notifications context brings real providers).
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Accounts, Identity, type Notifications, type Platform } from "@podium/core"
import { AccountsPortsMemory, type RecordedDeliveries, RecordingSendersMemory, RedisPortsMemory, SessionRepoMemory } from "@podium/core/testing"
import { AccountsReposPg, SessionRepoPg } from "@podium/postgres"
import { AccessTokensJose, HmacNode, SecureRandomNode } from "@podium/providers"
import { Layer, Option } from "effect"
import type { AppConfigShape } from "./config.js"

/** The message senders and what the local recorders expose for inspection. */
export type Senders =
  | Notifications.SmsSender
  | Notifications.EmailSender
  | Notifications.PushSender
  | Notifications.ChatSender
  | RecordedDeliveries

/** What the identity and accounts use cases need besides the Redis-backed ports. */
export type IdentityPorts =
  | Identity.SecureRandom
  | Identity.Hmac
  | Identity.AccessTokens
  | Identity.SessionRepo
  | Identity.OtpSettings
  | Accounts.UserRepo
  | Accounts.AdminRepo
  | Accounts.CrewMemberRepo
  | Accounts.OrganizerMemberRepo

/** Every service the identity routes use: its ports, the senders and the Redis-backed ports. */
export type IdentityServices = IdentityPorts | Senders | Platform.RedisPorts

/** The OTP settings from configuration (test codes and lifetime override outside production only). */
export const otpSettingsFrom = (config: AppConfigShape): Identity.OtpSettingsShape => ({
  policies: Identity.DefaultOtpPolicies,
  testCodes: config.authTestOtps,
  ...Option.match(config.authOtpTtlSeconds, { onNone: () => ({}), onSome: (s) => ({ lifetimeOverrideSeconds: s }) })
})

/** Crypto, tokens and OTP settings from configuration (no storage). */
export const identityKeysLayer = (config: AppConfigShape) =>
  Layer.mergeAll(
    SecureRandomNode,
    HmacNode(config.secrets.hashSecret),
    AccessTokensJose({ secret: config.secrets.jwtSecret }),
    Layer.succeed(Identity.OtpSettings, otpSettingsFrom(config))
  )

/** The identity ports on the database in context (sessions and accounts in Postgres). */
export const identityLayer = (config: AppConfigShape): Layer.Layer<IdentityPorts, never, SqlClient.SqlClient> =>
  Layer.mergeAll(identityKeysLayer(config), SessionRepoPg, AccountsReposPg)

/** The local senders: every message is recorded in memory (and inspectable), nothing leaves the process. */
export const SendersLive: Layer.Layer<Senders> = RecordingSendersMemory

/** The `providers` line of the start-up summary. */
export const describeProviders = (): string =>
  "SMS and e-mail: local recorders (messages are kept in process memory, nothing is sent)"

/**
 * Identity services without a database or Redis (memory repositories and Redis twins, real crypto
 * and tokens): for HTTP tests that exercise other routes and do not sign in through Postgres.
 */
export const identityServicesMemory = (config: AppConfigShape): Layer.Layer<IdentityServices> =>
  Layer.mergeAll(identityKeysLayer(config), SessionRepoMemory, AccountsPortsMemory, SendersLive, RedisPortsMemory)
