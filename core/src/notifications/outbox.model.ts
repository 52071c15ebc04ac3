/**
 * The notification outbox: one row per message a use case produced, written in the same
 * transaction as the change that caused it, delivered by the worker.
 *
 * States: PENDING (due at nextAttemptAt) → PROCESSING (leased by one worker) → SENT | FAILED | DEAD.
 * FAILED means "this attempt failed, another one is due at nextAttemptAt" (the worker claims FAILED
 * rows like PENDING ones); DEAD means the retry policy's attempts are used up or retrying cannot help.
 * SENT also covers a message deliberately not sent because the recipient's preferences disabled it
 * (`skipReason` says why, and the log row is SKIPPED). An operator's retry moves DEAD or FAILED back
 * to PENDING with attempts reset and the last error cleared; SENT and PROCESSING refuse (409).
 */
import { DomainError, makeId } from "@podium/kernel"
import { DateTime, Either, Schema } from "effect"
import { type Channel, Channels } from "./channels.port.js"

export const OutboxId = makeId("OutboxId")
export type OutboxId = typeof OutboxId.Type

export const ChannelSchema = Schema.Literal(...Channels)

export const OutboxStatus = Schema.Literal("PENDING", "PROCESSING", "SENT", "FAILED", "DEAD")
export type OutboxStatus = typeof OutboxStatus.Type
export const OutboxStatuses: ReadonlyArray<OutboxStatus> = OutboxStatus.literals

/** Template variables: names to text. */
export const Variables = Schema.Record({ key: Schema.String, value: Schema.String })
export type Variables = typeof Variables.Type

const Instant = Schema.DateTimeUtcFromDate

/** One outbox row. The row id is the idempotency key handed to the provider. */
export const OutboxMessage = Schema.Struct({
  id: OutboxId,
  channel: ChannelSchema,
  /** Email address, E.164 phone number, device token or chat-app id. */
  recipient: Schema.String,
  /** The user the message is for, when known: preferences are looked up by it. */
  userId: Schema.NullOr(Schema.String),
  /** Template key (rendered by the worker) or null for a literal subject/body. */
  templateKey: Schema.NullOr(Schema.String),
  variables: Variables,
  /** Literal subject/body at enqueue; the rendered ones once delivered. */
  subject: Schema.NullOr(Schema.String),
  body: Schema.NullOr(Schema.String),
  /** Preference category (`challenges`, `events`, `activity`, …); null: transactional, always sent. */
  category: Schema.NullOr(Schema.String),
  /** Journey step that produced it, if any (kept on the log rows). */
  step: Schema.NullOr(Schema.String),
  /** Who produced it (`identity.otp:<challengeId>`, `admin.send:<adminId>`, `log.resend:<logId>`). */
  producer: Schema.NullOr(Schema.String),
  /** Set when an operator resent a FAILED log: the original log row. */
  resendOf: Schema.NullOr(Schema.String),
  status: OutboxStatus,
  attempts: Schema.Number,
  maxAttempts: Schema.Number,
  nextAttemptAt: Instant,
  leaseOwner: Schema.NullOr(Schema.String),
  leaseUntil: Schema.NullOr(Instant),
  lastError: Schema.NullOr(Schema.String),
  /** Why a SENT row was not actually sent (preferences). */
  skipReason: Schema.NullOr(Schema.String),
  providerMessageId: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant,
  sentAt: Schema.NullOr(Instant)
})
export interface OutboxMessage extends Schema.Schema.Type<typeof OutboxMessage> {}

/** No outbox row has this id. */
export class OutboxMessageNotFound extends DomainError<OutboxMessageNotFound>()("OutboxMessageNotFound", { kind: "not-found" }, {
  id: Schema.String
}) {
  override get message() {
    return `No outbox message ${this.id}`
  }
}

/** The row is SENT or PROCESSING and cannot be retried (answered 409). */
export class OutboxRetryConflict extends DomainError<OutboxRetryConflict>()("OutboxRetryConflict", { kind: "conflict", code: (e) => e.code }, {
  id: Schema.String,
  status: OutboxStatus,
  code: Schema.Literal("OUTBOX_RETRY_CONFLICT"),
  message: Schema.String
}) {}

export const outboxRetryConflict = (id: string, status: OutboxStatus) =>
  new OutboxRetryConflict({
    id,
    status,
    code: "OUTBOX_RETRY_CONFLICT",
    message: `Outbox message ${id} is ${status} and cannot be retried`
  })

/** The worker no longer holds the row's lease (it expired and another worker reclaimed it). */
export class OutboxLeaseLost extends Schema.TaggedError<OutboxLeaseLost>()("OutboxLeaseLost", {
  id: Schema.String,
  workerId: Schema.String
}) {}

/** A move the state machine does not allow. */
export class OutboxTransitionNotAllowed extends Schema.TaggedError<OutboxTransitionNotAllowed>()(
  "OutboxTransitionNotAllowed",
  { id: Schema.String, from: OutboxStatus, event: Schema.String }
) {}

export type OutboxEvent =
  | { readonly _tag: "Claim"; readonly workerId: string; readonly leaseUntil: DateTime.Utc }
  | {
    readonly _tag: "Sent"
    readonly providerMessageId: string
    readonly subject: string | null
    readonly body: string | null
  }
  | { readonly _tag: "Skipped"; readonly reason: string }
  | { readonly _tag: "Failed"; readonly error: string; readonly retryAt: DateTime.Utc }
  | { readonly _tag: "Bury"; readonly error: string }
  | { readonly _tag: "Retry" }

/**
 * The whole state machine. Claim is legal from PROCESSING because an expired lease is reclaimed
 * (the adapter checks the expiry); Retry is the operator's move and only DEAD and FAILED allow it.
 */
export const allowedMoves: Readonly<Record<OutboxStatus, Readonly<Partial<Record<OutboxEvent["_tag"], OutboxStatus>>>>> = {
  PENDING: { Claim: "PROCESSING" },
  FAILED: { Claim: "PROCESSING", Retry: "PENDING" },
  PROCESSING: { Claim: "PROCESSING", Sent: "SENT", Skipped: "SENT", Failed: "FAILED", Bury: "DEAD" },
  SENT: {},
  DEAD: { Retry: "PENDING" }
}

/** Statuses an operator may retry. */
export const RetryableStatuses: ReadonlyArray<OutboxStatus> = OutboxStatuses.filter((s) =>
  allowedMoves[s].Retry !== undefined
)

/** Applies one event to a row at `now`, or says the move is illegal (a Retry of SENT/PROCESSING is a conflict). */
export const transition = (
  row: OutboxMessage,
  event: OutboxEvent,
  now: DateTime.Utc
): Either.Either<OutboxMessage, OutboxTransitionNotAllowed | OutboxRetryConflict> => {
  const to = allowedMoves[row.status][event._tag]
  if (to === undefined) {
    return Either.left(
      event._tag === "Retry"
        ? outboxRetryConflict(row.id, row.status)
        : new OutboxTransitionNotAllowed({ id: row.id, from: row.status, event: event._tag })
    )
  }
  const base: OutboxMessage = { ...row, status: to, updatedAt: now }
  const released = { leaseOwner: null, leaseUntil: null }
  switch (event._tag) {
    case "Claim":
      return Either.right({ ...base, attempts: row.attempts + 1, leaseOwner: event.workerId, leaseUntil: event.leaseUntil })
    case "Sent":
      return Either.right({
        ...base,
        ...released,
        providerMessageId: event.providerMessageId,
        subject: event.subject,
        body: event.body,
        lastError: null,
        sentAt: now
      })
    case "Skipped":
      return Either.right({ ...base, ...released, skipReason: event.reason, sentAt: now })
    case "Failed":
      return Either.right({ ...base, ...released, lastError: event.error, nextAttemptAt: event.retryAt })
    case "Bury":
      return Either.right({ ...base, ...released, lastError: event.error })
    case "Retry":
      return Either.right({ ...base, ...released, attempts: 0, lastError: null, nextAttemptAt: now })
  }
}

/** Hides most of a recipient: `as***@example.com`, `+91******3210`, `abcd…wxyz`. */
export const maskRecipient = (channel: Channel, recipient: string): string => {
  if (channel === "EMAIL") {
    const at = recipient.lastIndexOf("@")
    if (at <= 0) return "***"
    const local = recipient.slice(0, at)
    return `${local.slice(0, Math.min(2, local.length - 1))}***${recipient.slice(at)}`
  }
  if (channel === "PUSH") {
    return recipient.length <= 8 ? "***" : `${recipient.slice(0, 4)}…${recipient.slice(-4)}`
  }
  // SMS and chat-app: phone numbers (or ids) keep their prefix sign and last four characters.
  if (recipient.length <= 4) return "***"
  const sign = recipient.startsWith("+") ? "+" : ""
  const keepHead = sign === "+" ? recipient.slice(0, 3) : ""
  return `${keepHead}${"*".repeat(Math.max(3, recipient.length - keepHead.length - 4))}${recipient.slice(-4)}`
}

/** The fixed shape an operator sees of an outbox row: never the subject, body or variables. */
export interface OutboxPreview {
  readonly id: OutboxId
  readonly channel: Channel
  readonly status: OutboxStatus
  /** Masked (see maskRecipient). */
  readonly recipient: string
  readonly templateKey: string | null
  readonly category: string | null
  readonly producer: string | null
  readonly attempts: number
  readonly maxAttempts: number
  readonly lastError: string | null
  readonly skipReason: string | null
  readonly createdAt: DateTime.Utc
  readonly nextAttemptAt: DateTime.Utc
  readonly sentAt: DateTime.Utc | null
}

export const toPreview = (row: OutboxMessage): OutboxPreview => ({
  id: row.id,
  channel: row.channel,
  status: row.status,
  recipient: maskRecipient(row.channel, row.recipient),
  templateKey: row.templateKey,
  category: row.category,
  producer: row.producer,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  lastError: row.lastError,
  skipReason: row.skipReason,
  createdAt: row.createdAt,
  nextAttemptAt: row.nextAttemptAt,
  sentAt: row.sentAt
})

/** Operator filters over the outbox (list and bulk redrive). */
export interface OutboxFilter {
  readonly status?: OutboxStatus | ReadonlyArray<OutboxStatus>
  readonly channel?: Channel
  /** created_at ≥ from */
  readonly from?: DateTime.Utc
  /** created_at < to */
  readonly to?: DateTime.Utc
  /** Rows of one producer (e.g. `clubs.announcement-blast:<id>`). */
  readonly producer?: string
}

/** Whether a row passes a filter (memory twin and tests; the Pg adapter says the same in SQL). */
export const matchesFilter = (row: OutboxMessage, filter: OutboxFilter): boolean => {
  const statuses = filter.status === undefined ? undefined : typeof filter.status === "string" ? [filter.status] : filter.status
  return (statuses === undefined || statuses.includes(row.status)) &&
    (filter.channel === undefined || row.channel === filter.channel) &&
    (filter.producer === undefined || row.producer === filter.producer) &&
    (filter.from === undefined || DateTime.toEpochMillis(row.createdAt) >= DateTime.toEpochMillis(filter.from)) &&
    (filter.to === undefined || DateTime.toEpochMillis(row.createdAt) < DateTime.toEpochMillis(filter.to))
}

/** Counts and recent failures for the operator's summary. */
export interface OutboxSummary {
  readonly byStatus: Readonly<Record<OutboxStatus, number>>
  readonly byChannel: Readonly<Record<Channel, Readonly<Record<OutboxStatus, number>>>>
  readonly total: number
  /** Age in ms of the oldest PENDING or FAILED row (waiting to be sent); null when none waits. */
  readonly oldestPendingAgeMs: number | null
  readonly deadCount: number
  /** The 10 most recently failed rows (FAILED or DEAD), newest first. */
  readonly lastFailures: ReadonlyArray<OutboxPreview>
}

export const emptyStatusCounts = (): Record<OutboxStatus, number> =>
  Object.fromEntries(OutboxStatuses.map((s) => [s, 0])) as Record<OutboxStatus, number>

export const LastFailuresShown = 10
