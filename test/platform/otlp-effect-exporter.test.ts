/**
 * The OTLP exporter on @effect/opentelemetry against a local OTLP/HTTP receiver (node:http):
 * export-now makes the library's exporter post at once (JSON, configured headers, service name,
 * Effect metrics and the batch's gauges), periodic exports arrive on their own, a failing
 * collector answers MetricsExportFailed with its status, and during the library's pause after a
 * failure export-now says so at once instead of hanging; no endpoint → not configured.
 */
import { MetricsExporterOtel } from "@podium/host-common"
import { Platform } from "@podium/core"
import { Effect, Exit, Layer, Metric, Option, Scope } from "effect"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"

// biome-ignore lint/suspicious/noExplicitAny: the received OTLP JSON is inspected loosely
const received: Array<{ path: string; headers: Record<string, unknown>; body: any }> = []
let status = 200
let receiver: Server
let url: string

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let text = ""
    req.on("data", (c) => (text += c))
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: JSON.parse(text) })
      res.writeHead(status, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/metrics`
})
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

const batch = (value: number): Platform.MetricsBatch => ({
  startTime: new Date(Date.now() - 1000),
  time: new Date(),
  metrics: [{ kind: "gauge", name: "podium.test.queue.depth", description: "Test queue depth", unit: "1", points: [{ attributes: { queue: "jobs" }, value }] }]
})

const build = async (exportIntervalMs: number) => {
  const scope = Effect.runSync(Scope.make())
  const context = await Effect.runPromise(Layer.buildWithScope(
    MetricsExporterOtel({ url: Option.some(url), headers: { "x-api-key": "otlp-secret" }, serviceName: "podium-otel-test", exportIntervalMs, timeoutMs: 5000 }),
    scope
  ))
  return { exporter: context.unsafeMap.get(Platform.MetricsExporter.key) as Platform.MetricsExporter["Type"], close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
}

// biome-ignore lint/suspicious/noExplicitAny: loose OTLP JSON
const metricsOf = (body: any): Array<any> => body.resourceMetrics[0].scopeMetrics[0].metrics

describe("OTLP export through @effect/opentelemetry", () => {
  it("export-now posts the registry and the batch's gauges at once, with headers and service name", async () => {
    Metric.counter("podium.test.exports", { incremental: true }).pipe(Metric.tagged("kind", "test")).unsafeUpdate(3, [])
    const { close, exporter } = await build(3_600_000)
    try {
      expect(Option.getOrNull(exporter.endpoint)).toBe(url)
      const before = received.length
      const receipt = await Effect.runPromise(exporter.export(batch(7)))
      expect(receipt).toMatchObject({ endpoint: url, status: 200 })
      expect(receipt.metrics).toBeGreaterThanOrEqual(2)
      expect(receipt.dataPoints).toBeGreaterThanOrEqual(2)
      const request = received.slice(before).at(-1)!
      expect(request.path).toBe("/v1/metrics")
      expect(request.headers["x-api-key"]).toBe("otlp-secret")
      expect(request.headers["content-type"]).toBe("application/json")
      expect(request.body.resourceMetrics[0].resource.attributes).toContainEqual({ key: "service.name", value: { stringValue: "podium-otel-test" } })
      const metrics = metricsOf(request.body)
      const gauge = metrics.find((m) => m.name === "podium.test.queue.depth")
      expect(gauge.gauge.dataPoints[0]).toMatchObject({ asDouble: 7 })
      expect(gauge.gauge.dataPoints[0].attributes).toContainEqual({ key: "queue", value: { stringValue: "jobs" } })
      const counter = metrics.find((m) => m.name === "podium.test.exports")
      expect(counter.sum).toMatchObject({ aggregationTemporality: 2, isMonotonic: true })
      expect(counter.sum.dataPoints[0].asDouble).toBe(3)
    } finally {
      await close()
    }
  })

  it("exports periodically on its own and flushes once more at shutdown", async () => {
    const { close, exporter } = await build(1000)
    const before = received.length
    expect(exporter.lastAttempt?.()).toBeUndefined()
    // Two periodic exports arrive without being asked (waited for, with a deadline: a busy machine
    // delays the timer, it does not stop it).
    await vi.waitFor(() => expect(received.length - before).toBeGreaterThanOrEqual(2), { timeout: 15_000, interval: 50 })
    // The status views see periodic exports too (recorded once the collector's answer is read).
    await vi.waitFor(() => expect(exporter.lastAttempt?.()).toMatchObject({ ok: true, status: 200, error: null }), { timeout: 5_000, interval: 50 })
    const beforeClose = received.length
    await close()
    expect(received.length).toBe(beforeClose + 1)
  })

  it("reports a failing collector's status, then says it is paused instead of waiting", async () => {
    const { close, exporter } = await build(3_600_000)
    try {
      status = 400
      const failed = await Effect.runPromiseExit(exporter.export(batch(1)))
      status = 200
      expect(Exit.isFailure(failed)).toBe(true)
      const error = Exit.isFailure(failed) ? failed.cause : null
      expect(String(JSON.stringify(error))).toContain("MetricsExportFailed")
      expect(JSON.stringify(error)).toContain("400")
      const started = Date.now()
      const paused = await Effect.runPromiseExit(exporter.export(batch(1)))
      // Waiting would mean the 10 s request timeout or the library's 60 s back-off.
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(JSON.stringify(Exit.isFailure(paused) ? paused.cause : null)).toContain("paused")
    } finally {
      await close()
    }
  })

  it("without an endpoint the exporter is not configured", async () => {
    const scope = Effect.runSync(Scope.make())
    const context = await Effect.runPromise(Layer.buildWithScope(MetricsExporterOtel({ url: Option.none(), headers: {}, serviceName: "x", exportIntervalMs: 60_000 }), scope))
    const exporter = context.unsafeMap.get(Platform.MetricsExporter.key) as Platform.MetricsExporter["Type"]
    expect(Option.isNone(exporter.endpoint)).toBe(true)
    const answer = await Effect.runPromiseExit(exporter.export(batch(1)))
    expect(JSON.stringify(Exit.isFailure(answer) ? answer.cause : null)).toContain("MetricsExportNotConfigured")
    await Effect.runPromise(Scope.close(scope, Exit.void))
  })
})
