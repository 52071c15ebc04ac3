/**
 * Observability (A 4.3) and platform health (B): request metrics as JSON and Prometheus text,
 * queue and outbox depths, recent defects with request ids, SLO against the configured
 * objectives, incident-paging configuration and a test page, OTLP/HTTP export status and an
 * immediate export, and the platform-health views (jobs, services, slow queries). Admin routes
 * need `platform.operate`; `GET /v2/observability/metrics-status` is public and tells only what is
 * collected, not the figures.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"

const Counts = Schema.Record({ key: Schema.String, value: Schema.Number })

export const RouteMetricsView = Schema.Struct({
  method: Schema.String,
  route: Schema.String,
  count: Schema.Int,
  serverErrors: Schema.Int,
  byStatus: Counts,
  meanMs: Schema.Number,
  /** Upper bucket bound at the quantile (an estimate from the histogram). */
  p50Ms: Schema.NullOr(Schema.Number),
  p95Ms: Schema.NullOr(Schema.Number),
  p99Ms: Schema.NullOr(Schema.Number),
  buckets: Schema.Array(Schema.Struct({ leMs: Schema.NullOr(Schema.Number), count: Schema.Int }))
}).annotations({ identifier: "RouteMetrics" })

export const DbConnectionsView = Schema.Struct({
  available: Schema.Boolean,
  poolSize: Schema.NullOr(Schema.Int),
  active: Schema.Int,
  idle: Schema.Int,
  total: Schema.Int,
  note: Schema.NullOr(Schema.String)
}).annotations({ identifier: "DbConnections" })

export const OutboxStatesView = Schema.Struct({
  byStatus: Counts,
  total: Schema.Int,
  oldestPendingAgeMs: Schema.NullOr(Schema.Number),
  deadCount: Schema.Int
}).annotations({ identifier: "OutboxStates" })

export const QueuesView = Schema.Struct({
  jobs: Schema.Struct({ byStatus: Counts, total: Schema.Int }),
  outbox: Schema.Struct({
    byStatus: Counts,
    byChannel: Schema.Record({ key: Schema.String, value: Counts }),
    total: Schema.Int,
    oldestPendingAgeMs: Schema.NullOr(Schema.Number),
    deadCount: Schema.Int
  })
}).annotations({ identifier: "ObservabilityQueues" })

export const MetricsView = Schema.Struct({
  collectedAt: Schema.String,
  since: Schema.String,
  http: Schema.Struct({ requests: Schema.Int, serverErrors: Schema.Int, routes: Schema.Array(RouteMetricsView) }),
  defectsTotal: Schema.Int,
  jobs: Counts,
  outbox: OutboxStatesView,
  db: DbConnectionsView,
  process: Schema.Struct({ uptimeSeconds: Schema.Number, rssBytes: Schema.Number, heapUsedBytes: Schema.Number })
}).annotations({ identifier: "ObservabilityMetrics" })

export const DefectView = Schema.Struct({
  requestId: Schema.String,
  correlationId: Schema.NullOr(Schema.String),
  method: Schema.String,
  path: Schema.String,
  status: Schema.Int,
  message: Schema.String,
  occurredAt: Schema.String
}).annotations({ identifier: "RecentDefect" })

export const ErrorsView = Schema.Struct({
  data: Schema.Array(DefectView),
  count: Schema.Int,
  /** Defects since the process started (the list keeps the newest 100). */
  total: Schema.Int
}).annotations({ identifier: "ObservabilityErrors" })

const Objective = Schema.Struct({
  target: Schema.Number,
  actual: Schema.NullOr(Schema.Number),
  met: Schema.NullOr(Schema.Boolean),
  errorBudgetRemaining: Schema.NullOr(Schema.Number)
})

export const SloView = Schema.Struct({
  window: Schema.Struct({ since: Schema.String, requests: Schema.Int }),
  availability: Schema.extend(Objective, Schema.Struct({ serverErrors: Schema.Int })),
  latency: Schema.extend(Objective, Schema.Struct({ thresholdMs: Schema.Number, measuredThresholdMs: Schema.Number, fastRequests: Schema.Int }))
}).annotations({ identifier: "ObservabilitySlo" })

export const IncidentPagingView = Schema.Struct({
  provider: Schema.String,
  reachesHumans: Schema.Boolean,
  onCall: Schema.String,
  /** Conditions that page. */
  triggers: Schema.Array(Schema.Struct({ name: Schema.String, condition: Schema.String, severity: Schema.String })),
  recentPages: Schema.Int
}).annotations({ identifier: "IncidentPagingConfig" })

export const TestPageView = Schema.Struct({
  provider: Schema.String,
  pageId: Schema.String,
  sentAt: Schema.String,
  onCall: Schema.String,
  test: Schema.Boolean
}).annotations({ identifier: "IncidentPagingTest" })

export const OtlpStatusView = Schema.Struct({
  configured: Schema.Boolean,
  endpoint: Schema.NullOr(Schema.String),
  protocol: Schema.Literal("http/json"),
  serviceName: Schema.String,
  lastExport: Schema.NullOr(Schema.Struct({
    at: Schema.String,
    ok: Schema.Boolean,
    status: Schema.NullOr(Schema.Int),
    dataPoints: Schema.Int,
    error: Schema.NullOr(Schema.String)
  }))
}).annotations({ identifier: "OtlpStatus" })

export const OtlpExportView = Schema.Struct({
  endpoint: Schema.String,
  status: Schema.Int,
  metrics: Schema.Int,
  dataPoints: Schema.Int,
  exportedAt: Schema.String
}).annotations({ identifier: "OtlpExport" })

export const MetricsStatusView = Schema.Struct({
  collecting: Schema.Boolean,
  since: Schema.String,
  formats: Schema.Array(Schema.String),
  otlpExport: Schema.Boolean
}).annotations({ identifier: "MetricsStatus" })

/** Prometheus text exposition format 0.0.4. */
export const PrometheusText = HttpApiSchema.Text({ contentType: "text/plain; version=0.0.4; charset=utf-8" })

export class ObservabilityGroup extends HttpApiGroup.make("observability")
  .add(op.get("metrics", "/v2/admin/observability/metrics", { ok: MetricsView, summary: "Metrics as JSON: HTTP requests and latency by route, jobs, outbox, DB connections, process" }))
  .add(op.get("metricsProm", "/v2/admin/observability/metrics.prom", { success: PrometheusText, summary: "The same metrics in the Prometheus text exposition format" }))
  .add(op.get("queues", "/v2/admin/observability/queues", { ok: QueuesView, summary: "Job-queue and notification-outbox depths by status" }))
  .add(op.get("errors", "/v2/admin/observability/errors", { ok: ErrorsView, summary: "Recent defects (answered 500) with their request ids, newest first" }))
  .add(op.get("slo", "/v2/admin/observability/slo", { ok: SloView, summary: "Availability and latency against the configured objectives, from the recorded metrics" }))
  .add(op.get("incidentPaging", "/v2/admin/observability/incident-paging", { ok: IncidentPagingView, summary: "Incident-paging configuration" }))
  .add(op.post("incidentPagingTest", "/v2/admin/observability/incident-paging/test", { ok: TestPageView, status: 201, summary: "Send a test page through the pager" }))
  .add(op.get("otlpStatus", "/v2/admin/observability/otlp-status", { ok: OtlpStatusView, summary: "OTLP/HTTP metrics export: endpoint and the last export's outcome" }))
  .add(op.post("otlpExportNow", "/v2/admin/observability/otlp/export-now", { ok: OtlpExportView, status: 201, summary: "Export the current metrics to the OTLP endpoint now (503 when none is configured or it fails)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("platform.operate"))
  .annotate(OpenApi.Title, "Observability")
  .annotate(OpenApi.Description, "Metrics, errors, SLO, paging and OTLP export; permission platform.operate")
{}

export class PublicObservabilityGroup extends HttpApiGroup.make("observabilityPublic")
  .add(op.get("metricsStatus", "/v2/observability/metrics-status", { ok: MetricsStatusView, summary: "Whether metrics are collected and exported (no figures)" }))
  .annotate(OpenApi.Title, "Observability status")
  .annotate(OpenApi.Description, "Public metrics status")
{}

export const ServiceView = Schema.Struct({ name: Schema.String, status: Schema.String, detail: Schema.Record({ key: Schema.String, value: Schema.Unknown }) })
  .annotations({ identifier: "PlatformService" })

export const PlatformJobsView = Schema.Struct({
  byStatus: Counts,
  recentDead: Schema.Array(Schema.Struct({ jobId: Schema.String, name: Schema.String, attempts: Schema.Int, lastError: Schema.NullOr(Schema.String), finishedAt: Schema.NullOr(Schema.String) })),
  schedules: Schema.Array(Schema.Struct({ name: Schema.String, lastOutcome: Schema.NullOr(Schema.String), lastRunAt: Schema.NullOr(Schema.String), nextRunAt: Schema.String }))
}).annotations({ identifier: "PlatformJobs" })

export const SlowQueriesView = Schema.Struct({
  available: Schema.Boolean,
  reason: Schema.NullOr(Schema.String),
  data: Schema.Array(Schema.Struct({ query: Schema.String, calls: Schema.Number, meanMs: Schema.Number, totalMs: Schema.Number, rows: Schema.Number }))
}).annotations({ identifier: "SlowQueries" })

export const PlatformHealthView = Schema.Struct({
  status: Schema.Literal("ok", "degraded"),
  checkedAt: Schema.String,
  jobs: PlatformJobsView,
  services: Schema.Array(ServiceView),
  slowQueries: SlowQueriesView
}).annotations({ identifier: "PlatformHealth" })

export class PlatformHealthGroup extends HttpApiGroup.make("platformHealth")
  .add(op.get("snapshot", "/v2/admin/platform-health", { ok: PlatformHealthView, summary: "Snapshot: jobs, services and slow queries" }))
  .add(op.get("jobs", "/v2/admin/platform-health/jobs", { ok: PlatformJobsView, summary: "Jobs by status, recent dead jobs, schedules' last outcomes" }))
  .add(op.get("services", "/v2/admin/platform-health/services", { ok: Schema.Struct({ data: Schema.Array(ServiceView), count: Schema.Int }), summary: "Each dependency's health (database, Redis, providers), the pager and OTLP export" }))
  .add(op.get("slowQueries", "/v2/admin/platform-health/slow-queries", { ok: SlowQueriesView, summary: "Slowest statements from pg_stat_statements, or why they are not available" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("platform.operate"))
  .annotate(OpenApi.Title, "Platform health")
  .annotate(OpenApi.Description, "Operational health for admins; permission platform.operate")
{}
