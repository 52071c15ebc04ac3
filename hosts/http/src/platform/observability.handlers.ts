/**
 * Observability (A 4.3) and platform health: the recorded request metrics (request-metrics.ts)
 * plus live gauges (job queue, notification outbox, database connections, process) as JSON,
 * Prometheus text and OTLP/HTTP export; defects; SLO; paging; platform-health views. Admin routes
 * need `platform.operate`.
 */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal } from "@podium/contracts/common"
import { PlatformApi } from "@podium/contracts/platform"
import { Notifications, Platform } from "@podium/core"
import { AllSchedules, AppConfig, defaultObservabilitySettings, HealthProbes, RecordedPages, runProbes } from "@podium/host-common"
import { DateTime, Effect, type Layer, Option } from "effect"
import type { PlatformHandlerServices } from "./platform-services.js"
import { computeSlo, type Gauge, LatencyBucketsMs, renderPrometheus, requestMetrics, type RouteSeries } from "./request-metrics.js"
import { apiGroup } from "../serving/served-groups.js"

/** Upper bucket bound (ms) at quantile `q`, null without requests or when it falls in the overflow bucket. */
const quantileMs = (r: RouteSeries, q: number): number | null => {
  if (r.count === 0) return null
  const rank = Math.ceil(q * r.count)
  let seen = 0
  for (let i = 0; i < r.buckets.length; i++) {
    seen += r.buckets[i]!
    if (seen >= rank) return LatencyBucketsMs[i] ?? null
  }
  return null
}

const routeView = (r: RouteSeries) => ({
  method: r.method,
  route: r.route,
  count: r.count,
  serverErrors: r.serverErrors,
  byStatus: r.byStatus,
  meanMs: r.count === 0 ? 0 : Math.round((r.sumMs / r.count) * 1000) / 1000,
  p50Ms: quantileMs(r, 0.5),
  p95Ms: quantileMs(r, 0.95),
  p99Ms: quantileMs(r, 0.99),
  buckets: r.buckets.map((count, i) => ({ leMs: LatencyBucketsMs[i] ?? null, count }))
})

interface ExportOutcome { readonly at: Date; readonly ok: boolean; readonly status: number | null; readonly dataPoints: number; readonly error: string | null }
/** The last export through each exporter (one per host), for the status views. */
const lastExports = new WeakMap<object, ExportOutcome>()

/** The last export through `exporter` in this process, if any: export-now's or the exporter's own periodic one, whichever is newer. */
export const lastOtlpExport = (exporter: Platform.MetricsExporter["Type"]): ExportOutcome | undefined => {
  const recorded = lastExports.get(exporter)
  const periodic = exporter.lastAttempt?.()
  if (periodic === undefined) return recorded
  if (recorded === undefined) return periodic
  return periodic.at.getTime() > recorded.at.getTime() ? periodic : recorded
}

const PagingTriggers = [
  { name: "availability-slo", condition: "availability below the SLO_AVAILABILITY_TARGET objective", severity: "critical" },
  { name: "latency-slo", condition: "share of requests within SLO_LATENCY_THRESHOLD_MS below SLO_LATENCY_TARGET", severity: "warning" },
  { name: "dead-jobs", condition: "a background job went DEAD", severity: "warning" },
  { name: "dependency-down", condition: "a health probe (database, Redis, provider) reports down", severity: "critical" }
]

const gather = Effect.gen(function*() {
  const queue = yield* Platform.JobQueue
  const outbox = yield* Notifications.OutboxRepo
  const stats = yield* Platform.PlatformStats
  const [jobs, summary, connections] = yield* Effect.all([queue.counts, outbox.summary, stats.connections], { concurrency: 3 })
  const memory = process.memoryUsage()
  return { jobs, summary, connections, memory, uptimeSeconds: process.uptime() }
})

type Gathered = Effect.Effect.Success<typeof gather>

const gauges = (g: Gathered): ReadonlyArray<Gauge> => [
  { name: "podium_jobs", help: "Background jobs by status.", samples: Object.entries(g.jobs).map(([status, value]) => ({ labels: { status }, value })) },
  { name: "podium_outbox_messages", help: "Notification outbox messages by status.", samples: Object.entries(g.summary.byStatus).map(([status, value]) => ({ labels: { status }, value })) },
  {
    name: "podium_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest outbox message waiting to be sent (0 when none waits).",
    samples: [{ value: (g.summary.oldestPendingAgeMs ?? 0) / 1000 }]
  },
  {
    name: "podium_db_connections",
    help: "Connections to the database by state (pg_stat_activity; absent when not available).",
    samples: g.connections.available ? [{ labels: { state: "active" }, value: g.connections.active }, { labels: { state: "idle" }, value: g.connections.idle }] : []
  },
  { name: "podium_db_pool_size", help: "Configured connection pool size of this process.", samples: g.connections.poolSize === null ? [] : [{ value: g.connections.poolSize }] },
  { name: "podium_process_uptime_seconds", help: "Seconds since the process started.", samples: [{ value: Math.round(g.uptimeSeconds) }] },
  { name: "podium_process_resident_memory_bytes", help: "Resident set size.", samples: [{ value: g.memory.rss }] },
  { name: "podium_process_heap_used_bytes", help: "V8 heap in use.", samples: [{ value: g.memory.heapUsed }] }
]

/** The recorded metrics and gauges as a neutral batch for the exporter. */
const metricsBatch = (g: Gathered): Platform.MetricsBatch => {
  const snapshot = requestMetrics.snapshot()
  const metrics: Array<Platform.MetricData> = [
    {
      kind: "counter",
      name: "http.server.requests",
      description: "HTTP requests answered",
      unit: "1",
      points: snapshot.routes.flatMap((r) => Object.entries(r.byStatus).map(([status, value]) => ({ attributes: { "http.request.method": r.method, "http.route": r.route, "http.response.status_code": status }, value })))
    },
    {
      kind: "histogram",
      name: "http.server.request.duration",
      description: "HTTP request latency",
      unit: "ms",
      points: snapshot.routes.map((r) => ({ attributes: { "http.request.method": r.method, "http.route": r.route }, count: r.count, sum: r.sumMs, bucketCounts: r.buckets, explicitBounds: LatencyBucketsMs }))
    },
    ...gauges(g).map((gauge): Platform.MetricData => ({
      kind: "gauge",
      name: gauge.name.replaceAll("_", "."),
      description: gauge.help,
      unit: "1",
      points: gauge.samples.map((s) => ({ attributes: s.labels ?? {}, value: s.value }))
    }))
  ]
  return { startTime: snapshot.startedAt, time: new Date(), metrics }
}

export const ObservabilityHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "observability">, never, PlatformHandlerServices> =
  apiGroup(PlatformApi, "observability", (handlers) =>
    Effect.gen(function*() {
      const config = yield* AppConfig
      const settings = config.observability ?? defaultObservabilitySettings
      const context = yield* Effect.context<Platform.JobQueue | Notifications.OutboxRepo | Platform.PlatformStats>()
      const pager = yield* Platform.Pager
      const recorded = yield* RecordedPages
      const exporter = yield* Platform.MetricsExporter
      const recordExport = (outcome: ExportOutcome) => lastExports.set(exporter, outcome)
      const gathered = Effect.provide(gather, context)
      return handlers
        .handle("metrics", () =>
          Effect.gen(function*() {
            const g = yield* gathered
            const snapshot = requestMetrics.snapshot()
            return {
              collectedAt: new Date().toISOString(),
              since: snapshot.startedAt.toISOString(),
              http: {
                requests: snapshot.routes.reduce((a, r) => a + r.count, 0),
                serverErrors: snapshot.routes.reduce((a, r) => a + r.serverErrors, 0),
                routes: snapshot.routes.map(routeView)
              },
              defectsTotal: snapshot.defectsTotal,
              jobs: { ...g.jobs },
              outbox: { byStatus: { ...g.summary.byStatus }, total: g.summary.total, oldestPendingAgeMs: g.summary.oldestPendingAgeMs, deadCount: g.summary.deadCount },
              db: g.connections,
              process: { uptimeSeconds: Math.round(g.uptimeSeconds), rssBytes: g.memory.rss, heapUsedBytes: g.memory.heapUsed }
            }
          }))
        .handle("metricsProm", () =>
          Effect.gen(function*() {
            return renderPrometheus(requestMetrics.snapshot(), gauges(yield* gathered))
          }))
        .handle("queues", () =>
          Effect.gen(function*() {
            const g = yield* gathered
            return {
              jobs: { byStatus: { ...g.jobs }, total: Object.values(g.jobs).reduce((a, n) => a + n, 0) },
              outbox: {
                byStatus: { ...g.summary.byStatus },
                byChannel: Object.fromEntries(Object.entries(g.summary.byChannel).map(([k, v]) => [k, { ...v }])),
                total: g.summary.total,
                oldestPendingAgeMs: g.summary.oldestPendingAgeMs,
                deadCount: g.summary.deadCount
              }
            }
          }))
        .handle("errors", () =>
          Effect.gen(function*() {
            const snapshot = requestMetrics.snapshot()
            const data = snapshot.recentDefects.map((d) => ({ ...d, occurredAt: d.occurredAt.toISOString() }))
            return { data, count: data.length, total: snapshot.defectsTotal }
          }))
        .handle("slo", () => Effect.succeed(computeSlo(requestMetrics.snapshot(), settings)))
        .handle("incidentPaging", () =>
          Effect.succeed({
            provider: pager.describe.provider,
            reachesHumans: pager.describe.reachesHumans,
            onCall: settings.pagerOnCall,
            triggers: PagingTriggers,
            recentPages: recorded.all().length
          }))
        .handle("incidentPagingTest", () =>
          Effect.gen(function*() {
            const me = yield* CurrentPrincipal
            const receipt = yield* pager.page({
              summary: "Test page from the Podium admin console",
              severity: "info",
              dedupeKey: `test-page:${me.accountId}`,
              test: true,
              details: { requestedBy: me.accountId, onCall: settings.pagerOnCall }
            })
            return { provider: receipt.provider, pageId: receipt.pageId, sentAt: receipt.sentAt.toISOString(), onCall: settings.pagerOnCall, test: true }
          }))
        .handle("otlpStatus", () =>
          Effect.succeed({
            configured: Option.isSome(exporter.endpoint),
            endpoint: Option.getOrNull(exporter.endpoint),
            protocol: "http/json" as const,
            serviceName: exporter.serviceName,
            lastExport: Option.match(Option.fromNullable(lastOtlpExport(exporter)), { onNone: () => null, onSome: (e) => ({ ...e, at: e.at.toISOString() }) })
          }))
        .handle("otlpExportNow", () =>
          Effect.gen(function*() {
            const batch = metricsBatch(yield* gathered)
            const receipt = yield* exporter.export(batch).pipe(
              Effect.tapError((e) =>
                Effect.sync(() => {
                  if (e._tag === "MetricsExportFailed") recordExport({ at: new Date(), ok: false, status: e.status, dataPoints: Platform.dataPointCount(batch), error: e.reason })
                })
              )
            )
            recordExport({ at: batch.time, ok: true, status: receipt.status, dataPoints: receipt.dataPoints, error: null })
            return { ...receipt, exportedAt: batch.time.toISOString() }
          }))
    }))

export const PublicObservabilityHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "observabilityPublic">, never, PlatformHandlerServices> =
  apiGroup(PlatformApi, "observabilityPublic", (handlers) =>
    Effect.gen(function*() {
      const exporter = yield* Platform.MetricsExporter
      return handlers.handle("metricsStatus", () =>
        Effect.succeed({
          collecting: true,
          since: requestMetrics.startedAt.toISOString(),
          formats: ["json", "prometheus", ...(Option.isSome(exporter.endpoint) ? ["otlp-http-json"] : [])],
          otlpExport: Option.isSome(exporter.endpoint)
        }))
    }))

// ---- platform health ----

const iso = (d: DateTime.Utc | null) => (d === null ? null : DateTime.formatIso(d))

export const PlatformHealthHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "platformHealth">, never, PlatformHandlerServices> =
  apiGroup(PlatformApi, "platformHealth", (handlers) =>
    Effect.gen(function*() {
      const queue = yield* Platform.JobQueue
      const stats = yield* Platform.PlatformStats
      const probes = yield* HealthProbes
      const pager = yield* Platform.Pager
      const exporter = yield* Platform.MetricsExporter
      const lastExport = () => lastOtlpExport(exporter)
      const jobs = Effect.gen(function*() {
        const counts = yield* queue.counts
        const dead = yield* queue.list({ status: "DEAD", limit: 10 })
        const schedules = yield* Platform.scheduleStatus(AllSchedules).pipe(Effect.provideService(Platform.JobQueue, queue))
        return {
          byStatus: { ...counts },
          recentDead: dead.map((j) => ({ jobId: j.id, name: j.name, attempts: j.attempts, lastError: j.lastError, finishedAt: iso(j.finishedAt) })),
          schedules: schedules.map((s) => {
            const last = Option.getOrNull(s.lastRun)
            return { name: s.name, lastOutcome: last?.status ?? null, lastRunAt: last === null ? null : DateTime.formatIso(last.runAt), nextRunAt: DateTime.formatIso(s.nextRunAt) }
          })
        }
      })
      const services = Effect.gen(function*() {
        const results = yield* runProbes(probes)
        return [
          ...results.map(([name, health]) => {
            const { status, ...detail } = health
            return { name, status, detail: detail as Record<string, unknown> }
          }),
          { name: "pager", status: "up", detail: { provider: pager.describe.provider, reachesHumans: pager.describe.reachesHumans } },
          { name: "otlp-export", status: Option.isSome(exporter.endpoint) ? (lastExport()?.ok === false ? "down" : "up") : "not_configured", detail: { endpoint: Option.getOrNull(exporter.endpoint), lastError: lastExport()?.error ?? null } }
        ]
      })
      const slowQueries = Effect.map(stats.slowQueries(20), (s) =>
        s.available ? { available: true, reason: null, data: s.queries } : { available: false, reason: s.reason, data: [] })
      return handlers
        .handle("snapshot", () =>
          Effect.gen(function*() {
            const [j, sv, sq] = yield* Effect.all([jobs, services, slowQueries], { concurrency: 3 })
            const degraded = sv.some((s) => s.status === "down") || (j.byStatus.DEAD ?? 0) > 0
            return { status: degraded ? "degraded" as const : "ok" as const, checkedAt: new Date().toISOString(), jobs: j, services: sv, slowQueries: sq }
          }))
        .handle("jobs", () => jobs)
        .handle("services", () => Effect.map(services, (data) => ({ data, count: data.length })))
        .handle("slowQueries", () => slowQueries)
    }))
