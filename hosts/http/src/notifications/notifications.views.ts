/**
 * Translation between the public notification shapes (lower-case channel names as the spec's paths
 * spell them, Dates) and the core records (EMAIL/SMS/PUSH/CHAT, DateTime), shared by the
 * notification handlers; and the services those handlers need.
 */
import type { Authenticated, OptionalAuthenticated } from "@podium/contracts/common"
import type { PublicChannel } from "@podium/contracts/notifications"
import { Notifications } from "@podium/core"
import type { AppConfig, NotificationsInfrastructure } from "@podium/host-common"
import { DateTime } from "effect"

/** What the notification handler layers need. */
export type NotificationHandlerServices = NotificationsInfrastructure | AppConfig | Authenticated | OptionalAuthenticated

const toCore: Readonly<Record<PublicChannel, Notifications.Channel>> = { email: "EMAIL", sms: "SMS", push: "PUSH", chatapp: "CHAT" }
const toPublic: Readonly<Record<Notifications.Channel, PublicChannel>> = { EMAIL: "email", SMS: "sms", PUSH: "push", CHAT: "chatapp" }

export const coreChannel = (channel: PublicChannel): Notifications.Channel => toCore[channel]
export const publicChannel = (channel: Notifications.Channel): PublicChannel => toPublic[channel]
/** The core channel of a path segment (`email`, …), if it names one. */
export const channelOfPath = (id: string): Notifications.Channel | undefined =>
  Object.hasOwn(toCore, id) ? toCore[id as PublicChannel] : undefined

const date = (d: DateTime.Utc) => DateTime.toDate(d)
const dateOrNull = (d: DateTime.Utc | null) => (d === null ? null : DateTime.toDate(d))
export const utcOf = (d: Date) => DateTime.unsafeFromDate(d)

export const outboxPreviewView = (p: Notifications.OutboxPreview) => ({
  ...p,
  channel: publicChannel(p.channel),
  createdAt: date(p.createdAt),
  nextAttemptAt: date(p.nextAttemptAt),
  sentAt: dateOrNull(p.sentAt)
})

export const logView = (l: Notifications.NotificationLog) => ({
  id: l.id,
  outboxId: l.outboxId,
  attempt: l.attempt,
  status: l.status,
  channel: publicChannel(l.channel),
  recipient: Notifications.maskRecipient(l.channel, l.recipient),
  userId: l.userId,
  step: l.step,
  templateKey: l.templateKey,
  variableNames: Object.keys(l.variables).sort(),
  category: l.category,
  provider: l.provider,
  providerMessageId: l.providerMessageId,
  error: l.error,
  resendOf: l.resendOf,
  deliveryStatus: l.deliveryStatus,
  deliveryError: l.deliveryError,
  deliveryUpdatedAt: dateOrNull(l.deliveryUpdatedAt),
  createdAt: date(l.createdAt)
})

export const retryPolicyView = (p: Notifications.RetryPolicy) => ({
  id: publicChannel(p.channel),
  channel: publicChannel(p.channel),
  maxAttempts: p.maxAttempts,
  baseDelayMs: p.baseDelayMs,
  factor: p.factor,
  maxDelayMs: p.maxDelayMs
})
