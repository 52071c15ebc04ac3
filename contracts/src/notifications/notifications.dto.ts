/**
 * Shared pieces of the notifications area: the public channel names (`email`, `sms`, `push`,
 * `chatapp`, as the spec's template paths spell them), statuses, the ISO-date query parameter and
 * the outbox preview every admin outbox answer uses (never the subject, body or variables).
 */
import { OneOf, says } from "@podium/kernel"
import { Schema } from "effect"

export const PublicChannels = ["email", "sms", "push", "chatapp"] as const
export type PublicChannel = (typeof PublicChannels)[number]
export const PublicChannel = OneOf(...PublicChannels)

export const OutboxStatuses = ["PENDING", "PROCESSING", "SENT", "FAILED", "DEAD"] as const
export const OutboxStatus = OneOf(...OutboxStatuses)

export const LogStatuses = ["SENT", "FAILED", "SKIPPED"] as const
export const LogStatus = OneOf(...LogStatuses)

/** An ISO 8601 instant given as text (`2025-01-31T10:00:00Z`, `2025-01-31`), decoded to a Date. */
export const IsoInstant = Schema.transform(
  Schema.String.pipe(
    Schema.filter((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s))),
    Schema.annotations(says("must be a valid ISO 8601 date string"))
  ),
  Schema.DateFromSelf,
  { strict: true, decode: (s) => new Date(s), encode: (d) => d.toISOString() }
).annotations({ ...says("must be a valid ISO 8601 date string"), jsonSchema: { type: "string", format: "date-time" } })

/** The fixed shape of an outbox row an operator sees: masked recipient, never subject, body or variables. */
export const OutboxPreviewView = Schema.Struct({
  id: Schema.String,
  channel: Schema.Literal(...PublicChannels),
  status: Schema.Literal(...OutboxStatuses),
  recipient: Schema.String.annotations({ description: "Masked: a***@example.com, +91******3210, abcd…wxyz" }),
  templateKey: Schema.NullOr(Schema.String),
  category: Schema.NullOr(Schema.String),
  producer: Schema.NullOr(Schema.String),
  attempts: Schema.Int,
  maxAttempts: Schema.Int,
  lastError: Schema.NullOr(Schema.String),
  skipReason: Schema.NullOr(Schema.String),
  createdAt: Schema.Date,
  nextAttemptAt: Schema.Date,
  sentAt: Schema.NullOr(Schema.Date)
}).annotations({ identifier: "OutboxPreview" })
export type OutboxPreviewView = typeof OutboxPreviewView.Type
