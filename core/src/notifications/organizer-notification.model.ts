/**
 * Organizer sending (C "Organizer notifications"): an organizer sends a template (visible to
 * organizers, with an active version) to a list of athletes. Recipients who switched off marketing
 * or the channel, or have no address on the channel, are filtered out (the audience preview
 * reports the counts). The wallet is debited price × eligible recipients in the same transaction
 * that writes the batch and its outbox rows; hourly and daily quotas cap recipients per organizer.
 */
import { DomainError } from "@podium/kernel"
import { type DateTime, Schema } from "effect"
/** Records shared with the contracts are declared in the kernel. */
export { BatchStatus, NotificationBatch } from "@podium/kernel"

export const AudienceMember = Schema.Struct({
  userId: Schema.String,
  /** The address on the channel (phone, e-mail, active device token); null when none. */
  address: Schema.NullOr(Schema.String),
  marketingOff: Schema.Boolean,
  channelOff: Schema.Boolean
})
export interface AudienceMember extends Schema.Schema.Type<typeof AudienceMember> {}

export interface AudienceCounts {
  readonly requested: number
  readonly unknown: number
  readonly unsubscribed: number
  readonly channelDisabled: number
  readonly noAddress: number
  readonly eligible: number
}

/** Counts the audience after the unsubscribe (marketing) and channel filters. */
export const countAudience = (requested: ReadonlyArray<string>, members: ReadonlyArray<AudienceMember>): AudienceCounts => {
  const unsubscribed = members.filter((m) => m.marketingOff).length
  const channelDisabled = members.filter((m) => !m.marketingOff && m.channelOff).length
  const noAddress = members.filter((m) => !m.marketingOff && !m.channelOff && m.address === null).length
  return {
    requested: requested.length,
    unknown: requested.length - members.length,
    unsubscribed,
    channelDisabled,
    noAddress,
    eligible: members.length - unsubscribed - channelDisabled - noAddress
  }
}

export const eligibleMembers = (members: ReadonlyArray<AudienceMember>) =>
  members.filter((m): m is AudienceMember & { readonly address: string } => !m.marketingOff && !m.channelOff && m.address !== null)

export interface QuotaLimits {
  readonly hourly: number
  readonly daily: number
}

export const DefaultQuota: QuotaLimits = { hourly: 1_000, daily: 5_000 }

export interface QuotaUsage {
  readonly hourly: { readonly limit: number; readonly used: number; readonly remaining: number; readonly resetsAt: DateTime.Utc }
  readonly daily: { readonly limit: number; readonly used: number; readonly remaining: number; readonly resetsAt: DateTime.Utc }
}

export class NotificationQuotaExceeded extends DomainError<NotificationQuotaExceeded>()("NotificationQuotaExceeded", { kind: "rate-limited", code: "QUOTA_EXCEEDED" }, {
  window: Schema.Literal("hourly", "daily"),
  limit: Schema.Number,
  used: Schema.Number,
  requested: Schema.Number
}) {
  override get message() {
    return `The ${this.window} quota of ${this.limit} recipients would be exceeded (${this.used} used, ${this.requested} requested)`
  }
}

export class OrganizerTemplateUnavailable extends DomainError<OrganizerTemplateUnavailable>()("OrganizerTemplateUnavailable", { kind: "not-found", code: "TEMPLATE_NOT_AVAILABLE" }, {
  templateId: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `Template ${this.templateId} ${this.reason}`
  }
}

export class NoEligibleRecipients extends DomainError<NoEligibleRecipients>()("NoEligibleRecipients", { kind: "invalid", code: "NO_ELIGIBLE_RECIPIENTS" }, {}) {
  override get message() {
    return "No recipient is eligible after the unsubscribe and preference filters"
  }
}

export class BatchNotFound extends DomainError<BatchNotFound>()("BatchNotFound", { kind: "not-found", code: "BATCH_NOT_FOUND" }, { id: Schema.String }) {
  override get message() {
    return `No batch ${this.id}`
  }
}

/** Only a SCHEDULED batch whose time has not come can be cancelled. */
export class BatchNotCancellable extends DomainError<BatchNotCancellable>()("BatchNotCancellable", { kind: "conflict", code: "BATCH_NOT_CANCELLABLE" }, {
  id: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `Only a SCHEDULED batch before its time can be cancelled (this one is ${this.status})`
  }
}
