/** Records of the notifications context whose stored shape is their wire shape (see ../record.ts). */
import { Schema } from "effect"
import { Instant, InstantUtc } from "../record.js"

/** The delivery channels as the notifications context stores them (the contracts name them in lower case). */
export const NotificationChannels = ["EMAIL", "SMS", "PUSH", "CHAT"] as const
export type NotificationChannel = (typeof NotificationChannels)[number]

export const CategoryAudiences = ["USER", "ORGANIZER", "ALL"] as const
export type CategoryAudience = (typeof CategoryAudiences)[number]

export const NotificationCategory = Schema.Struct({
  id: Schema.String,
  key: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  audience: Schema.Literal(...CategoryAudiences),
  userControllable: Schema.Boolean.annotations({ description: "Whether users may switch the category off" }),
  enabled: Schema.Boolean,
  createdAt: Instant,
  updatedAt: Instant
})
export interface NotificationCategory extends Schema.Schema.Type<typeof NotificationCategory> {}

export const TemplateRecord = Schema.Struct({
  id: Schema.String,
  key: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  category: Schema.NullOr(Schema.String),
  emailTemplateKey: Schema.NullOr(Schema.String),
  smsTemplateKey: Schema.NullOr(Schema.String),
  pushTemplateKey: Schema.NullOr(Schema.String),
  chatappTemplateKey: Schema.NullOr(Schema.String),
  createdAt: Instant,
  updatedAt: Instant
})
export interface TemplateRecord extends Schema.Schema.Type<typeof TemplateRecord> {}

export const SystemNotification = Schema.Struct({
  id: Schema.String,
  event: Schema.String,
  channel: Schema.Literal(...NotificationChannels),
  templateKey: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  enabled: Schema.Boolean,
  createdAt: Instant,
  updatedAt: Instant
})
export interface SystemNotification extends Schema.Schema.Type<typeof SystemNotification> {}

export const PromotionTemplate = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.NullOr(Schema.String),
  channel: Schema.Literal(...NotificationChannels),
  templateKey: Schema.String,
  priceMinor: Schema.Int.annotations({ description: "Price per recipient in minor units of currency" }),
  currency: Schema.String,
  enabled: Schema.Boolean,
  createdAt: Instant,
  updatedAt: Instant
})
export interface PromotionTemplate extends Schema.Schema.Type<typeof PromotionTemplate> {}

export const MappingRoles = ["user", "organizer", "admin"] as const
export type MappingRole = (typeof MappingRoles)[number]

export const NotificationMapping = Schema.Struct({
  id: Schema.String,
  role: Schema.Literal(...MappingRoles),
  step: Schema.String,
  channel: Schema.Literal(...NotificationChannels),
  templateKey: Schema.String,
  enabled: Schema.Boolean,
  createdAt: Instant,
  updatedAt: Instant
})
export interface NotificationMapping extends Schema.Schema.Type<typeof NotificationMapping> {}

export const WalletEntry = Schema.Struct({
  id: Schema.String,
  transactionId: Schema.String,
  organizerId: Schema.String,
  amount: Schema.Number.annotations({ description: "Positive: credit; negative: debit (minor units)" }),
  reason: Schema.String,
  counterAccount: Schema.String,
  idempotencyKey: Schema.NullOr(Schema.String),
  createdAt: InstantUtc
})
export interface WalletEntry extends Schema.Schema.Type<typeof WalletEntry> {}

export const WalletSummary = Schema.Struct({
  organizerId: Schema.String,
  balance: Schema.Number.annotations({ description: "Sum of the wallet's ledger entries (minor units)" }),
  credited: Schema.Number,
  debited: Schema.Number,
  entries: Schema.Int,
  lastMovementAt: Schema.NullOr(InstantUtc)
})
export interface WalletSummary extends Schema.Schema.Type<typeof WalletSummary> {}

export const TopUpStatus = Schema.Literal("PENDING", "COMPLETED", "FAILED")
export type TopUpStatus = typeof TopUpStatus.Type

/** A top-up the organizer started; the payment gateway's webhook completes it. */
export const WalletTopUp = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  amount: Schema.Number,
  status: TopUpStatus,
  createdAt: InstantUtc,
  completedAt: Schema.NullOr(InstantUtc)
})
export interface WalletTopUp extends Schema.Schema.Type<typeof WalletTopUp> {}

export const NotificationSettlementStatus = Schema.Literal("CALCULATED", "PROCESSED")
export type NotificationSettlementStatus = typeof NotificationSettlementStatus.Type

/** Notification spend of one organizer over a period, settled to the platform. */
export const NotificationSettlement = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  periodStart: InstantUtc,
  periodEnd: InstantUtc,
  amount: Schema.Number.annotations({ description: "Notification spend settled (minor units)" }),
  entries: Schema.Int,
  status: NotificationSettlementStatus,
  createdAt: InstantUtc,
  processedAt: Schema.NullOr(InstantUtc)
})
export interface NotificationSettlement extends Schema.Schema.Type<typeof NotificationSettlement> {}

export const BatchStatus = Schema.Literal("QUEUED", "SCHEDULED", "CANCELLED")
export type BatchStatus = typeof BatchStatus.Type

export const NotificationBatch = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  channel: Schema.Literal(...NotificationChannels),
  templateId: Schema.String,
  templateKey: Schema.String,
  unitPrice: Schema.Number,
  recipients: Schema.Int,
  cost: Schema.Number,
  status: BatchStatus,
  scheduledAt: Schema.NullOr(InstantUtc),
  createdAt: InstantUtc,
  cancelledAt: Schema.NullOr(InstantUtc)
})
export interface NotificationBatch extends Schema.Schema.Type<typeof NotificationBatch> {}

/** A push device token of a user; only one is active per user (enable deactivates the prior ones). */
export const DeviceToken = Schema.Struct({
  userId: Schema.String,
  token: Schema.String,
  platform: Schema.NullOr(Schema.String),
  active: Schema.Boolean,
  createdAt: InstantUtc,
  deactivatedAt: Schema.NullOr(InstantUtc)
})
export interface DeviceToken extends Schema.Schema.Type<typeof DeviceToken> {}
