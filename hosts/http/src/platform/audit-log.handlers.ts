/**
 * The audit log viewer: list (and its deprecated alias), chain health, CSV export. Every operation
 * needs an admin holding `platform.operate`. The export is itself audited; the row stores a digest
 * of the filters, the row count and the reason's length (not the filters or the reason's text).
 */
import { type HttpApiGroup, HttpApp, HttpServerResponse } from "@effect/platform"
import { PlatformApi } from "@podium/contracts/platform"
import { Platform } from "@podium/core"
import { Effect, type Layer } from "effect"
import { createHash } from "node:crypto"
import type { PlatformHandlerServices } from "./platform-services.js"
import { CurrentPrincipal } from "@podium/contracts/common"
import { apiGroup } from "../serving/served-groups.js"

/** Default and cap of the chain-health window (A section 8). */
export const DefaultChainWindow = 10_000
/** Rows in one CSV export at most. */
export const ExportRowCap = 5000
const DefaultPageSize = 50

interface FilterInput {
  readonly actor?: string
  readonly subjectType?: string
  readonly subjectId?: string
  readonly action?: string
  readonly from?: string
  readonly to?: string
}

const toFilter = (q: FilterInput) => ({
  ...(q.actor === undefined ? {} : { actorId: q.actor }),
  ...(q.subjectType === undefined ? {} : { subjectKind: q.subjectType }),
  ...(q.subjectId === undefined ? {} : { subjectId: q.subjectId }),
  ...(q.action === undefined ? {} : { action: q.action }),
  ...(q.from === undefined ? {} : { from: new Date(q.from) }),
  ...(q.to === undefined ? {} : { to: new Date(q.to) })
})

const view = (e: Platform.AuditEntry) => ({
  seq: e.seq,
  id: e.id,
  occurredAt: e.occurredAt.toISOString(),
  action: e.action,
  actorKind: e.actorKind,
  actorId: e.actorId,
  subjectType: e.subjectKind,
  subjectId: e.subjectId,
  reason: e.reason,
  correlationId: e.correlationId,
  data: { ...e.data },
  prevHash: e.prevHash,
  hash: e.hash
})

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; formula-leading cells defused. */
export const csvField = (value: unknown): string => {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll("\"", "\"\"")}"` : text
}

const CsvColumns = ["seq", "id", "occurredAt", "action", "actorKind", "actorId", "subjectType", "subjectId", "reason", "correlationId", "data", "prevHash", "hash"] as const

export const auditCsv = (entries: ReadonlyArray<Platform.AuditEntry>): string =>
  [CsvColumns.join(","), ...entries.map((e) => {
    const v = view(e)
    return CsvColumns.map((c) => csvField(v[c])).join(",")
  })].join("\r\n") + "\r\n"

export const AuditLogHandlers: Layer.Layer<HttpApiGroup.ApiGroup<"podium", "auditLog">, never, PlatformHandlerServices> = apiGroup(PlatformApi, "auditLog", (handlers) =>
  Effect.gen(function*() {
    const audit = yield* Platform.AuditLog
    const list = (q: FilterInput & { readonly cursor?: number; readonly limit?: number }) =>
      Effect.gen(function*() {
        const limit = q.limit ?? DefaultPageSize
        const rows = yield* audit.list({ ...toFilter(q), ...(q.cursor === undefined ? {} : { beforeSeq: q.cursor }), limit: limit + 1 })
        const page = rows.slice(0, limit)
        return { data: page.map(view), count: page.length, nextCursor: rows.length > limit ? page[page.length - 1]!.seq : null }
      })
    return handlers
      .handle("listAuditLog", ({ urlParams }) => list(urlParams))
      .handle("listAuditLogsDeprecated", ({ urlParams }) =>
        list(urlParams).pipe(
          Effect.tap(() =>
            HttpApp.appendPreResponseHandler((_request, response) =>
              Effect.succeed(HttpServerResponse.setHeaders(response, {
                deprecation: "true",
                link: "</v2/admin/audit-log>; rel=\"successor-version\""
              }))
            )
          )
        ))
      .handle("auditChainHealth", ({ urlParams }) =>
        Effect.gen(function*() {
          const window = urlParams.window ?? DefaultChainWindow
          const health = yield* audit.verify(window)
          return { window, checked: health.checked, intact: health.intact, firstBrokenSeq: health.firstBrokenSeq._tag === "Some" ? health.firstBrokenSeq.value : null }
        }))
      .handle("exportAuditLog", ({ payload, request }) =>
        Effect.gen(function*() {
          const me = yield* CurrentPrincipal
          const { reason, ...filters } = payload
          const rows = yield* audit.list({ ...toFilter(filters), limit: ExportRowCap })
          const filterDigest = createHash("sha256").update(Platform.stableJson(filters)).digest("hex")
          const correlation = request.headers["x-correlation-id"]
          yield* audit.append({
            action: "admin.audit_log.exported",
            actor: { kind: "admin", id: me.accountId },
            ...(correlation === undefined ? {} : { correlationId: correlation }),
            data: { filterDigest, rowCount: rows.length, reasonLen: reason.length }
          })
          return auditCsv(rows)
        }))
  }))
