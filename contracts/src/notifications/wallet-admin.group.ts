/**
 * Admin notification wallets and settlements (B "Notifications / Wallets, Settlements"); admins with
 * `notifications.manage`. Adjust posts a ledger movement against `platform:adjustments` (a debit
 * beyond the balance answers 409 INSUFFICIENT_BALANCE; a replayed idempotencyKey answers the original
 * entry). Calculate creates one CALCULATED settlement per organizer with unsettled notification
 * spend in [from, to) (never settling an entry twice); process moves CALCULATED → PROCESSED once.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntFromText, OneOf, Optional, Query, says, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, Requires } from "../common/index.js"
import { IsoInstant } from "./notifications.dto.js"
import { SettlementPage, SettlementView, WalletDetailView, WalletEntryView, WalletSummaryView } from "./wallet.dto.js"

const PageParams = {
  page: Optional(IntFromText(1, 1_000_000)),
  limit: Optional(IntFromText(1, 100))
}

export const AdjustAmount = Schema.Number.pipe(
  Schema.filter((n) => Number.isInteger(n) && n !== 0 && Math.abs(n) <= 100_000_000),
  Schema.annotations(says("must be a non-zero integer between -100000000 and 100000000"))
)

export const AdjustWalletBody = Body({
  amount: AdjustAmount,
  reason: StrLength(3, 500),
  idempotencyKey: Optional(StrLength(1, 200))
})

export const CalculateSettlementsBody = Body({ from: IsoInstant, to: IsoInstant }).pipe(
  Schema.filter((b) => b.to > b.from ? undefined : { path: ["to"], message: "to must be after from" })
)

export const AdjustResult = Schema.Struct({
  entry: WalletEntryView,
  replayed: Schema.Boolean,
  balance: Schema.Number
}).annotations({ identifier: "NotificationWalletAdjustment" })

export class NotificationWalletsAdminGroup extends HttpApiGroup.make("notificationWalletsAdmin")
  .add(op.get("listNotificationWallets", "/v2/admin/notification-wallets", { query: Query(PageParams), ok: Schema.Struct({
        items: Schema.Array(WalletSummaryView),
        total: Schema.Int,
        page: Schema.Int,
        limit: Schema.Int,
        hasMore: Schema.Boolean
      }), summary: "Organizer notification wallets with balances, highest first" }))
  .add(op.get("getNotificationWallet", "/v2/admin/notification-wallets/:organizerId", { path: Schema.Struct({ organizerId: UuidStr }), ok: WalletDetailView, summary: "One organizer's wallet: balance, latest ledger entries and top-ups" }))
  .add(op.post("adjustNotificationWallet", "/v2/admin/notification-wallets/:organizerId/adjust", { path: Schema.Struct({ organizerId: UuidStr }), body: AdjustWalletBody, ok: AdjustResult, status: 201, summary: "Credit (positive) or debit (negative) an organizer's wallet with a reason; 409 INSUFFICIENT_BALANCE" }))
  .add(op.get("listNotificationSettlements", "/v2/admin/notification-settlements", { query: Query({ ...PageParams, organizerId: Optional(UuidStr), status: Optional(OneOf("CALCULATED", "PROCESSED")) }), ok: SettlementPage, summary: "Notification settlements, newest first" }))
  .add(op.post("calculateNotificationSettlements", "/v2/admin/notification-settlements/calculate", { body: CalculateSettlementsBody, ok: Schema.Struct({ created: Schema.Array(SettlementView) }), status: 201, summary: "Create settlements of the unsettled notification spend in [from, to)" }))
  .add(op.post("processNotificationSettlement", "/v2/admin/notification-settlements/:id/process", { path: Schema.Struct({ id: Schema.String }), ok: SettlementView, status: 201, summary: "Mark a CALCULATED settlement PROCESSED (409 SETTLEMENT_ALREADY_PROCESSED)" }))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Wallets and settlements")
  .annotate(OpenApi.Description, "Organizer notification wallets (double-entry ledger) and their settlements (admin)")
{}
