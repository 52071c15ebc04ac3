/** Records of the compliance context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant } from "../record.js"

export const ConsentState = Schema.Struct({
  purpose: Schema.String,
  granted: Schema.Boolean,
  /** When it last changed; null when never set. */
  updatedAt: Schema.NullOr(Instant)
})
export interface ConsentState extends Schema.Schema.Type<typeof ConsentState> {}

/** One row of the append-only consent history: a change (an idempotent repeat writes nothing). */
export const ConsentEvent = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  purpose: Schema.String,
  granted: Schema.Boolean,
  source: Schema.String,
  createdAt: Instant
})
export interface ConsentEvent extends Schema.Schema.Type<typeof ConsentEvent> {}

export const AccountMergeStatuses = ["PROPOSED", "CANCELLED", "EXECUTED"] as const
export type AccountMergeStatus = (typeof AccountMergeStatuses)[number]

export const AccountMerge = Schema.Struct({
  id: Schema.String,
  sourceUserId: Schema.String,
  targetUserId: Schema.String,
  reason: Schema.String,
  status: Schema.Literal(...AccountMergeStatuses),
  proposedBy: Schema.String,
  createdAt: Instant,
  updatedAt: Instant,
  cancelledAt: Schema.NullOr(Instant),
  executedAt: Schema.NullOr(Instant),
  /** What the execution moved (counts per kind of record); null until executed. */
  result: Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.Number }))
})
export interface AccountMerge extends Schema.Schema.Type<typeof AccountMerge> {}
