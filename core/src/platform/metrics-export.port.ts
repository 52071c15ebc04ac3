/**
 * Pushing the process's metrics to a collector (OpenTelemetry's OTLP/HTTP in the adapter). The
 * observability routes convert their recorded figures to these neutral shapes; the adapter owns
 * the wire format. Hosts without a configured endpoint get an exporter whose `endpoint` is none
 * and whose `export` fails with `MetricsExportNotConfigured`.
 */
import { DomainError } from "@podium/kernel"
import { Context, type Effect, type Option, Schema } from "effect"

export interface NumberPoint {
  readonly attributes: Readonly<Record<string, string>>
  readonly value: number
}

export interface HistogramPoint {
  readonly attributes: Readonly<Record<string, string>>
  readonly count: number
  readonly sum: number
  /** One more entry than `explicitBounds` (the overflow bucket last); not cumulative. */
  readonly bucketCounts: ReadonlyArray<number>
  readonly explicitBounds: ReadonlyArray<number>
}

export type MetricData =
  | { readonly kind: "counter" | "gauge"; readonly name: string; readonly description: string; readonly unit: string; readonly points: ReadonlyArray<NumberPoint> }
  | { readonly kind: "histogram"; readonly name: string; readonly description: string; readonly unit: string; readonly points: ReadonlyArray<HistogramPoint> }

export interface MetricsBatch {
  /** When the cumulative counters started (process start). */
  readonly startTime: Date
  readonly time: Date
  readonly metrics: ReadonlyArray<MetricData>
}

export interface MetricsExportReceipt {
  readonly endpoint: string
  readonly status: number
  readonly metrics: number
  readonly dataPoints: number
}

export class MetricsExportNotConfigured extends DomainError<MetricsExportNotConfigured>()("MetricsExportNotConfigured", {
  kind: "unavailable",
  code: "OTLP_NOT_CONFIGURED",
  message: "No OTLP endpoint is configured (set OTEL_EXPORTER_OTLP_ENDPOINT)"
}, {}) {}

export class MetricsExportFailed extends DomainError<MetricsExportFailed>()("MetricsExportFailed", {
  kind: "unavailable",
  code: "OTLP_EXPORT_FAILED",
  message: (e) => `The OTLP export failed: ${e.reason}`
}, {
  endpoint: Schema.String,
  status: Schema.NullOr(Schema.Number),
  reason: Schema.String
}) {}

/** One export attempt as the exporter saw it (periodic or on demand). */
export interface MetricsExportAttempt {
  readonly at: Date
  readonly ok: boolean
  readonly status: number | null
  readonly dataPoints: number
  readonly error: string | null
}

export class MetricsExporter extends Context.Tag("@podium/core/platform/MetricsExporter")<MetricsExporter, {
  readonly endpoint: Option.Option<string>
  readonly serviceName: string
  /** The exporter's latest attempt, periodic ones included (exporters that only export on demand may omit it). */
  readonly lastAttempt?: () => MetricsExportAttempt | undefined
  readonly export: (batch: MetricsBatch) => Effect.Effect<MetricsExportReceipt, MetricsExportNotConfigured | MetricsExportFailed>
}>() {}

/** Data points in a batch. */
export const dataPointCount = (batch: MetricsBatch) => batch.metrics.reduce((a, m) => a + m.points.length, 0)
