/**
 * Observability and platform health through the real host: request counts and latency histograms
 * by route (JSON and Prometheus text that parses line by line), queues, defects with request ids
 * fed by the pipeline, SLO from the recorded metrics, paging through the local recorder, OTLP/HTTP
 * JSON export to a local receiver (503 when unconfigured), the public status, platform health.
 */
import { HttpLayerRouter } from "@effect/platform"
import { Identity } from "@podium/core"
import { RecordedPages } from "@podium/host-common"
import { Effect } from "effect"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RealHost, startRealHost } from "../support/real-host.js"
import { bearer, createAdmin } from "../support/sign-in.js"

let host: RealHost
let token: string
let otherToken: string
let receiver: Server
let receiverStatus = 200
// biome-ignore lint/suspicious/noExplicitAny: the received OTLP JSON is inspected loosely
const received: Array<{ path: string; contentType: string; headers: Record<string, unknown>; body: any }> = []

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let text = ""
    req.on("data", (c) => (text += c))
    req.on("end", () => {
      received.push({ path: req.url ?? "", contentType: String(req.headers["content-type"]), headers: req.headers, body: JSON.parse(text) })
      res.writeHead(receiverStatus, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  const port = (receiver.address() as AddressInfo).port
  host = await startRealHost(import.meta.url, {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_EXPORTER_OTLP_HEADERS: "x-api-key=secret%20key",
    OTEL_SERVICE_NAME: "podium-test",
    SLO_LATENCY_THRESHOLD_MS: "500"
  }, {
    extraRoutes: () => HttpLayerRouter.add("GET", "/test/boom", Effect.die(new Error("kaboom in a handler")))
  })
  const tokenFor = async (id: string) => (await host.run(Identity.startSession({ account: { kind: "admin", id }, role: "admin" }))).accessToken
  token = await tokenFor((await createAdmin(host, ["platform.operate"])).id)
  otherToken = await tokenFor((await createAdmin(host, ["admins.read"])).id)
})
afterAll(async () => {
  await host?.close()
  receiver?.close()
})

const get = (path: string, t = token, headers: Record<string, string> = {}) => host.http.get(path, { headers: { ...bearer(t), ...headers } })
const post = (path: string, t = token) => host.http.request("POST", path, undefined, bearer(t))

/** Parses Prometheus text exposition: every line is a comment (HELP/TYPE) or `name{labels} value`. */
const parseProm = (text: string) => {
  const samples: Array<{ name: string; labels: Record<string, string>; value: number }> = []
  const types = new Map<string, string>()
  expect(text.endsWith("\n")).toBe(true)
  for (const line of text.slice(0, -1).split("\n")) {
    if (line.startsWith("# HELP ")) {
      expect(line).toMatch(/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/)
      continue
    }
    if (line.startsWith("# TYPE ")) {
      const m = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line)
      expect(m, line).not.toBeNull()
      types.set(m![1]!, m![2]!)
      continue
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*")*)?\})? (-?[0-9.e+-]+|\+Inf|-Inf|NaN)$/.exec(line)
    expect(m, `unparseable line: ${line}`).not.toBeNull()
    const labels: Record<string, string> = {}
    for (const [, k, v] of (m![2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!
    const family = m![1]!.replace(/_(bucket|sum|count)$/, "")
    expect(types.has(m![1]!) || types.get(family) === "histogram", `sample before its TYPE: ${line}`).toBe(true)
    samples.push({ name: m![1]!, labels, value: Number(m![3]!.replace("+Inf", "Infinity")) })
  }
  return { samples, types }
}

describe("observability", () => {
  it("records requests by route with latency histograms, as JSON and as Prometheus text that parses", async () => {
    for (let i = 0; i < 3; i++) await host.http.get("/health/live")
    await host.http.get(`/v2/admins/${crypto.randomUUID()}`) // 401: counted under the :id route
    await host.http.get("/no/such/route/at/all")

    const json = await get("/v2/admin/observability/metrics")
    expect(json.status).toBe(200)
    const routes = json.body.data.http.routes
    const live = routes.find((r: { route: string; method: string }) => r.route === "/health/live" && r.method === "GET")
    expect(live.count).toBeGreaterThanOrEqual(3)
    expect(live.byStatus["200"]).toBeGreaterThanOrEqual(3)
    expect(live.buckets.reduce((a: number, b: { count: number }) => a + b.count, 0)).toBe(live.count)
    expect(routes.some((r: { route: string }) => r.route === "/v2/admins/:id")).toBe(true)
    expect(routes.some((r: { route: string }) => r.route === "unmatched")).toBe(true)
    expect(routes.some((r: { route: string }) => r.route.includes("no/such"))).toBe(false)
    expect(json.body.data.jobs).toHaveProperty("PENDING")
    expect(json.body.data.outbox.byStatus).toHaveProperty("DEAD")
    expect(json.body.data.db).toMatchObject({ available: true })
    expect(json.body.data.db.total).toBeGreaterThan(0)

    const prom = await get("/v2/admin/observability/metrics.prom")
    expect(prom.status).toBe(200)
    expect(prom.headers.get("content-type")).toContain("text/plain")
    const { samples, types } = parseProm(prom.text)
    expect(types.get("podium_http_requests_total")).toBe("counter")
    expect(types.get("podium_http_request_duration_seconds")).toBe("histogram")
    const liveCount = samples.find((s) => s.name === "podium_http_request_duration_seconds_count" && s.labels.route === "/health/live")!
    const liveInf = samples.find((s) => s.name === "podium_http_request_duration_seconds_bucket" && s.labels.route === "/health/live" && s.labels.le === "+Inf")!
    expect(liveInf.value).toBe(liveCount.value)
    const liveBuckets = samples.filter((s) => s.name === "podium_http_request_duration_seconds_bucket" && s.labels.route === "/health/live")
    for (let i = 1; i < liveBuckets.length; i++) expect(liveBuckets[i]!.value).toBeGreaterThanOrEqual(liveBuckets[i - 1]!.value)
    expect(samples.some((s) => s.name === "podium_jobs" && s.labels.status === "DEAD")).toBe(true)
    expect(samples.some((s) => s.name === "podium_outbox_messages")).toBe(true)
    expect(samples.some((s) => s.name === "podium_db_connections" && s.labels.state === "active")).toBe(true)
  })

  it("keeps recent defects with their request ids and counts them against availability in the SLO", async () => {
    const boom = await host.http.get("/test/boom", { headers: { "x-request-id": "req-boom-1", "x-correlation-id": "corr-1" } })
    expect(boom.status).toBe(500)
    expect(boom.body.message).toBe("Internal server error")
    const errors = await get("/v2/admin/observability/errors")
    expect(errors.status).toBe(200)
    const defect = errors.body.data.data.find((d: { requestId: string }) => d.requestId === "req-boom-1")
    expect(defect).toMatchObject({ method: "GET", path: "/test/boom", status: 500, correlationId: "corr-1" })
    expect(defect.message).toContain("kaboom in a handler")
    expect(errors.body.data.total).toBeGreaterThanOrEqual(1)

    const slo = await get("/v2/admin/observability/slo")
    expect(slo.status).toBe(200)
    const { availability, latency, window } = slo.body.data
    expect(availability.target).toBe(0.995)
    expect(availability.serverErrors).toBeGreaterThanOrEqual(1)
    expect(availability.actual).toBeCloseTo((window.requests - availability.serverErrors) / window.requests, 10)
    expect(latency).toMatchObject({ target: 0.95, thresholdMs: 500, measuredThresholdMs: 500 })
    expect(latency.actual).toBeGreaterThan(0)
    expect(latency.actual).toBeLessThanOrEqual(1)
  })

  it("shows queues and incident-paging config, and sends a test page through the pager", async () => {
    const queues = await get("/v2/admin/observability/queues")
    expect(queues.status).toBe(200)
    expect(queues.body.data.jobs.byStatus).toHaveProperty("SUCCEEDED")
    expect(queues.body.data.outbox).toHaveProperty("byChannel")
    const config = await get("/v2/admin/observability/incident-paging")
    expect(config.body.data).toMatchObject({ provider: "local-recorder", reachesHumans: false, onCall: "platform-oncall" })
    expect(config.body.data.triggers.length).toBeGreaterThan(0)
    const sent = await post("/v2/admin/observability/incident-paging/test")
    expect(sent.status).toBe(201)
    expect(sent.body.data).toMatchObject({ provider: "local-recorder", test: true })
    const pages = await host.run(Effect.map(RecordedPages, (r) => r.all()) as never) as ReadonlyArray<{ pageId: string; test: boolean }>
    expect(pages.some((p) => p.pageId === sent.body.data.pageId && p.test)).toBe(true)
  })

  it("exports the metrics as OTLP/HTTP JSON to the configured receiver and reports the outcome", async () => {
    const before = await get("/v2/admin/observability/otlp-status")
    expect(before.body.data).toMatchObject({ configured: true, protocol: "http/json", serviceName: "podium-test" })
    expect(before.body.data.endpoint).toMatch(/\/v1\/metrics$/)
    const exported = await post("/v2/admin/observability/otlp/export-now")
    expect(exported.status).toBe(201)
    expect(exported.body.data.status).toBe(200)
    const request = received.at(-1)!
    expect(request.path).toBe("/v1/metrics")
    expect(request.contentType).toBe("application/json")
    expect(request.headers["x-api-key"]).toBe("secret key")
    const resource = request.body.resourceMetrics[0]
    expect(resource.resource.attributes).toContainEqual({ key: "service.name", value: { stringValue: "podium-test" } })
    const metrics = resource.scopeMetrics[0].metrics
    const counter = metrics.find((m: { name: string }) => m.name === "http.server.requests")
    expect(counter.sum).toMatchObject({ aggregationTemporality: 2, isMonotonic: true })
    expect(counter.sum.dataPoints.length).toBeGreaterThan(0)
    const histogram = metrics.find((m: { name: string }) => m.name === "http.server.request.duration")
    const point = histogram.histogram.dataPoints[0]
    expect(point.bucketCounts).toHaveLength(point.explicitBounds.length + 1)
    expect(point.bucketCounts.reduce((a: number, b: string) => a + Number(b), 0)).toBe(Number(point.count))
    expect(exported.body.data.dataPoints).toBeGreaterThan(0)
    const after = await get("/v2/admin/observability/otlp-status")
    expect(after.body.data.lastExport).toMatchObject({ ok: true, status: 200 })

    receiverStatus = 500
    const failed = await post("/v2/admin/observability/otlp/export-now")
    receiverStatus = 200
    expect(failed.status).toBe(503)
    expect(failed.body.code).toBe("OTLP_EXPORT_FAILED")
    expect((await get("/v2/admin/observability/otlp-status")).body.data.lastExport).toMatchObject({ ok: false, status: 500 })
  })

  it("serves the public metrics status without figures, and guards the admin routes", async () => {
    const status = await host.http.get("/v2/observability/metrics-status")
    expect(status.status).toBe(200)
    expect(status.body.data).toMatchObject({ collecting: true, otlpExport: true })
    expect(status.body.data.formats).toEqual(["json", "prometheus", "otlp-http-json"])
    for (const path of ["metrics", "metrics.prom", "queues", "errors", "slo", "incident-paging", "otlp-status"]) {
      expect((await get(`/v2/admin/observability/${path}`, otherToken)).status).toBe(403)
    }
    expect((await post("/v2/admin/observability/incident-paging/test", otherToken)).status).toBe(403)
    expect((await post("/v2/admin/observability/otlp/export-now", otherToken)).status).toBe(403)
    expect((await host.http.get("/v2/admin/observability/metrics")).status).toBe(401)
  })

  it("reports platform health: jobs, services, slow queries (or why they are not available)", async () => {
    const snapshot = await get("/v2/admin/platform-health")
    expect(snapshot.status).toBe(200)
    expect(["ok", "degraded"]).toContain(snapshot.body.data.status)
    const services = await get("/v2/admin/platform-health/services")
    const names = services.body.data.data.map((s: { name: string }) => s.name)
    expect(names).toEqual(expect.arrayContaining(["database", "pager", "otlp-export"]))
    expect(services.body.data.data.find((s: { name: string }) => s.name === "database").status).toBe("up")
    const jobs = await get("/v2/admin/platform-health/jobs")
    expect(jobs.body.data.byStatus).toHaveProperty("DEAD")
    expect(jobs.body.data.schedules.map((s: { name: string }) => s.name)).toContain("platform.heartbeat")
    const slow = await get("/v2/admin/platform-health/slow-queries")
    expect(slow.status).toBe(200)
    if (slow.body.data.available) expect(Array.isArray(slow.body.data.data)).toBe(true)
    else expect(slow.body.data.reason).toMatch(/pg_stat_statements/)
    for (const path of ["", "/jobs", "/services", "/slow-queries"]) {
      expect((await get(`/v2/admin/platform-health${path}`, otherToken)).status).toBe(403)
    }
  })
})

describe("observability without an OTLP endpoint", () => {
  it("answers 503 OTLP_NOT_CONFIGURED for export-now and reports it unconfigured", async () => {
    const plain = await startRealHost(`${import.meta.url}#plain`)
    try {
      const admin = await createAdmin(plain, ["platform.operate"])
      const t = (await plain.run(Identity.startSession({ account: { kind: "admin", id: admin.id }, role: "admin" }))).accessToken
      const answer = await plain.http.request("POST", "/v2/admin/observability/otlp/export-now", undefined, bearer(t))
      expect(answer.status).toBe(503)
      expect(answer.body.code).toBe("OTLP_NOT_CONFIGURED")
      const status = await plain.http.get("/v2/admin/observability/otlp-status", { headers: bearer(t) })
      expect(status.body.data).toMatchObject({ configured: false, endpoint: null, lastExport: null })
    } finally {
      await plain.close()
    }
  })
})
