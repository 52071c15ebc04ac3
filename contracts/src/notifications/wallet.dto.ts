/** Shapes of the organizer notification wallet (amounts are integer minor units, e.g. paise): the records as stored. */
import { NotificationSettlement, WalletEntry, WalletSummary, WalletTopUp } from "@podium/kernel"
import { Schema } from "effect"

export const WalletEntryView = WalletEntry.omit("organizerId").annotations({ identifier: "NotificationWalletEntry" })

export const WalletSummaryView = WalletSummary.annotations({ identifier: "NotificationWalletSummary" })

export const WalletTopUpView = WalletTopUp.annotations({ identifier: "NotificationWalletTopUp" })

export const WalletDetailView = Schema.Struct({
  wallet: WalletSummaryView,
  entries: Schema.Array(WalletEntryView),
  topUps: Schema.Array(WalletTopUpView)
}).annotations({ identifier: "NotificationWallet" })

export const SettlementView = NotificationSettlement.annotations({ identifier: "NotificationSettlement" })

export const SettlementPage = Schema.Struct({
  items: Schema.Array(SettlementView),
  total: Schema.Int,
  page: Schema.Int,
  limit: Schema.Int,
  hasMore: Schema.Boolean
}).annotations({ identifier: "NotificationSettlementPage" })
