/**
 * The platform context as the hosts see it: database statistics, the pager, metrics export, the
 * search engine, the unit of work, the feed/chat and geocoding providers, and the platform's own
 * jobs (search reindex and the platform schedules).
 */
import { Platform } from "@podium/core"
import { TransactorMemory } from "@podium/core/testing"
import { TransactorPg } from "@podium/postgres"
import { Effect, Layer } from "effect"
import { hostContext } from "./host-context.js"
import { describeIntegrations, type IntegrationsInfrastructure, integrationsLayer } from "./integrations.js"
import { platformOperationsLayer, platformOperationsMemory, type PlatformOperationsPorts } from "./platform-operations.js"
import { configuredSearchEngine, describeSearchEngine } from "./search.js"

export const platformContext = hostContext<PlatformOperationsPorts | Platform.Transactor | IntegrationsInfrastructure>({
  name: "platform",
  live: (config) => Layer.mergeAll(platformOperationsLayer(config), TransactorPg, integrationsLayer(config)),
  memory: (config) => Layer.mergeAll(platformOperationsMemory(config), TransactorMemory, integrationsLayer(config)),
  describe: (config) => [["integrations", describeIntegrations(config)], ["search", describeSearchEngine(config.search)]],
  // The search reindex runs on the configured engine (SEARCH_ENGINE) over the job's database.
  jobs: Effect.all([Platform.platformJobHandlers, Effect.map(configuredSearchEngine, Platform.searchJobHandlers)]).pipe(
    Effect.map(([platform, search]) => ({ ...platform, ...search }))
  ),
  schedules: Platform.platformSchedules
})
