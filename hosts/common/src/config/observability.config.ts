/**
 * Observability settings: the OTLP/HTTP metrics endpoint, headers and export interval
 * (standard OTEL_* variables; exported through @effect/opentelemetry, otlp-metrics.ts), the service objectives the SLO view measures against, and the on-call paging target.
 */
import { Config, ConfigError, Effect, Option } from "effect"

export interface ObservabilitySettings {
  /** OTEL_EXPORTER_OTLP_ENDPOINT (base URL; metrics go to `<base>/v1/metrics`) or the metrics-specific endpoint. */
  readonly otlpMetricsUrl: Option.Option<string>
  /** OTEL_EXPORTER_OTLP_HEADERS: `key=value,key2=value2`. */
  readonly otlpHeaders: Readonly<Record<string, string>>
  readonly serviceName: string
  /** OTEL_METRIC_EXPORT_INTERVAL: milliseconds between periodic OTLP exports (default 60000, 1000-3600000). */
  readonly otlpExportIntervalMs: number
  /** Share of requests that must not answer 5xx (SLO_AVAILABILITY_TARGET, default 0.995). */
  readonly availabilityTarget: number
  /** A request is fast when it answers within this many ms (SLO_LATENCY_THRESHOLD_MS, default 500). */
  readonly latencyThresholdMs: number
  /** Share of requests that must be fast (SLO_LATENCY_TARGET, default 0.95). */
  readonly latencyTarget: number
  /** Who pages go to, as configured (PAGER_ONCALL, default "platform-oncall"). */
  readonly pagerOnCall: string
}

const ratio = (name: string, fallback: number) =>
  Config.number(name).pipe(
    Config.validate({ message: "Expected a number between 0 and 1 (exclusive of 0)", validation: (n) => n > 0 && n <= 1 }),
    Config.withDefault(fallback)
  )

export const loadObservabilitySettings = Effect.gen(function*() {
  const base = yield* Config.string("OTEL_EXPORTER_OTLP_ENDPOINT").pipe(Config.withDefault(""))
  const metrics = yield* Config.string("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT").pipe(Config.withDefault(""))
  const chosen = metrics.trim() !== "" ? metrics.trim() : base.trim() === "" ? "" : `${base.trim().replace(/\/+$/, "")}/v1/metrics`
  if (chosen !== "" && !/^https?:\/\//.test(chosen)) {
    return yield* Effect.fail(ConfigError.InvalidData(["OTEL_EXPORTER_OTLP_ENDPOINT"], "Expected an http:// or https:// URL"))
  }
  const headersText = yield* Config.string("OTEL_EXPORTER_OTLP_HEADERS").pipe(Config.withDefault(""))
  const otlpHeaders: Record<string, string> = {}
  for (const pair of headersText.split(",").map((p) => p.trim()).filter((p) => p !== "")) {
    const at = pair.indexOf("=")
    if (at <= 0) return yield* Effect.fail(ConfigError.InvalidData(["OTEL_EXPORTER_OTLP_HEADERS"], "Expected key=value pairs separated by commas"))
    otlpHeaders[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim())
  }
  return {
    otlpMetricsUrl: chosen === "" ? Option.none() : Option.some(chosen),
    otlpHeaders,
    serviceName: yield* Config.string("OTEL_SERVICE_NAME").pipe(Config.withDefault("podium")),
    otlpExportIntervalMs: yield* Config.integer("OTEL_METRIC_EXPORT_INTERVAL").pipe(
      Config.validate({ message: "Expected an integer between 1000 and 3600000", validation: (n) => n >= 1000 && n <= 3_600_000 }),
      Config.withDefault(60_000)
    ),
    availabilityTarget: yield* ratio("SLO_AVAILABILITY_TARGET", 0.995),
    latencyThresholdMs: yield* Config.integer("SLO_LATENCY_THRESHOLD_MS").pipe(
      Config.validate({ message: "Expected an integer between 1 and 60000", validation: (n) => n >= 1 && n <= 60_000 }),
      Config.withDefault(500)
    ),
    latencyTarget: yield* ratio("SLO_LATENCY_TARGET", 0.95),
    pagerOnCall: yield* Config.string("PAGER_ONCALL").pipe(Config.withDefault("platform-oncall"))
  } satisfies ObservabilitySettings
})

/** Defaults when a configuration was built without the observability block. */
export const defaultObservabilitySettings: ObservabilitySettings = {
  otlpMetricsUrl: Option.none(),
  otlpHeaders: {},
  serviceName: "podium",
  otlpExportIntervalMs: 60_000,
  availabilityTarget: 0.995,
  latencyThresholdMs: 500,
  latencyTarget: 0.95,
  pagerOnCall: "platform-oncall"
}
