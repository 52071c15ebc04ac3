/** Shapes of the organizer notification wallet (amounts are integer minor units, e.g. paise). */
import { Schema } from "effect"

export const WalletEntryView = Schema.Struct({
  id: Schema.String,
  transactionId: Schema.String,
  amount: Schema.Number.annotations({ description: "Positive: credit; negative: debit (minor units)" }),
  reason: Schema.String,
  counterAccount: Schema.String,
  idempotencyKey: Schema.NullOr(Schema.String),
  createdAt: Schema.Date
}).annotations({ identifier: "NotificationWalletEntry" })

export const WalletSummaryView = Schema.Struct({
  organizerId: Schema.String,
  balance: Schema.Number.annotations({ description: "Sum of the wallet's ledger entries (minor units)" }),
  credited: Schema.Number,
  debited: Schema.Number,
  entries: Schema.Int,
  lastMovementAt: Schema.NullOr(Schema.Date)
}).annotations({ identifier: "NotificationWalletSummary" })

export const WalletTopUpView = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  amount: Schema.Number,
  status: Schema.Literal("PENDING", "COMPLETED", "FAILED"),
  createdAt: Schema.Date,
  completedAt: Schema.NullOr(Schema.Date)
}).annotations({ identifier: "NotificationWalletTopUp" })

export const WalletDetailView = Schema.Struct({
  wallet: WalletSummaryView,
  entries: Schema.Array(WalletEntryView),
  topUps: Schema.Array(WalletTopUpView)
}).annotations({ identifier: "NotificationWallet" })

export const SettlementView = Schema.Struct({
  id: Schema.String,
  organizerId: Schema.String,
  periodStart: Schema.Date,
  periodEnd: Schema.Date,
  amount: Schema.Number.annotations({ description: "Notification spend settled (minor units)" }),
  entries: Schema.Int,
  status: Schema.Literal("CALCULATED", "PROCESSED"),
  createdAt: Schema.Date,
  processedAt: Schema.NullOr(Schema.Date)
}).annotations({ identifier: "NotificationSettlement" })

export const SettlementPage = Schema.Struct({
  items: Schema.Array(SettlementView),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
  hasMore: Schema.Boolean
}).annotations({ identifier: "NotificationSettlementPage" })
