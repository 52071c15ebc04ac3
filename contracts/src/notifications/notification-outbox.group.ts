/**
 * The operator's outbox (B "Notifications / Outbox"): paginated list of fixed-shape previews (the
 * body is never returned), retry one (DEAD or FAILED → PENDING; SENT or PROCESSING → 409
 * OUTBOX_RETRY_CONFLICT), retry by ids (at most 100, one outcome per id, partial success), bulk
 * redrive by filter (a dry run unless `dryRun: false`) and the summary.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, Bool, IntFromText, NonEmptyStr, OneOf, Optional, Query, says } from "@podium/kernel"
import { Schema } from "effect"
import { Authenticated, op, Requires, Role } from "../common/index.js"
import { IsoInstant, OutboxPreviewView, OutboxStatus, OutboxStatuses, PublicChannel, PublicChannels } from "./notifications.dto.js"

export const OutboxListParams = Query({
  status: Optional(OutboxStatus),
  channel: Optional(PublicChannel),
  from: Optional(IsoInstant),
  to: Optional(IsoInstant),
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
})

export const OutboxPage = Schema.Struct({
  items: Schema.Array(OutboxPreviewView),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
  pageCount: Schema.Int
}).annotations({ identifier: "OutboxPage" })

const StatusCounts = Schema.Record({ key: Schema.Literal(...OutboxStatuses), value: Schema.Int })

export const OutboxSummaryView = Schema.Struct({
  byStatus: StatusCounts,
  byChannel: Schema.Record({ key: Schema.Literal(...PublicChannels), value: StatusCounts }),
  total: Schema.Int,
  oldestPendingAgeMs: Schema.NullOr(Schema.Int).annotations({ description: "Age of the oldest PENDING or FAILED row; null when none waits" }),
  deadCount: Schema.Int,
  lastFailures: Schema.Array(OutboxPreviewView).annotations({ description: "The 10 most recently failed rows (FAILED or DEAD), newest first" })
}).annotations({ identifier: "OutboxSummary" })

/** Ids per retry call. */
export const RetryIdsMax = 100

export const RetryIdsBody = Body({
  ids: Schema.Array(NonEmptyStr).pipe(
    Schema.filter((ids) => ids.length >= 1 && ids.length <= RetryIdsMax),
    Schema.annotations(says(`must contain between 1 and ${RetryIdsMax} elements`))
  )
})

export const RetryIdOutcome = Schema.Struct({
  id: Schema.String,
  outcome: Schema.Literal("RETRIED", "NOT_FOUND", "CONFLICT"),
  status: Schema.optional(Schema.Literal(...OutboxStatuses)),
  statusCode: Schema.Int.annotations({ description: "What a single retry of this id answers: 200, 404 or 409" }),
  code: Schema.optional(Schema.String)
}).annotations({ identifier: "RetryIdOutcome" })

export const RetryIdsResult = Schema.Struct({
  results: Schema.Array(RetryIdOutcome),
  retried: Schema.Int,
  failed: Schema.Int
}).annotations({ identifier: "RetryIdsResult" })

export const BulkRedriveBody = Body({
  status: Optional(OneOf("DEAD", "FAILED")),
  channel: Optional(PublicChannel),
  from: Optional(IsoInstant),
  to: Optional(IsoInstant),
  dryRun: Optional(Bool)
})

export const BulkRedriveResult = Schema.Struct({
  dryRun: Schema.Boolean,
  matched: Schema.Int,
  redriven: Schema.Int
}).annotations({ identifier: "BulkRedriveResult" })

export class NotificationOutboxGroup extends HttpApiGroup.make("notificationOutbox")
  .add(op.get("listOutbox", "/v2/admin/notifications/outbox", { query: OutboxListParams, ok: OutboxPage, summary: "Outbox rows newest first, as fixed-shape previews (masked recipient, never the body); filters status, channel, from, to" }))
  .add(op.get("outboxSummary", "/v2/admin/notifications/outbox/summary", { ok: OutboxSummaryView, summary: "Counts by status and channel, oldest-pending age, dead count, last 10 failures" }))
  .add(op.post("retryOutboxMessage", "/v2/admin/notifications/outbox/:id/retry", { path: Schema.Struct({ id: Schema.String }), ok: OutboxPreviewView, message: "Outbox message queued for retry", summary: "Retry one row: DEAD or FAILED → PENDING (attempts reset, last error cleared); SENT or PROCESSING → 409" }))
  .add(op.post("retryOutboxMessages", "/v2/admin/notifications/outbox/retry", { body: RetryIdsBody, ok: RetryIdsResult, summary: "Retry up to 100 rows by id; one outcome per id (SENT or PROCESSING rows: CONFLICT/409), partial success" }))
  .add(op.post("bulkRedriveOutbox", "/v2/admin/notifications/outbox/bulk-redrive", { body: BulkRedriveBody, ok: BulkRedriveResult, summary: "Redrive every DEAD/FAILED row matching the filter to PENDING; dryRun defaults to true (only counts)" }))
  .middleware(Authenticated)
  .annotate(Requires, Role("admin"))
  .annotate(OpenApi.Title, "Notifications / Outbox")
  .annotate(OpenApi.Description, "The transactional outbox of notifications as operators see it (admin only)")
{}
