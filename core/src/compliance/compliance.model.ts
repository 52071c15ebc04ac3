/**
 * Data rights: per-purpose consent with an append-only history, erasure requests (PII
 * scrambled at once, hard delete after the cool-off unless a legal hold), personal-data export and
 * admin account merge proposals. Plain records and the domain errors of the context.
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { ConsentState, ConsentEvent, AccountMergeStatuses, AccountMerge, type AccountMergeStatus } from "@podium/kernel"

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

export const ErasureStatuses = ["REQUESTED", "CANCELLED", "CONFIRMED", "REJECTED"] as const
export type ErasureStatus = (typeof ErasureStatuses)[number]

export const ErasureRequest = Schema.Struct({
  id: Schema.String,
  userId: Schema.String,
  status: Schema.Literal(...ErasureStatuses),
  reason: Schema.NullOr(Schema.String),
  requestedAt: Schema.DateFromSelf,
  /** The end of the cool-off: the user may cancel before it, the tick confirms after it. */
  coolOffUntil: Schema.DateFromSelf,
  cancelledAt: Schema.NullOr(Schema.DateFromSelf),
  confirmedAt: Schema.NullOr(Schema.DateFromSelf),
  /** When the personal data was hard-deleted (null while pending or under legal hold). */
  hardDeletedAt: Schema.NullOr(Schema.DateFromSelf),
  holdReason: Schema.NullOr(Schema.String),
  holdStatute: Schema.NullOr(Schema.String),
  /** A calendar date, `YYYY-MM-DD`. */
  holdRetainUntil: Schema.NullOr(Schema.String),
  heldBy: Schema.NullOr(Schema.String),
  heldAt: Schema.NullOr(Schema.DateFromSelf)
})
export interface ErasureRequest extends Schema.Schema.Type<typeof ErasureRequest> {}

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

export class UserNotFound extends DomainError<UserNotFound>()("UserNotFound", { kind: "not-found" }, { userId: Schema.String }) {
  override get message() {
    return `No user ${this.userId}`
  }
}

export class ErasureRequestNotFound extends DomainError<ErasureRequestNotFound>()("ErasureRequestNotFound", { kind: "not-found" }, { id: Schema.String }) {
  override get message() {
    return `No erasure request ${this.id}`
  }
}

/** The user already has an erasure request in cool-off. */
export class ErasureAlreadyRequested extends DomainError<ErasureAlreadyRequested>()("ErasureAlreadyRequested", { kind: "conflict", code: "ERASURE_ALREADY_REQUESTED" }, { id: Schema.String }) {
  override get message() {
    return `An erasure request is already open (${this.id})`
  }
}

/** The request is not in the state the action needs (cancel after cool-off, reject after confirmation…). */
export class ErasureNotPending extends DomainError<ErasureNotPending>()("ErasureNotPending", { kind: "conflict", code: "ERASURE_NOT_PENDING" }, {
  id: Schema.String,
  status: Schema.String,
  detail: Schema.String
}) {
  override get message() {
    return this.detail
  }
}

export class AccountMergeNotFound extends DomainError<AccountMergeNotFound>()("AccountMergeNotFound", { kind: "not-found" }, { id: Schema.String }) {
  override get message() {
    return `No account merge ${this.id}`
  }
}

/** Either user already has an open (PROPOSED) merge proposal. */
export class AccountMergeConflict extends DomainError<AccountMergeConflict>()("AccountMergeConflict", { kind: "conflict", code: "ACCOUNT_MERGE_OPEN_PROPOSAL" }, { detail: Schema.String }) {
  override get message() {
    return this.detail
  }
}

export class AccountMergeInvalid extends DomainError<AccountMergeInvalid>()("AccountMergeInvalid", { kind: "invalid" }, { detail: Schema.String }) {
  override get message() {
    return this.detail
  }
}

export class AccountMergeNotProposed extends DomainError<AccountMergeNotProposed>()("AccountMergeNotProposed", {
  kind: "conflict",
  code: "ACCOUNT_MERGE_NOT_PROPOSED"
}, {
  id: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `Account merge ${this.id} is ${this.status}; only PROPOSED merges can change`
  }
}

/** Executing merges is switched off by configuration (ACCOUNT_MERGE_EXECUTE_ENABLED). */
export class AccountMergeExecuteDisabled extends DomainError<AccountMergeExecuteDisabled>()("AccountMergeExecuteDisabled", {
  kind: "unavailable",
  code: "ACCOUNT_MERGE_EXECUTE_DISABLED"
}) {
  override get message() {
    return "Executing account merges is disabled (ACCOUNT_MERGE_EXECUTE_ENABLED is off)"
  }
}
