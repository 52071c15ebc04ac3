/**
 * The process's request metrics (A 4.3), fed by the request pipeline (middleware.ts) through its
 * observer callbacks: request counts by method, route and status, latency histograms by route, and
 * a bounded ring buffer of recent defects with their request ids. Process-wide, like the process
 * it measures; the observability handlers read snapshots of it.
 *
 * Routes are labelled by their path with identifier-like segments replaced (`/v2/admins/:id`), so
 * label cardinality stays bounded; paths no route matched share the label `unmatched`.
 */
import { Metric, MetricBoundaries, MetricLabel } from "effect"

/** Histogram bucket upper bounds in milliseconds (exported in seconds). */
export const LatencyBucketsMs: ReadonlyArray<number> = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000]

/**
 * The same observations as Effect metrics, which @effect/opentelemetry exports over OTLP
 * (hosts/common otlp-metrics.ts): a monotonic request counter and a latency histogram (ms, the
 * same buckets), labelled with the bounded route label.
 */
const otelRequests = Metric.counter("http.server.requests", { description: "HTTP requests answered", incremental: true })
const otelDuration = Metric.histogram("http.server.request.duration", MetricBoundaries.fromIterable(LatencyBucketsMs), "HTTP request latency (ms)")

/** Defects kept for the errors view. */
export const DefectRingSize = 100

export interface RequestObservation {
  readonly method: string
  readonly path: string
  /** False when no route matched (404 from the router). */
  readonly matched: boolean
  readonly status: number
  readonly durationMs: number
}

export interface DefectObservation {
  readonly requestId: string
  readonly correlationId: string | null
  readonly method: string
  readonly path: string
  readonly status: number
  readonly message: string
  readonly occurredAt: Date
}

export interface RouteSeries {
  readonly method: string
  readonly route: string
  readonly byStatus: Readonly<Record<string, number>>
  readonly count: number
  /** Answers with status 5xx. */
  readonly serverErrors: number
  readonly sumMs: number
  /** Per-bucket (not cumulative) counts, one per `LatencyBucketsMs` entry plus the overflow (+Inf). */
  readonly buckets: ReadonlyArray<number>
}

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The route label of a path: identifier-like segments become `:id`. */
export const routeLabel = (path: string): string => {
  const segments = path.split("?")[0]!.split("/").map((segment) => {
    if (segment === "") return segment
    if (Uuid.test(segment) || /^\d+$/.test(segment) || /^\+\d{6,}$/.test(segment)) return ":id"
    if (segment.length >= 16 && /\d/.test(segment) && /^[A-Za-z0-9_-]+$/.test(segment)) return ":id"
    if (segment.length > 64) return ":id"
    return segment
  })
  return segments.join("/") || "/"
}

interface MutableSeries {
  method: string
  route: string
  byStatus: Record<string, number>
  count: number
  serverErrors: number
  sumMs: number
  buckets: Array<number>
}

/**
 * The Effect metric labels of a series, built once: the same array instances on every request let
 * the metric find its registry entry by identity (Metric keeps a WeakMap by label array) instead of
 * building and hashing a new metric key per request.
 */
interface SeriesLabels {
  readonly duration: ReadonlyArray<MetricLabel.MetricLabel>
  readonly byStatus: Map<number, ReadonlyArray<MetricLabel.MetricLabel>>
}

/** Routes tracked at most (further ones share `other`), so a route-label bug cannot grow memory without bound. */
const MaxSeries = 2000

export const makeRequestMetrics = () => {
  const series = new Map<string, MutableSeries>()
  const seriesLabels = new WeakMap<MutableSeries, SeriesLabels>()
  const labelsOf = (s: MutableSeries): SeriesLabels => {
    let l = seriesLabels.get(s)
    if (l === undefined) {
      l = { duration: [MetricLabel.make("http.request.method", s.method), MetricLabel.make("http.route", s.route)], byStatus: new Map() }
      seriesLabels.set(s, l)
    }
    return l
  }
  const requestLabels = (l: SeriesLabels, status: number) => {
    let withStatus = l.byStatus.get(status)
    if (withStatus === undefined) {
      withStatus = [...l.duration, MetricLabel.make("http.response.status_code", String(status))]
      l.byStatus.set(status, withStatus)
    }
    return withStatus
  }
  const defects: Array<DefectObservation> = []
  let defectsTotal = 0
  const startedAt = new Date()
  const seriesFor = (method: string, route: string) => {
    const key = `${method} ${route}`
    let s = series.get(key)
    if (s === undefined) {
      if (series.size >= MaxSeries) return seriesFor(method, "other")
      s = { method, route, byStatus: {}, count: 0, serverErrors: 0, sumMs: 0, buckets: LatencyBucketsMs.map(() => 0).concat(0) }
      series.set(key, s)
    }
    return s
  }
  return {
    startedAt,
    request: (o: RequestObservation) => {
      const s = seriesFor(o.method.toUpperCase(), o.matched ? routeLabel(o.path) : "unmatched")
      s.count++
      s.byStatus[String(o.status)] = (s.byStatus[String(o.status)] ?? 0) + 1
      if (o.status >= 500) s.serverErrors++
      s.sumMs += o.durationMs
      const at = LatencyBucketsMs.findIndex((bound) => o.durationMs <= bound)
      s.buckets[at === -1 ? LatencyBucketsMs.length : at]!++
      const labels = labelsOf(s)
      otelRequests.unsafeUpdate(1, requestLabels(labels, o.status))
      otelDuration.unsafeUpdate(o.durationMs, labels.duration)
    },
    defect: (d: DefectObservation) => {
      defectsTotal++
      defects.push({ ...d, message: d.message.slice(0, 2000) })
      if (defects.length > DefectRingSize) defects.shift()
    },
    snapshot: () => ({
      startedAt,
      routes: [...series.values()].map((s): RouteSeries => ({ ...s, byStatus: { ...s.byStatus }, buckets: [...s.buckets] })),
      defectsTotal,
      /** Newest first. */
      recentDefects: [...defects].reverse()
    })
  }
}

export type RequestMetrics = ReturnType<typeof makeRequestMetrics>
export type RequestMetricsSnapshot = ReturnType<RequestMetrics["snapshot"]>

/** This process's recorder (one per process, shared by every server it runs). */
export const requestMetrics: RequestMetrics = makeRequestMetrics()

// ---- derived figures ----

export interface SloObjectives {
  readonly availabilityTarget: number
  readonly latencyThresholdMs: number
  readonly latencyTarget: number
}

/**
 * Availability (share of requests not answered 5xx) and latency (share answered within the
 * threshold, read from the histogram: the largest bucket bound not above the threshold, so the
 * figure never overstates) against the objectives, with the error budget left. Unmatched routes
 * are excluded (scanners do not move the objective).
 */
export const computeSlo = (snapshot: RequestMetricsSnapshot, objectives: SloObjectives) => {
  const routes = snapshot.routes.filter((r) => r.route !== "unmatched")
  const total = routes.reduce((a, r) => a + r.count, 0)
  const bad = routes.reduce((a, r) => a + r.serverErrors, 0)
  const boundIndex = LatencyBucketsMs.reduce((best, bound, i) => (bound <= objectives.latencyThresholdMs ? i : best), -1)
  const fast = routes.reduce((a, r) => a + r.buckets.slice(0, boundIndex + 1).reduce((x, y) => x + y, 0), 0)
  const availability = total === 0 ? null : (total - bad) / total
  const latency = total === 0 ? null : fast / total
  const budget = (actual: number | null, target: number) => {
    if (actual === null) return null
    const allowed = 1 - target
    return allowed <= 0 ? (actual >= 1 ? 1 : 0) : Math.max(-1, ((allowed - (1 - actual)) / allowed))
  }
  return {
    window: { since: snapshot.startedAt.toISOString(), requests: total },
    availability: {
      target: objectives.availabilityTarget,
      actual: availability,
      serverErrors: bad,
      met: availability === null ? null : availability >= objectives.availabilityTarget,
      errorBudgetRemaining: budget(availability, objectives.availabilityTarget)
    },
    latency: {
      target: objectives.latencyTarget,
      thresholdMs: objectives.latencyThresholdMs,
      measuredThresholdMs: boundIndex === -1 ? 0 : LatencyBucketsMs[boundIndex]!,
      actual: latency,
      fastRequests: fast,
      met: latency === null ? null : latency >= objectives.latencyTarget,
      errorBudgetRemaining: budget(latency, objectives.latencyTarget)
    }
  }
}

// ---- Prometheus text exposition (version 0.0.4) ----

const escapeLabel = (v: string) => v.replaceAll("\\", "\\\\").replaceAll("\"", "\\\"").replaceAll("\n", "\\n")
const labels = (l: Readonly<Record<string, string>>) => {
  const entries = Object.entries(l)
  return entries.length === 0 ? "" : `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(",")}}`
}
const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? "+Inf" : n < 0 ? "-Inf" : "NaN")

export interface Gauge {
  readonly name: string
  readonly help: string
  readonly samples: ReadonlyArray<{ readonly labels?: Readonly<Record<string, string>>; readonly value: number }>
}

/** Renders the request metrics and the given gauges in the Prometheus text format. */
export const renderPrometheus = (snapshot: RequestMetricsSnapshot, gauges: ReadonlyArray<Gauge>): string => {
  const out: Array<string> = []
  out.push("# HELP podium_http_requests_total HTTP requests answered, by method, route and status.")
  out.push("# TYPE podium_http_requests_total counter")
  for (const r of snapshot.routes) {
    for (const [status, n] of Object.entries(r.byStatus)) {
      out.push(`podium_http_requests_total${labels({ method: r.method, route: r.route, status })} ${n}`)
    }
  }
  out.push("# HELP podium_http_request_duration_seconds HTTP request latency, by method and route.")
  out.push("# TYPE podium_http_request_duration_seconds histogram")
  for (const r of snapshot.routes) {
    let cumulative = 0
    LatencyBucketsMs.forEach((bound, i) => {
      cumulative += r.buckets[i]!
      out.push(`podium_http_request_duration_seconds_bucket${labels({ method: r.method, route: r.route, le: String(bound / 1000) })} ${cumulative}`)
    })
    out.push(`podium_http_request_duration_seconds_bucket${labels({ method: r.method, route: r.route, le: "+Inf" })} ${r.count}`)
    out.push(`podium_http_request_duration_seconds_sum${labels({ method: r.method, route: r.route })} ${num(r.sumMs / 1000)}`)
    out.push(`podium_http_request_duration_seconds_count${labels({ method: r.method, route: r.route })} ${r.count}`)
  }
  out.push("# HELP podium_http_defects_total Unexpected failures (defects) answered 500.")
  out.push("# TYPE podium_http_defects_total counter")
  out.push(`podium_http_defects_total ${snapshot.defectsTotal}`)
  for (const g of gauges) {
    out.push(`# HELP ${g.name} ${g.help.replaceAll("\\", "\\\\").replaceAll("\n", "\\n")}`)
    out.push(`# TYPE ${g.name} gauge`)
    for (const s of g.samples) out.push(`${g.name}${labels(s.labels ?? {})} ${num(s.value)}`)
  }
  return `${out.join("\n")}\n`
}
