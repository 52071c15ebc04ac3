/**
 * Admin notification wallets and settlements (B "Notifications / Wallets, Settlements"); admins with
 * `notifications.manage`. Adjust posts a ledger movement against `platform:adjustments` (a debit
 * beyond the balance answers 409 INSUFFICIENT_BALANCE; a replayed idempotencyKey answers the original
 * entry). Calculate creates one CALCULATED settlement per organizer with unsettled notification
 * spend in [from, to) (never settling an entry twice); process moves CALCULATED → PROCESSED once.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntFromText, OneOf, Optional, Query, says, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, Ok, Requires } from "../common/index.js"
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
  .add(
    HttpApiEndpoint.get("listNotificationWallets", "/v2/admin/notification-wallets")
      .setUrlParams(Query(PageParams))
      .addSuccess(Ok(Schema.Struct({
        items: Schema.Array(WalletSummaryView),
        total: Schema.Int,
        page: Schema.Int,
        limit: Schema.Int,
        hasMore: Schema.Boolean
      })))
      .annotate(OpenApi.Summary, "Organizer notification wallets with balances, highest first")
  )
  .add(
    HttpApiEndpoint.get("getNotificationWallet", "/v2/admin/notification-wallets/:organizerId")
      .setPath(Schema.Struct({ organizerId: UuidStr }))
      .addSuccess(Ok(WalletDetailView))
      .annotate(OpenApi.Summary, "One organizer's wallet: balance, latest ledger entries and top-ups")
  )
  .add(
    HttpApiEndpoint.post("adjustNotificationWallet", "/v2/admin/notification-wallets/:organizerId/adjust")
      .setPath(Schema.Struct({ organizerId: UuidStr }))
      .setPayload(AdjustWalletBody)
      .addSuccess(Ok(AdjustResult, { status: 201 }))
      .annotate(OpenApi.Summary, "Credit (positive) or debit (negative) an organizer's wallet with a reason; 409 INSUFFICIENT_BALANCE")
  )
  .add(
    HttpApiEndpoint.get("listNotificationSettlements", "/v2/admin/notification-settlements")
      .setUrlParams(Query({ ...PageParams, organizerId: Optional(UuidStr), status: Optional(OneOf("CALCULATED", "PROCESSED")) }))
      .addSuccess(Ok(SettlementPage))
      .annotate(OpenApi.Summary, "Notification settlements, newest first")
  )
  .add(
    HttpApiEndpoint.post("calculateNotificationSettlements", "/v2/admin/notification-settlements/calculate")
      .setPayload(CalculateSettlementsBody)
      .addSuccess(Ok(Schema.Struct({ created: Schema.Array(SettlementView) }), { status: 201 }))
      .annotate(OpenApi.Summary, "Create settlements of the unsettled notification spend in [from, to)")
  )
  .add(
    HttpApiEndpoint.post("processNotificationSettlement", "/v2/admin/notification-settlements/:id/process")
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(Ok(SettlementView, { status: 201 }))
      .annotate(OpenApi.Summary, "Mark a CALCULATED settlement PROCESSED (409 SETTLEMENT_ALREADY_PROCESSED)")
  )
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("notifications.manage"))
  .annotate(OpenApi.Title, "Notifications / Wallets and settlements")
  .annotate(OpenApi.Description, "Organizer notification wallets (double-entry ledger) and their settlements (admin)")
{}
