/**
 * OTLP/HTTP metrics export through `@effect/opentelemetry` (A 4.3): when
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_METRICS_ENDPOINT) is set, the library's
 * `OtlpMetrics` exporter runs for the host's lifetime, posting Effect's metric registry as OTLP
 * JSON to `<endpoint>/v1/metrics` every OTEL_METRIC_EXPORT_INTERVAL ms (default 60000) and once
 * more at shutdown. The request pipeline records its counter (`http.server.requests`) and latency
 * histogram (`http.server.request.duration`) as Effect metrics where requests happen
 * (hosts/http request-metrics.ts); the batch handed to `export` contributes its gauges (queue
 * depths, outbox states, pool and process figures), which are set in the registry first.
 *
 * "Export now": the library has no public flush, and its exporter swallows failures (it logs and
 * pauses itself for 60 s). So this adapter keeps a THIN explicit flush around it:
 *   - the exporter runs on a clock whose interval sleep also wakes on demand, so export-now makes
 *     the library's own loop export at once (same exporter, same cumulative start time);
 *   - the library's HttpClient is wrapped to observe each attempt's answer, and export-now answers
 *     with the first attempt that began after it asked (status 2xx → receipt; otherwise
 *     MetricsExportFailed with the collector's status and text; the library still retries
 *     transient failures in the background as it always does);
 *   - after a failed export the library pauses for a minute; export-now then answers
 *     MetricsExportFailed saying so, instead of waiting for an export that would not happen.
 * Traces are not exported: per-request tracing costs ~20% throughput (ARCHITECTURE.md §5).
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as OtlpMetrics from "@effect/opentelemetry/OtlpMetrics"
import * as OtlpSerialization from "@effect/opentelemetry/OtlpSerialization"
import { Platform } from "@podium/core"
import { Clock, Duration, Effect, Layer, Metric, MetricLabel, Option, PubSub, Queue } from "effect"

export interface OtlpMetricsOptions {
  /** The metrics URL (`<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/metrics`); none: not configured. */
  readonly url: Option.Option<string>
  readonly headers: Readonly<Record<string, string>>
  readonly serviceName: string
  /** Periodic export interval (OTEL_METRIC_EXPORT_INTERVAL). */
  readonly exportIntervalMs: number
  /** How long export-now waits for the collector's answer. */
  readonly timeoutMs?: number
}

/** How long @effect/opentelemetry pauses an exporter after a failed export. */
const LibraryPauseMs = 60_000

interface Attempt {
  readonly startedAt: number
  readonly status: number | null
  readonly ok: boolean
  readonly reason: string
  readonly body: HttpClientRequest.HttpClientRequest["body"]
}

/** Metrics and data points of an OTLP JSON body (what was really sent). */
const countBody = (body: HttpClientRequest.HttpClientRequest["body"]) => {
  if (body._tag !== "Uint8Array") return { metrics: 0, dataPoints: 0 }
  try {
    const json = JSON.parse(new TextDecoder().decode(body.body)) as {
      resourceMetrics?: Array<{ scopeMetrics?: Array<{ metrics?: Array<Record<string, { dataPoints?: Array<unknown> } | undefined>> }> }>
    }
    const metrics = (json.resourceMetrics ?? []).flatMap((r) => (r.scopeMetrics ?? []).flatMap((s) => s.metrics ?? []))
    const dataPoints = metrics.reduce((n, m) => n + (m.sum?.dataPoints ?? m.gauge?.dataPoints ?? m.histogram?.dataPoints ?? []).length, 0)
    return { metrics: metrics.length, dataPoints }
  } catch {
    return { metrics: 0, dataPoints: 0 }
  }
}

/** Sets the batch's gauges in Effect's metric registry (counters and histograms are recorded where they happen). */
const publishGauges = (batch: Platform.MetricsBatch) => {
  for (const m of batch.metrics) {
    if (m.kind !== "gauge") continue
    const gauge = Metric.gauge(m.name, { description: m.description })
    for (const p of m.points) gauge.unsafeUpdate(p.value, Object.entries(p.attributes).map(([k, v]) => MetricLabel.make(k, v)))
  }
}

const notConfigured = (serviceName: string) =>
  Platform.MetricsExporter.of({
    endpoint: Option.none(),
    serviceName,
    export: () => Effect.fail(new Platform.MetricsExportNotConfigured())
  })

/** The MetricsExporter on @effect/opentelemetry (not configured without a URL). */
export const MetricsExporterOtel = (options: OtlpMetricsOptions): Layer.Layer<Platform.MetricsExporter> =>
  Option.match(options.url, {
    onNone: () => Layer.succeed(Platform.MetricsExporter, notConfigured(options.serviceName)),
    onSome: (url) =>
      Layer.scoped(
        Platform.MetricsExporter,
        Effect.gen(function*() {
          const wake = yield* Queue.sliding<void>(1)
          const attempts = yield* PubSub.unbounded<Attempt>()
          let pausedUntil = 0
          let latest: Platform.MetricsExportAttempt | undefined = undefined
          const realClock = yield* Effect.clock
          const interval = Duration.millis(options.exportIntervalMs)
          /** The real clock, except that the exporter's interval sleep also ends when export-now asks. */
          const clock: Clock.Clock = {
            [Clock.ClockTypeId]: Clock.ClockTypeId,
            unsafeCurrentTimeMillis: () => realClock.unsafeCurrentTimeMillis(),
            currentTimeMillis: realClock.currentTimeMillis,
            unsafeCurrentTimeNanos: () => realClock.unsafeCurrentTimeNanos(),
            currentTimeNanos: realClock.currentTimeNanos,
            sleep: (d) => (Duration.equals(d, interval) ? Effect.race(realClock.sleep(d), Queue.take(wake)) : realClock.sleep(d))
          }
          const record = (attempt: Attempt) =>
            Effect.zipRight(
              Effect.sync(() => {
                pausedUntil = attempt.ok ? 0 : Date.now() + LibraryPauseMs
                latest = {
                  at: new Date(attempt.startedAt),
                  ok: attempt.ok,
                  status: attempt.status,
                  dataPoints: countBody(attempt.body).dataPoints,
                  error: attempt.ok ? null : attempt.reason
                }
              }),
              PubSub.publish(attempts, attempt)
            )
          const base = yield* HttpClient.HttpClient
          const observed = HttpClient.transform(base, (effect, request) => {
            const startedAt = Date.now()
            return effect.pipe(
              Effect.tap((response) =>
                response.status >= 200 && response.status < 300
                  ? record({ startedAt, status: response.status, ok: true, reason: "", body: request.body })
                  : Effect.flatMap(Effect.orElseSucceed(response.text, () => ""), (text) =>
                    record({ startedAt, status: response.status, ok: false, reason: `collector answered ${response.status}: ${text.slice(0, 200)}`, body: request.body }))),
              Effect.tapError((e) => record({ startedAt, status: null, ok: false, reason: e.message, body: request.body }))
            )
          })
          yield* OtlpMetrics.make({
            url,
            headers: { ...options.headers },
            resource: { serviceName: options.serviceName },
            exportInterval: interval,
            shutdownTimeout: "3 seconds"
          }).pipe(
            Effect.withClock(clock),
            Effect.provideService(HttpClient.HttpClient, observed),
            Effect.provide(OtlpSerialization.layerJson)
          )
          const exportNow = (batch: Platform.MetricsBatch) =>
            Effect.scoped(Effect.gen(function*() {
              publishGauges(batch)
              if (Date.now() < pausedUntil) {
                return yield* new Platform.MetricsExportFailed({
                  endpoint: url,
                  status: null,
                  reason: `the exporter is paused until ${new Date(pausedUntil).toISOString()} after a failed export (@effect/opentelemetry backs off for 60 s)`
                })
              }
              const subscription = yield* PubSub.subscribe(attempts)
              const askedAt = Date.now()
              yield* Queue.offer(wake, undefined)
              const take: Effect.Effect<Attempt> = Effect.flatMap(Queue.take(subscription), (a) => (a.startedAt >= askedAt ? Effect.succeed(a) : take))
              const attempt = yield* take.pipe(
                Effect.timeoutFail({
                  duration: options.timeoutMs ?? 10_000,
                  onTimeout: () => new Platform.MetricsExportFailed({ endpoint: url, status: null, reason: "no answer from the collector in time" })
                })
              )
              if (!attempt.ok) return yield* new Platform.MetricsExportFailed({ endpoint: url, status: attempt.status, reason: attempt.reason })
              return { endpoint: url, status: attempt.status ?? 200, ...countBody(attempt.body) }
            }))
          return Platform.MetricsExporter.of({ endpoint: Option.some(url), serviceName: options.serviceName, export: exportNow, lastAttempt: () => latest })
        })
      ).pipe(Layer.provide(FetchHttpClient.layer))
  })
