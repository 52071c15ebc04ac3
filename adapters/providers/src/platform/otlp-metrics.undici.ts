/**
 * OTLP/HTTP metrics export with the JSON encoding (OpenTelemetry protocol, `ExportMetricsServiceRequest`)
 * posted with undici to the configured metrics URL (`<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/metrics`).
 * Counters and histograms are cumulative since the process started; gauges are instantaneous.
 */
import { Platform } from "@podium/core"
import { Effect, Layer, Option } from "effect"
import { request } from "undici"

const nanos = (d: Date) => `${BigInt(d.getTime()) * 1_000_000n}`
const attributes = (a: Readonly<Record<string, string>>) => Object.entries(a).map(([key, value]) => ({ key, value: { stringValue: value } }))
const AggregationTemporalityCumulative = 2

/** The OTLP JSON body of a batch. */
export const otlpMetricsJson = (batch: Platform.MetricsBatch, serviceName: string) => {
  const start = nanos(batch.startTime)
  const time = nanos(batch.time)
  const metrics = batch.metrics.map((m) => {
    const base = { name: m.name, description: m.description, unit: m.unit }
    if (m.kind === "histogram") {
      return {
        ...base,
        histogram: {
          aggregationTemporality: AggregationTemporalityCumulative,
          dataPoints: m.points.map((p) => ({
            attributes: attributes(p.attributes),
            startTimeUnixNano: start,
            timeUnixNano: time,
            count: String(p.count),
            sum: p.sum,
            bucketCounts: p.bucketCounts.map(String),
            explicitBounds: [...p.explicitBounds]
          }))
        }
      }
    }
    const dataPoints = m.points.map((p) => ({
      attributes: attributes(p.attributes),
      ...(m.kind === "counter" ? { startTimeUnixNano: start } : {}),
      timeUnixNano: time,
      ...(Number.isInteger(p.value) ? { asInt: String(p.value) } : { asDouble: p.value })
    }))
    return m.kind === "counter"
      ? { ...base, sum: { aggregationTemporality: AggregationTemporalityCumulative, isMonotonic: true, dataPoints } }
      : { ...base, gauge: { dataPoints } }
  })
  return {
    resourceMetrics: [{
      resource: { attributes: attributes({ "service.name": serviceName }) },
      scopeMetrics: [{ scope: { name: "@podium/observability", version: "1" }, metrics }]
    }]
  }
}

export const MetricsExporterOtlpHttp = (options: {
  readonly url: Option.Option<string>
  readonly headers: Readonly<Record<string, string>>
  readonly serviceName: string
  readonly timeoutMs?: number
}): Layer.Layer<Platform.MetricsExporter> =>
  Layer.succeed(Platform.MetricsExporter, Platform.MetricsExporter.of({
    endpoint: options.url,
    serviceName: options.serviceName,
    export: (batch) =>
      Option.match(options.url, {
        onNone: () => Effect.fail(new Platform.MetricsExportNotConfigured()),
        onSome: (url) =>
          Effect.tryPromise({
            try: async (signal) => {
              const res = await request(url, {
                method: "POST",
                headers: { ...options.headers, "content-type": "application/json" },
                body: JSON.stringify(otlpMetricsJson(batch, options.serviceName)),
                signal,
                headersTimeout: options.timeoutMs ?? 10_000,
                bodyTimeout: options.timeoutMs ?? 10_000
              })
              const text = await res.body.text()
              return { status: res.statusCode, text }
            },
            catch: (e) => new Platform.MetricsExportFailed({ endpoint: url, status: null, reason: e instanceof Error ? e.message : String(e) })
          }).pipe(
            Effect.flatMap(({ status, text }) =>
              status >= 200 && status < 300
                ? Effect.succeed({ endpoint: url, status, metrics: batch.metrics.length, dataPoints: Platform.dataPointCount(batch) })
                : Effect.fail(new Platform.MetricsExportFailed({ endpoint: url, status, reason: `collector answered ${status}: ${text.slice(0, 200)}` }))
            )
          )
      })
  }))
