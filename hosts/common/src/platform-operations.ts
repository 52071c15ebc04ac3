/**
 * Platform operations (platform half): what the admin audit-log, scheduler,
 * observability, rate-limit and platform-health routes read from the host's infrastructure, the
 * local pager recorder, and the observability settings (OTLP endpoint, SLO objectives, paging).
 */
import type * as SqlClient from "@effect/sql/SqlClient"
import { Platform } from "@podium/core"
import type { Notifications } from "@podium/core"
import { JobQueueMemory, searchEngineMemory } from "@podium/core/testing"
import { PlatformStatsPg } from "@podium/postgres"
import { Context, Effect, Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import type { AppConfigShape } from "./config.js"
import { defaultObservabilitySettings } from "./config/observability.config.js"
import { defaultSearchSettings, searchEngineLayer } from "./search.js"
import { MetricsExporterOtel } from "./otlp-metrics.js"

/** Services the platform-operations routes need (all provided by `infrastructureLayer`). */
export type PlatformOperations =
  | Platform.JobQueue
  | Platform.AuditLog
  | Platform.RedisPorts
  | Platform.PlatformStats
  | Platform.Pager
  | RecordedPages
  | Notifications.OutboxRepo
  | Platform.MetricsExporter
  | Platform.SearchEngine

/** Pages the local recorder received (newest last); tests and the paging view read them. */
export class RecordedPages extends Context.Tag("@podium/host-common/RecordedPages")<RecordedPages, {
  readonly all: () => ReadonlyArray<Platform.Page & Platform.PageReceipt>
}>() {}

/** The local pager: records pages in memory (no human is reached). */
export const PagerLocalRecorder: Layer.Layer<Platform.Pager | RecordedPages> = Layer.effectContext(Effect.sync(() => {
  const pages: Array<Platform.Page & Platform.PageReceipt> = []
  const pager = Platform.Pager.of({
    describe: { provider: "local-recorder", reachesHumans: false },
    page: (page) =>
      Effect.sync(() => {
        const receipt = { provider: "local-recorder", pageId: randomUUID(), sentAt: new Date() }
        pages.push({ ...page, ...receipt })
        if (pages.length > 100) pages.shift()
        return receipt
      })
  })
  return Context.make(Platform.Pager, pager).pipe(Context.add(RecordedPages, { all: () => [...pages] }))
}))

/** Database figures are unavailable on memory twins. */
export const PlatformStatsMemory: Layer.Layer<Platform.PlatformStats> = Layer.succeed(Platform.PlatformStats, Platform.PlatformStats.of({
  connections: Effect.succeed({ available: false, poolSize: null, active: 0, idle: 0, total: 0, note: "no database connection pool in this host" }),
  slowQueries: () => Effect.succeed({ available: false, reason: "no Postgres database in this host" })
}))

/** What `platformOperationsLayer` adds to the infrastructure. */
export type PlatformOperationsPorts = Platform.PlatformStats | Platform.Pager | RecordedPages | Platform.MetricsExporter | Platform.SearchEngine

/** The platform-operations services on the host's database (the embedded PGlite reports no connections). */
export const platformOperationsLayer = (config: AppConfigShape): Layer.Layer<PlatformOperationsPorts, never, SqlClient.SqlClient> =>
  Layer.mergeAll(
    PlatformStatsPg({ poolSize: Option.isSome(config.databaseUrl) ? config.databasePoolSize : null }),
    PagerLocalRecorder,
    metricsExporterLayer(config),
    searchEngineLayer(config.search ?? defaultSearchSettings)
  )

/** The OTLP/HTTP exporter of the configuration, on @effect/opentelemetry (fails "not configured" without an endpoint). */
export const metricsExporterLayer = (config: AppConfigShape): Layer.Layer<Platform.MetricsExporter> => {
  const settings = config.observability ?? defaultObservabilitySettings
  return MetricsExporterOtel({
    url: settings.otlpMetricsUrl,
    headers: settings.otlpHeaders,
    serviceName: settings.serviceName,
    exportIntervalMs: settings.otlpExportIntervalMs
  })
}

/** The platform-operations services beyond identity's and notifications' memory twins, for memory hosts in tests. */
export const platformOperationsMemory = (config?: AppConfigShape): Layer.Layer<Platform.JobQueue | PlatformOperationsPorts> =>
  Layer.mergeAll(JobQueueMemory, PlatformStatsMemory, PagerLocalRecorder, searchEngineMemory(), config === undefined
    ? MetricsExporterOtel({ url: Option.none(), headers: {}, serviceName: "podium", exportIntervalMs: 60_000 })
    : metricsExporterLayer(config))
