/**
 * The audit log viewer (B Audit log, A section 8): the hash-chained log filtered by actor, subject,
 * action and date range with a cursor over `seq` (newest first), the chain-health check of a window
 * of the newest rows, and the CSV export (reason required, itself audited). `/v2/admin/audit-logs`
 * is the deprecated alias of the list. Needs `platform.operate`.
 */
import { HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Body, IntFromText, Optional, Query, says, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"

/** An ISO-8601 instant in a query or body (`2026-01-31T00:00:00Z` or a date `2026-01-31`). */
export const IsoInstant = Schema.String.pipe(
  Schema.filter((s) => s.length <= 40 && /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s))),
  Schema.annotations(says("must be an ISO-8601 date or date-time"))
)

const Short = StrLength(1, 200)

/** The viewer's filters. */
export const AuditFilterFields = {
  actor: Optional(Short),
  subjectType: Optional(Short),
  subjectId: Optional(Short),
  action: Optional(Short),
  from: Optional(IsoInstant),
  to: Optional(IsoInstant)
}

export const AuditLogQuery = Query({
  ...AuditFilterFields,
  /** The `nextCursor` of the previous page: rows with a smaller seq. */
  cursor: Optional(IntFromText(1, Number.MAX_SAFE_INTEGER)),
  limit: Optional(IntFromText(1, 200))
})

export const AuditEntryView = Schema.Struct({
  seq: Schema.Int,
  id: Schema.String,
  occurredAt: Schema.String,
  action: Schema.String,
  actorKind: Schema.String,
  actorId: Schema.NullOr(Schema.String),
  subjectType: Schema.NullOr(Schema.String),
  subjectId: Schema.NullOr(Schema.String),
  reason: Schema.NullOr(Schema.String),
  correlationId: Schema.NullOr(Schema.String),
  data: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  prevHash: Schema.String,
  hash: Schema.String
}).annotations({ identifier: "AuditEntry" })

export const AuditLogPage = Schema.Struct({
  data: Schema.Array(AuditEntryView),
  count: Schema.Int,
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "AuditLogPage" })

/** The window is capped at 100000 rows (400 above). */
export const ChainHealthQuery = Query({ window: Optional(IntFromText(1, 100_000)) })

export const ChainHealthView = Schema.Struct({
  window: Schema.Int,
  checked: Schema.Int,
  intact: Schema.Boolean,
  /** Seq of the first row whose hash or link does not match; null when intact. */
  firstBrokenSeq: Schema.NullOr(Schema.Int)
}).annotations({ identifier: "AuditChainHealth" })

export const AuditExportBody = Body({
  reason: StrLength(10, 500).annotations(says("must be 10 to 500 characters")),
  ...AuditFilterFields
}).annotations({ identifier: "AuditLogExportDto" })

/** RFC 4180 CSV of the matching rows (newest first, at most 5000). */
export const AuditCsv = HttpApiSchema.Text({ contentType: "text/csv" })

export class AuditLogGroup extends HttpApiGroup.make("auditLog")
  .add(op.get("listAuditLog", "/v2/admin/audit-log", { query: AuditLogQuery, ok: AuditLogPage, summary: "Audit log rows, newest first; filters actor, subjectType+subjectId, action, from/to; cursor pagination by seq" }))
  .add(op.get("listAuditLogsDeprecated", "/v2/admin/audit-logs", { query: AuditLogQuery, ok: AuditLogPage, summary: "Deprecated alias of GET /v2/admin/audit-log (answers Deprecation and Link headers)" }).annotate(OpenApi.Deprecated, true))
  .add(op.get("auditChainHealth", "/v2/admin/audit-log/chain-health", { query: ChainHealthQuery, ok: ChainHealthView, summary: "Verifies the hash chain over the newest `window` rows (default 10000, at most 100000)" }))
  .add(op.post("exportAuditLog", "/v2/admin/audit-log/export", { body: AuditExportBody, success: AuditCsv, summary: "CSV export of the filtered log (at most 5000 rows); audited as admin.audit_log.exported" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("platform.operate"))
  .annotate(OpenApi.Title, "Audit log")
  .annotate(OpenApi.Description, "The shared hash-chained audit log; permission platform.operate")
{}
