/**
 * The operator's outbox operations (admin routes of document B "Notifications / Outbox"): list
 * with a fixed-shape preview, retry one, retry by ids (cap 100, per-id outcome), bulk redrive by
 * filter (dry run by default) and the summary.
 */
import { DomainError } from "@podium/kernel"
import { type DateTime, Effect, Schema } from "effect"
import type { Channel } from "./channels.port.js"
import {
  type OutboxFilter,
  type OutboxId,
  type OutboxPreview,
  type OutboxStatus,
  RetryableStatuses,
  toPreview
} from "./outbox.model.js"
import { OutboxRepo } from "./outbox.port.js"

/** Id-list retries take at most this many ids. */
export const RetryIdsCap = 100

/** More ids than the cap (answered 400). */
export class TooManyOutboxIds extends DomainError<TooManyOutboxIds>()("TooManyOutboxIds", { kind: "invalid", code: "TOO_MANY_IDS" }, {
  count: Schema.Number,
  max: Schema.Number,
  message: Schema.String
}) {}

/** Bulk redrive only moves DEAD or FAILED rows (answered 400 for other statuses). */
export class RedriveStatusNotAllowed extends DomainError<RedriveStatusNotAllowed>()("RedriveStatusNotAllowed", { kind: "invalid", message: (e) => `status ${e.message}` }, {
  status: Schema.String,
  message: Schema.String
}) {}

export interface ListOutboxInput {
  readonly status?: OutboxStatus
  readonly channel?: Channel
  readonly from?: DateTime.Utc
  readonly to?: DateTime.Utc
  /** 1-based; default 1. */
  readonly page?: number
  /** Default 20, at most 100. */
  readonly limit?: number
}

export interface OutboxListPage {
  readonly items: ReadonlyArray<OutboxPreview>
  readonly total: number
  readonly page: number
  readonly limit: number
  readonly pageCount: number
}

/** Lists outbox rows newest first as previews (masked recipient, never the body). */
export const listOutbox = Effect.fn("notifications.outbox.list")(function*(input: ListOutboxInput = {}) {
  const limit = Math.min(100, Math.max(1, Math.floor(input.limit ?? 20)))
  const page = Math.max(1, Math.floor(input.page ?? 1))
  const filter: OutboxFilter = {
    ...(input.status === undefined ? {} : { status: input.status }),
    ...(input.channel === undefined ? {} : { channel: input.channel }),
    ...(input.from === undefined ? {} : { from: input.from }),
    ...(input.to === undefined ? {} : { to: input.to })
  }
  const result = yield* (yield* OutboxRepo).list({ ...filter, limit, offset: (page - 1) * limit })
  return {
    items: result.items.map(toPreview),
    total: result.total,
    page,
    limit,
    pageCount: Math.ceil(result.total / limit)
  } satisfies OutboxListPage
})

/** Retries one row: DEAD or FAILED → PENDING; SENT or PROCESSING fail with OutboxRetryConflict (409). */
export const retryOutboxMessage = Effect.fn("notifications.outbox.retry")(function*(id: OutboxId) {
  return toPreview(yield* (yield* OutboxRepo).retry(id))
})

export type RetryOutcome =
  | { readonly id: string; readonly outcome: "RETRIED"; readonly status: OutboxStatus }
  | { readonly id: string; readonly outcome: "NOT_FOUND" }
  | { readonly id: string; readonly outcome: "CONFLICT"; readonly status: OutboxStatus; readonly code: "OUTBOX_RETRY_CONFLICT" }

/** Retries up to 100 rows by id, each on its own: partial success, one outcome per distinct id in input order. */
export const retryOutboxMessages = Effect.fn("notifications.outbox.retryMany")(function*(ids: ReadonlyArray<OutboxId>) {
  const distinct = [...new Set(ids)]
  if (distinct.length > RetryIdsCap) {
    return yield* new TooManyOutboxIds({
      count: distinct.length,
      max: RetryIdsCap,
      message: `ids must contain no more than ${RetryIdsCap} elements`
    })
  }
  const outbox = yield* OutboxRepo
  const results = yield* Effect.forEach(distinct, (id) =>
    outbox.retry(id).pipe(
      Effect.map((row): RetryOutcome => ({ id, outcome: "RETRIED", status: row.status })),
      Effect.catchTags({
        OutboxMessageNotFound: () => Effect.succeed<RetryOutcome>({ id, outcome: "NOT_FOUND" }),
        OutboxRetryConflict: (e) =>
          Effect.succeed<RetryOutcome>({ id, outcome: "CONFLICT", status: e.status, code: "OUTBOX_RETRY_CONFLICT" })
      })
    ))
  return {
    results,
    retried: results.filter((r) => r.outcome === "RETRIED").length,
    failed: results.filter((r) => r.outcome !== "RETRIED").length
  }
})

export interface BulkRedriveInput {
  /** DEAD or FAILED; both when absent. */
  readonly status?: OutboxStatus
  readonly channel?: Channel
  readonly from?: DateTime.Utc
  readonly to?: DateTime.Utc
  /** Default true: only report what would be redriven. */
  readonly dryRun?: boolean
}

/** Redrives every DEAD/FAILED row matching the filter back to PENDING; a dry run (the default) only counts. */
export const bulkRedriveOutbox = Effect.fn("notifications.outbox.bulkRedrive")(function*(input: BulkRedriveInput = {}) {
  if (input.status !== undefined && !RetryableStatuses.includes(input.status)) {
    return yield* new RedriveStatusNotAllowed({
      status: input.status,
      message: `status must be one of the following values: ${RetryableStatuses.join(", ")}`
    })
  }
  const dryRun = input.dryRun ?? true
  const filter: OutboxFilter = {
    status: input.status ?? RetryableStatuses,
    ...(input.channel === undefined ? {} : { channel: input.channel }),
    ...(input.from === undefined ? {} : { from: input.from }),
    ...(input.to === undefined ? {} : { to: input.to })
  }
  const { matched, redriven } = yield* (yield* OutboxRepo).redrive(filter, dryRun)
  return { dryRun, matched, redriven }
})

/** Counts by status and channel, oldest-pending age, dead count, last 10 failures. */
export const outboxSummary = Effect.fn("notifications.outbox.summary")(function*() {
  return yield* (yield* OutboxRepo).summary
})
