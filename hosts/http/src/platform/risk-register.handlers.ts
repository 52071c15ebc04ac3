/**
 * The risk register: 13 probes computed on each request from live signals, with the latest
 * acknowledgement and escalation read back from the audit log (the audit rows are the record, so
 * no separate table is needed). Escalation pages on-call through the Pager.
 */
import { type HttpApiGroup } from "@effect/platform"
import { CurrentPrincipal, NotFound } from "@podium/contracts/common"
import { PlatformApi } from "@podium/contracts/platform"
import { Notifications, Platform } from "@podium/core"
import { AllSchedules, AppConfig, defaultObservabilitySettings, HealthProbes, runProbes } from "@podium/host-common"
import { DateTime, Effect, type Layer, Option } from "effect"
import { lastOtlpExport } from "./observability.handlers.js"
import type { PlatformHandlerServices } from "./platform-services.js"
import { computeSlo, requestMetrics } from "./request-metrics.js"
import { apiGroup } from "../serving/served-groups.js"

type Health = "ok" | "warning" | "critical" | "unknown"

interface ProbeResult {
  readonly id: string
  readonly title: string
  readonly health: Health
  readonly signal: string
  readonly recommendedAction: string
}

/** The probe ids, in register order. */
export const RiskIds = [
  "database", "redis", "providers", "job-queue-lag", "dead-jobs", "failed-scheduled-jobs", "scheduler-heartbeat",
  "outbox-dead", "outbox-backlog", "availability-slo", "latency-slo", "audit-chain", "metrics-export"
] as const

const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`

export const RiskRegisterHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "riskRegister">, never, PlatformHandlerServices> =
  apiGroup(PlatformApi, "riskRegister", (handlers) =>
    Effect.gen(function*() {
      const config = yield* AppConfig
      const settings = config.observability ?? defaultObservabilitySettings
      const queue = yield* Platform.JobQueue
      const outbox = yield* Notifications.OutboxRepo
      const audit = yield* Platform.AuditLog
      const probes = yield* HealthProbes
      const pager = yield* Platform.Pager
      const exporter = yield* Platform.MetricsExporter

      const computeAll = Effect.gen(function*() {
        const now = Date.now()
        const [health, counts, pending, summary, schedules, chain] = yield* Effect.all([
          runProbes(probes),
          queue.counts,
          queue.list({ status: "PENDING", limit: 1000 }),
          outbox.summary,
          Platform.scheduleStatus(AllSchedules).pipe(Effect.provideService(Platform.JobQueue, queue)),
          audit.verify(1000)
        ], { concurrency: 4 })
        const probe = (name: string) => health.find(([n]) => n === name)?.[1]
        const dependency = (name: string, title: string): ProbeResult => {
          const h = probe(name)
          return {
            id: name,
            title,
            health: h === undefined ? "unknown" : h.status === "up" ? "ok" : "critical",
            signal: h === undefined ? "no probe registered" : `${h.status}${typeof h.message === "string" ? `: ${h.message}` : ""}${typeof h.backend === "string" ? ` (${h.backend})` : ""}`,
            recommendedAction: `Restore ${title.toLowerCase()}; check its credentials and network path`
          }
        }
        const providers = health.filter(([n]) => n !== "database" && n !== "redis")
        const providersDown = providers.filter(([, h]) => h.status !== "up").map(([n]) => n)
        const due = pending.filter((j) => DateTime.toEpochMillis(j.runAt) <= now)
        const lagMs = due.reduce((max, j) => Math.max(max, now - DateTime.toEpochMillis(j.runAt)), 0)
        const failedSchedules = schedules.filter((s) => Option.exists(s.lastRun, (j) => j.status === "DEAD")).map((s) => s.name)
        const heartbeat = schedules.find((s) => s.name === Platform.HeartbeatName)
        const heartbeatAge = heartbeat === undefined ? null : Option.match(heartbeat.lastRun, { onNone: () => null, onSome: (j) => now - DateTime.toEpochMillis(j.runAt) })
        const slo = computeSlo(requestMetrics.snapshot(), settings)
        const last = lastOtlpExport(exporter)
        const results: ReadonlyArray<ProbeResult> = [
          dependency("database", "Database"),
          dependency("redis", "Redis (rate limits, caches, locks)"),
          {
            id: "providers",
            title: "Provider readiness",
            health: providersDown.length > 0 ? "critical" : "ok",
            signal: providers.length === 0 ? "no external provider probes configured (local recorders in use)" : providersDown.length > 0 ? `down: ${providersDown.join(", ")}` : `${providers.length} provider(s) up`,
            recommendedAction: "Check provider credentials and status pages; fail over to a backup provider"
          },
          {
            id: "job-queue-lag",
            title: "Job queue lag",
            health: lagMs > 15 * 60_000 ? "critical" : lagMs > 2 * 60_000 ? "warning" : "ok",
            signal: `${due.length} due job(s) waiting; oldest ${minutes(lagMs)}`,
            recommendedAction: "Check that workers run and are not saturated; scale workers"
          },
          {
            id: "dead-jobs",
            title: "Dead jobs",
            health: counts.DEAD > 10 ? "critical" : counts.DEAD > 0 ? "warning" : "ok",
            signal: `${counts.DEAD} DEAD job(s)`,
            recommendedAction: "Inspect the jobs' last errors (platform-health/jobs), fix the cause and re-run"
          },
          {
            id: "failed-scheduled-jobs",
            title: "Failed scheduled jobs",
            health: failedSchedules.length > 0 ? "critical" : "ok",
            signal: failedSchedules.length > 0 ? `last run DEAD: ${failedSchedules.join(", ")}` : `${schedules.length} schedule(s), none failed last`,
            recommendedAction: "Read the failed run's error and run the job again from the scheduler view"
          },
          {
            id: "scheduler-heartbeat",
            title: "Scheduler heartbeat",
            health: heartbeatAge === null ? "warning" : heartbeatAge > 5 * 60_000 ? "critical" : "ok",
            signal: heartbeatAge === null ? "no heartbeat recorded yet" : `last heartbeat ${minutes(heartbeatAge)} ago`,
            recommendedAction: "Check that a scheduler process runs (or ALL_IN_ONE is on)"
          },
          {
            id: "outbox-dead",
            title: "Dead notification outbox rows",
            health: summary.deadCount > 10 ? "critical" : summary.deadCount > 0 ? "warning" : "ok",
            signal: `${summary.deadCount} DEAD outbox row(s)`,
            recommendedAction: "Review the failures in the outbox admin and retry them once the provider is healthy"
          },
          {
            id: "outbox-backlog",
            title: "Notification backlog",
            health: summary.oldestPendingAgeMs === null ? "ok" : summary.oldestPendingAgeMs > 30 * 60_000 ? "critical" : summary.oldestPendingAgeMs > 5 * 60_000 ? "warning" : "ok",
            signal: summary.oldestPendingAgeMs === null ? "nothing waiting" : `oldest waiting message ${minutes(summary.oldestPendingAgeMs)} old`,
            recommendedAction: "Check the outbox worker and the channel providers"
          },
          {
            id: "availability-slo",
            title: "Availability SLO",
            health: slo.availability.met === null ? "unknown" : slo.availability.met ? "ok" : "critical",
            signal: slo.availability.actual === null ? "no requests recorded" : `${(slo.availability.actual * 100).toFixed(3)}% against ${(slo.availability.target * 100).toFixed(3)}%`,
            recommendedAction: "Read observability/errors for the defects behind the 5xx answers"
          },
          {
            id: "latency-slo",
            title: "Latency SLO",
            health: slo.latency.met === null ? "unknown" : slo.latency.met ? "ok" : "warning",
            signal: slo.latency.actual === null ? "no requests recorded" : `${(slo.latency.actual * 100).toFixed(2)}% within ${slo.latency.measuredThresholdMs} ms against ${(slo.latency.target * 100).toFixed(2)}%`,
            recommendedAction: "Find slow routes in observability/metrics and slow statements in platform-health/slow-queries"
          },
          {
            id: "audit-chain",
            title: "Audit log integrity",
            health: chain.intact ? "ok" : "critical",
            signal: chain.intact ? `${chain.checked} newest row(s) verified` : `chain broken at seq ${Option.getOrElse(chain.firstBrokenSeq, () => -1)}`,
            recommendedAction: "Treat as a security incident: find who changed the row (database logs) and preserve evidence"
          },
          {
            id: "metrics-export",
            title: "Metrics export",
            health: Option.isNone(exporter.endpoint) ? "warning" : last?.ok === false ? "critical" : "ok",
            signal: Option.isNone(exporter.endpoint) ? "no OTLP endpoint configured" : last === undefined ? "configured; not exported yet from this process" : last.ok ? "last export succeeded" : `last export failed: ${last.error ?? "unknown"}`,
            recommendedAction: "Set OTEL_EXPORTER_OTLP_ENDPOINT and check the collector"
          }
        ]
        return results
      })

      const mark = (action: string, riskId: string) =>
        Effect.map(audit.list({ action, subjectKind: "risk", subjectId: riskId, limit: 1 }), (rows) => {
          const row = rows[0]
          if (row === undefined) return null
          const note = row.data.note ?? row.data.reason
          return { by: row.actorId, at: row.occurredAt.toISOString(), note: typeof note === "string" ? note : null, auditSeq: row.seq }
        })

      const view = (r: ProbeResult, checkedAt: string) =>
        Effect.map(Effect.all([mark("risk.acknowledged", r.id), mark("risk.escalated", r.id)]), ([acknowledged, escalated]) => ({
          ...r,
          lastChecked: checkedAt,
          runbookAnchor: `docs/runbook.md#risk-${r.id}`,
          acknowledged,
          escalated
        }))

      const one = (riskId: string) =>
        Effect.gen(function*() {
          if (!(RiskIds as ReadonlyArray<string>).includes(riskId)) return yield* new NotFound({ message: `No risk named ${riskId}` })
          const all = yield* computeAll
          return yield* view(all.find((r) => r.id === riskId)!, new Date().toISOString())
        })

      return handlers
        .handle("listRisks", () =>
          Effect.gen(function*() {
            const checkedAt = new Date().toISOString()
            const data = yield* Effect.forEach(yield* computeAll, (r) => view(r, checkedAt))
            const summary: Record<string, number> = { ok: 0, warning: 0, critical: 0, unknown: 0 }
            for (const r of data) summary[r.health] = (summary[r.health] ?? 0) + 1
            return { data, count: data.length, summary }
          }))
        .handle("getRisk", ({ path }) => one(path.riskId))
        .handle("acknowledgeRisk", ({ path, payload, request }) =>
          Effect.gen(function*() {
            const me = yield* CurrentPrincipal
            const current = yield* one(path.riskId)
            const correlation = request.headers["x-correlation-id"]
            yield* audit.append({
              action: "risk.acknowledged",
              actor: { kind: "admin", id: me.accountId },
              subject: { kind: "risk", id: path.riskId },
              ...(correlation === undefined ? {} : { correlationId: correlation }),
              data: { note: payload.note, health: current.health, signal: current.signal }
            })
            return yield* one(path.riskId)
          }))
        .handle("escalateRisk", ({ path, payload, request }) =>
          Effect.gen(function*() {
            const me = yield* CurrentPrincipal
            const current = yield* one(path.riskId)
            const receipt = yield* pager.page({
              summary: `Risk escalated: ${current.title} (${current.health}) — ${current.signal}`,
              severity: current.health === "critical" ? "critical" : "warning",
              dedupeKey: `risk:${path.riskId}`,
              test: false,
              details: { reason: payload.reason, escalatedBy: me.accountId }
            })
            const correlation = request.headers["x-correlation-id"]
            yield* audit.append({
              action: "risk.escalated",
              actor: { kind: "admin", id: me.accountId },
              subject: { kind: "risk", id: path.riskId },
              ...(correlation === undefined ? {} : { correlationId: correlation }),
              data: { reason: payload.reason, health: current.health, signal: current.signal, pageId: receipt.pageId, pager: receipt.provider }
            })
            return yield* one(path.riskId)
          }))
    }))
