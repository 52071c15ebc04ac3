/**
 * Data rights: per-purpose consent with an append-only history, erasure requests (PII
 * scrambled at once, hard delete after the cool-off unless a legal hold), personal-data export and
 * admin account merge proposals. Plain records and the domain errors of the context.
 */
import { Schema } from "effect"

/** Purposes an athlete can grant or withdraw consent for (all withdrawn until granted). */
export const ConsentPurposes = [
  "marketing_email",
  "marketing_sms",
  "marketing_push",
  "analytics",
  "personalization",
  "third_party_sharing",
  "research"
] as const
export type ConsentPurpose = (typeof ConsentPurposes)[number]

export interface ConsentState {
  readonly purpose: string
  readonly granted: boolean
  /** When it last changed; null when never set. */
  readonly updatedAt: Date | null
}

/** One row of the append-only consent history: a change (an idempotent repeat writes nothing). */
export interface ConsentEvent {
  readonly id: string
  readonly userId: string
  readonly purpose: string
  readonly granted: boolean
  readonly source: string
  readonly createdAt: Date
}

export const ErasureStatuses = ["REQUESTED", "CANCELLED", "CONFIRMED", "REJECTED"] as const
export type ErasureStatus = (typeof ErasureStatuses)[number]

export interface ErasureRequest {
  readonly id: string
  readonly userId: string
  readonly status: ErasureStatus
  readonly reason: string | null
  readonly requestedAt: Date
  /** The end of the cool-off: the user may cancel before it, the tick confirms after it. */
  readonly coolOffUntil: Date
  readonly cancelledAt: Date | null
  readonly confirmedAt: Date | null
  /** When the personal data was hard-deleted (null while pending or under legal hold). */
  readonly hardDeletedAt: Date | null
  readonly holdReason: string | null
  readonly holdStatute: string | null
  readonly holdRetainUntil: string | null
  readonly heldBy: string | null
  readonly heldAt: Date | null
}

export const AccountMergeStatuses = ["PROPOSED", "CANCELLED", "EXECUTED"] as const
export type AccountMergeStatus = (typeof AccountMergeStatuses)[number]

export interface AccountMerge {
  readonly id: string
  readonly sourceUserId: string
  readonly targetUserId: string
  readonly reason: string
  readonly status: AccountMergeStatus
  readonly proposedBy: string
  readonly createdAt: Date
  readonly updatedAt: Date
  readonly cancelledAt: Date | null
  readonly executedAt: Date | null
  /** What the execution moved (counts per kind of record); null until executed. */
  readonly result: Readonly<Record<string, number>> | null
}

/** What executing a merge would move from the source to the target, computed without persisting. */
export interface MergePreview {
  readonly sourceUserId: string
  readonly targetUserId: string
  readonly moves: Readonly<Record<string, number>>
  readonly conflicts: ReadonlyArray<string>
}

/** The minimum length of a merge proposal's reason. */
export const MergeReasonMinLength = 8

// ---- errors ----

export class UserNotFound extends Schema.TaggedError<UserNotFound>()("UserNotFound", { userId: Schema.String }) {
  override get message() {
    return `No user ${this.userId}`
  }
}

export class ErasureRequestNotFound extends Schema.TaggedError<ErasureRequestNotFound>()("ErasureRequestNotFound", { id: Schema.String }) {
  override get message() {
    return `No erasure request ${this.id}`
  }
}

/** The user already has an erasure request in cool-off. */
export class ErasureAlreadyRequested extends Schema.TaggedError<ErasureAlreadyRequested>()("ErasureAlreadyRequested", { id: Schema.String }) {
  override get message() {
    return `An erasure request is already open (${this.id})`
  }
}

/** The request is not in the state the action needs (cancel after cool-off, reject after confirmation…). */
export class ErasureNotPending extends Schema.TaggedError<ErasureNotPending>()("ErasureNotPending", {
  id: Schema.String,
  status: Schema.String,
  detail: Schema.String
}) {
  override get message() {
    return this.detail
  }
}

export class AccountMergeNotFound extends Schema.TaggedError<AccountMergeNotFound>()("AccountMergeNotFound", { id: Schema.String }) {
  override get message() {
    return `No account merge ${this.id}`
  }
}

/** Either user already has an open (PROPOSED) merge proposal. */
export class AccountMergeConflict extends Schema.TaggedError<AccountMergeConflict>()("AccountMergeConflict", { detail: Schema.String }) {
  override get message() {
    return this.detail
  }
}

export class AccountMergeInvalid extends Schema.TaggedError<AccountMergeInvalid>()("AccountMergeInvalid", { detail: Schema.String }) {
  override get message() {
    return this.detail
  }
}

export class AccountMergeNotProposed extends Schema.TaggedError<AccountMergeNotProposed>()("AccountMergeNotProposed", {
  id: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `Account merge ${this.id} is ${this.status}; only PROPOSED merges can change`
  }
}

/** Executing merges is switched off by configuration (ACCOUNT_MERGE_EXECUTE_ENABLED). */
export class AccountMergeExecuteDisabled extends Schema.TaggedError<AccountMergeExecuteDisabled>()("AccountMergeExecuteDisabled", {}) {
  override get message() {
    return "Executing account merges is disabled (ACCOUNT_MERGE_EXECUTE_ENABLED is off)"
  }
}
