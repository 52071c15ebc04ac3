/**
 * The composition of infrastructure every host shares, chosen from configuration: Postgres or the
 * embedded PGlite, Redis or the in-memory twins, the durable job queue with every context's
 * handlers, and one health probe per component.
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import type { Platform } from "@podium/core"
import { databaseProbe, describeDatabaseUrl, TransactorPg } from "@podium/postgres"
import { Effect, Layer, Option, Redacted } from "effect"
import { AppConfig, type AppConfigShape } from "./config.js"
import { DatabaseInfo, DatabaseLive, JobQueueLive } from "./database.js"
import { HealthProbes } from "./health.js"
import { type IdentityPorts, identityLayer, type Senders, SendersLive } from "./identity.js"
import { JobHandlersLive } from "./jobs.js"
import { describeRedisBackend, RedisBackend, redisHealthProbe, RedisPortsLive } from "./redis.js"
import { describeChannelProviders } from "./providers.js"

/** What a host gets from `infrastructureLayer`. */
export type Infrastructure =
  | AppConfig
  | HealthProbes
  | SqlClient.SqlClient
  | DatabaseInfo
  | Platform.RedisPorts
  | RedisBackend
  | Platform.JobQueue
  | Platform.JobHandlers
  | IdentityPorts
  | Senders
  | OrganizersInfrastructure
  | ChallengesInfrastructure
  | ComplianceInfrastructure
  | WalletsInfrastructure
  | ClubsInfrastructure
  | PaymentsInfrastructure
  | PlatformOperationsPorts
  | Platform.Transactor
  | IntegrationsInfrastructure

/** One probe per component: the database (`select 1`) and the Redis backend (PING, or memory). */
const HealthProbesLive = (config: AppConfigShape) => Layer.effect(
  HealthProbes,
  Effect.gen(function*() {
    const probeDatabase = yield* Effect.map(Effect.context<SqlClient.SqlClient>(), (context) => databaseProbe().pipe(Effect.provide(context)))
    const redis = yield* redisHealthProbe
    const search = yield* searchHealthProbe(config.search) // search engine (search.ts)
    return [{ name: "database", check: probeDatabase }, redis, search]
  })
)

/** Builds the infrastructure of a host from a loaded configuration; the database is ready before it returns. */
export const infrastructureLayer = (config: AppConfigShape): Layer.Layer<Infrastructure | NotificationsInfrastructure | OrganizersInfrastructure, DatabaseConnectionFailed | RedisUnavailable> => {
  const base = Layer.mergeAll(DatabaseLive, RedisPortsLive).pipe(Layer.provideMerge(Layer.succeed(AppConfig, config)))
  const jobs = JobHandlersLive.pipe(Layer.provideMerge(JobQueueLive))
  const infrastructure = Layer.mergeAll(jobs, HealthProbesLive(config).pipe(Layer.provide(searchEngineLayer(config.search ?? defaultSearchSettings))), identityLayer(config), SendersLive, platformOperationsLayer(config), TransactorPg, integrationsLayer(config)).pipe(Layer.provideMerge(base))
  return withClubTierPayments(withClubs(withWallets(withPayments(withCompliance(withChallenges(withOrganizers(withNotifications(infrastructure)))))))) // club tier payment processor, clubs block, wallets block, payments block, challenges block, notifications block, organizers block, see below
}

/** Lines describing which backend serves each port, for the start-up summary (secrets redacted). */
export const describeInfrastructure = (config: AppConfigShape): ReadonlyArray<readonly [string, string]> => [
  ["environment", config.appEnv],
  [
    "database",
    Option.match(config.databaseUrl, {
      onNone: () => `embedded PGlite (DATABASE_URL unset), data in ${config.dataDir}/pglite, migrated at start`,
      onSome: (url) => `${describeDatabaseUrl(Redacted.value(url))} (migrations: pnpm cli migrate)`
    })
  ],
  ["redis ports", describeRedisBackend(config)],
  ["background", config.allInOne ? "all-in-one: worker and scheduler loops run in this process" : "worker and scheduler run as their own hosts"],
  ["providers", describeChannelProviders(config)],
  ["blob store", describeBlobStore(config)],
  ["integrations", describeIntegrations(config)],
  ["search", describeSearchEngine(config.search)],
  ["shipping", describeShipping(config)],
  ["payments", describePaymentProviders(config)],
  ["data dir", config.dataDir]
]

// ---------------------------------------------------------------------------------------------
// Notifications: the outbox, logs, templates, preferences and retry-policy repositories
// on the host's database, and the channel senders chosen from configuration (hosts/common/src/
// providers.ts: HTTP provider when configured, the local recorder in development/test, "not
// configured" in production). These senders override `SendersLive` above; the configured
// providers add one health probe each.
import type { DatabaseConnectionFailed } from "@podium/postgres"
import type { RedisUnavailable } from "@podium/redis"
import { type NotificationsInfrastructure, withNotifications } from "./notifications.js"

// Organizers: organizer and team repositories, the shared audit writer (AuditLogPg) and
// the blob store chosen by BLOB_STORE.
import { describeBlobStore, type OrganizersInfrastructure, withOrganizers } from "./organizers.js"

// Challenges: challenge badge requests and badges.
import { type ChallengesInfrastructure, withChallenges } from "./challenges.js"

// Compliance (data rights): consent, erasure, merge repositories, personal-data sections, settings.
import { type ComplianceInfrastructure, withCompliance } from "./compliance.js"

// Platform operations: database statistics and the pager (local recorder).
import { platformOperationsLayer, type PlatformOperationsPorts } from "./platform-operations.js"

// Search: the engine chosen by SEARCH_ENGINE, in the summary and as the `search` health probe.
import { defaultSearchSettings, describeSearchEngine, searchEngineLayer, searchHealthProbe } from "./search.js"

// Shipping: the provider chosen by SHIPPING_PROVIDER, in the summary.
import { describeShipping } from "./shipping.js"

// Wallets: the double-entry ledger (LedgerPg).
import { type WalletsInfrastructure, withWallets } from "./wallets.js"

// Clubs: clubs, memberships and every club capability's repositories.
import { type ClubsInfrastructure, withClubs } from "./clubs.js"
// Club tier payments: the `payment.captured` processor of tier orders.
import { withClubTierPayments } from "./club-tiers.js"

// Payments: webhook inbox, gateway orders, processor registry, gateway and bank verifier.
import { describePaymentProviders, type PaymentsInfrastructure, withPayments } from "./payments.js"

// Feed/chat and geocoding providers (A 4.2): chosen by FEED_CHAT_PROVIDER and GEOCODER.
import { describeIntegrations, type IntegrationsInfrastructure, integrationsLayer } from "./integrations.js"
