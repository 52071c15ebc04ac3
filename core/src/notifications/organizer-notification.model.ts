/**
 * Organizer sending (C "Organizer notifications"): an organizer sends a template (visible to
 * organizers, with an active version) to a list of athletes. Recipients who switched off marketing
 * or the channel, or have no address on the channel, are filtered out (the audience preview
 * reports the counts). The wallet is debited price × eligible recipients in the same transaction
 * that writes the batch and its outbox rows; hourly and daily quotas cap recipients per organizer.
 */
import { type DateTime, Schema } from "effect"
import type { Channel } from "./channels.port.js"

export interface AudienceMember {
  readonly userId: string
  /** The address on the channel (phone, e-mail, active device token); null when none. */
  readonly address: string | null
  readonly marketingOff: boolean
  readonly channelOff: boolean
}

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

export type BatchStatus = "QUEUED" | "SCHEDULED" | "CANCELLED"

export interface NotificationBatch {
  readonly id: string
  readonly organizerId: string
  readonly channel: Channel
  readonly templateId: string
  readonly templateKey: string
  readonly unitPrice: number
  readonly recipients: number
  readonly cost: number
  readonly status: BatchStatus
  readonly scheduledAt: DateTime.Utc | null
  readonly createdAt: DateTime.Utc
  readonly cancelledAt: DateTime.Utc | null
}

export interface QuotaLimits {
  readonly hourly: number
  readonly daily: number
}

export const DefaultQuota: QuotaLimits = { hourly: 1_000, daily: 5_000 }

export interface QuotaUsage {
  readonly hourly: { readonly limit: number; readonly used: number; readonly remaining: number; readonly resetsAt: DateTime.Utc }
  readonly daily: { readonly limit: number; readonly used: number; readonly remaining: number; readonly resetsAt: DateTime.Utc }
}

export class NotificationQuotaExceeded extends Schema.TaggedError<NotificationQuotaExceeded>()("NotificationQuotaExceeded", {
  window: Schema.Literal("hourly", "daily"),
  limit: Schema.Number,
  used: Schema.Number,
  requested: Schema.Number
}) {}

export class OrganizerTemplateUnavailable extends Schema.TaggedError<OrganizerTemplateUnavailable>()("OrganizerTemplateUnavailable", {
  templateId: Schema.String,
  reason: Schema.String
}) {}

export class NoEligibleRecipients extends Schema.TaggedError<NoEligibleRecipients>()("NoEligibleRecipients", {}) {}

export class BatchNotFound extends Schema.TaggedError<BatchNotFound>()("BatchNotFound", { id: Schema.String }) {}

/** Only a SCHEDULED batch whose time has not come can be cancelled. */
export class BatchNotCancellable extends Schema.TaggedError<BatchNotCancellable>()("BatchNotCancellable", {
  id: Schema.String,
  status: Schema.String
}) {}
