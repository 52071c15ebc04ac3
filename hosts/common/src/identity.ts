/**
 * The identity and accounts layers every host shares: node crypto, jose access tokens keyed from
 * the configuration, Postgres repositories, the OTP settings, and the message senders (the local
 * recorders until the notifications context brings real providers).
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Accounts, Identity, type Notifications, type Platform } from "@podium/core"
import { AccountsPortsMemory, AdminAccountsMemory, AuditLogMemory, EmailVerificationRepoMemory, LinkedIdentityRepoMemory, NotificationsMemory, type RecordedDeliveries, RecordingSendersMemory, RedisPortsMemory, SessionRepoMemory } from "@podium/core/testing"
import { AccountsReposPg, AdminAccountsReposPg, ImpersonationRepoPg, LinkedIdentitiesPg, SessionRepoPg } from "@podium/postgres"
import { AccessTokensJose, HmacNode, IdentityProvidersHttp, SecureRandomNode } from "@podium/providers"
import { Layer, Option } from "effect"
import type { AppConfigShape } from "./config.js"
import { hostContext } from "./host-context.js"
import { type SecondFactorPorts, secondFactorLayer, secondFactorMemory } from "./second-factor.js"

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
  | Identity.LinkedIdentityRepo
  | Identity.EmailVerificationRepo
  | Identity.IdentityProviders
  | Accounts.AdminCrudRepo
  | Accounts.AdminPermissionRepo
  | Identity.ImpersonationRepo
  | SecondFactorPorts

/** Every service the identity routes use: its ports, the senders and the Redis-backed ports. */
export type IdentityServices = IdentityPorts | Senders | Platform.RedisPorts | IdentityOutbox | IdentityAudit

/** The audit log (impersonation, permission changes, admin deletes) and the preference store (admin notification preferences). */
export type IdentityAudit = Platform.AuditLog | Notifications.PreferenceRepo

/** The outbox ports identity queues its e-mails through (e-mail verification links). */
export type IdentityOutbox = Notifications.OutboxRepo | Notifications.RetryPolicyRepo

/** The OTP settings from configuration (test codes and lifetime override outside production only). */
export const otpSettingsFrom = (config: AppConfigShape): Identity.OtpSettingsShape => ({
  policies: scaleOtpCaps(Identity.DefaultOtpPolicies, config.authOtpCapScale ?? 1),
  testCodes: config.authTestOtps,
  ...Option.match(config.authOtpTtlSeconds, { onNone: () => ({}), onSome: (s) => ({ lifetimeOverrideSeconds: s }) })
})

/** AUTH_OTP_CAP_SCALE (load tests, never production): every send cap multiplied; lifetimes, attempts and cooldowns unchanged. */
const scaleOtpCaps = (policies: typeof Identity.DefaultOtpPolicies, scale: number): typeof Identity.DefaultOtpPolicies =>
  scale === 1
    ? policies
    : Object.fromEntries(Object.entries(policies).map(([kind, p]) => [kind, {
      ...p,
      dailyCapPerIdentifier: p.dailyCapPerIdentifier * scale,
      hourlyCapPerIp: p.hourlyCapPerIp * scale,
      dailyCapPerIp: p.dailyCapPerIp * scale
    }])) as typeof Identity.DefaultOtpPolicies

/** Crypto, tokens and OTP settings from configuration (no storage). */
export const identityKeysLayer = (config: AppConfigShape) =>
  Layer.mergeAll(
    SecureRandomNode,
    HmacNode(config.secrets.hashSecret),
    AccessTokensJose({ secret: config.secrets.jwtSecret }),
    Layer.succeed(Identity.OtpSettings, otpSettingsFrom(config)),
    IdentityProvidersHttp(config.identityProviders ?? { a: Option.none(), b: Option.none() })
  )

/** The identity ports on the database in context (sessions and accounts in Postgres). */
export const identityLayer = (config: AppConfigShape): Layer.Layer<IdentityPorts, never, SqlClient.SqlClient> =>
  Layer.mergeAll(identityKeysLayer(config), SessionRepoPg, AccountsReposPg, LinkedIdentitiesPg, AdminAccountsReposPg, ImpersonationRepoPg, secondFactorLayer(config))

/** The local senders: every message is recorded in memory (and inspectable), nothing leaves the process. */
export const SendersLive: Layer.Layer<Senders> = RecordingSendersMemory

/**
 * Identity services without a database or Redis (memory repositories and Redis twins, real crypto
 * and tokens): for HTTP tests that exercise other routes and do not sign in through Postgres.
 */
export const identityServicesMemory = (config: AppConfigShape): Layer.Layer<IdentityServices> =>
  Layer.mergeAll(identityKeysLayer(config), SessionRepoMemory, AccountsPortsMemory, SendersLive, RedisPortsMemory, LinkedIdentityRepoMemory, EmailVerificationRepoMemory, NotificationsMemory, AdminAccountsMemory, AuditLogMemory, secondFactorMemory(config))

/** Sign-in, tokens, sessions, second factors, accounts, linked identities and impersonation. */
export const identityContext = hostContext<IdentityPorts | Senders>({
  name: "identity",
  live: (config) => Layer.merge(identityLayer(config), SendersLive),
  memory: (config) => identityServicesMemory(config)
})
