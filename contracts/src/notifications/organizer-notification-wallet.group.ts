/**
 * The organizer's notification wallet (C "Organizer notification wallet"): the balance (sum of the
 * ledger), its latest entries and top-ups; settlements of its spend; and top-up, which starts a
 * PENDING top-up the payment gateway completes through the signed wallet-top-up webhook (the
 * wallet is credited then, once). The organizer is chosen by `x-organizer-id` or the caller.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntFromText, Optional, Query, says } from "@podium/kernel"
import { Schema } from "effect"
import { op, OrganizerManagers, OrganizerReaders } from "../common/index.js"
import { SettlementPage, WalletDetailView, WalletTopUpView } from "./wallet.dto.js"

export const TopUpAmount = Schema.Number.pipe(
  Schema.filter((n) => Number.isInteger(n) && n >= 100 && n <= 10_000_000),
  Schema.annotations(says("must be an integer between 100 and 10000000"))
)

export const TopUpBody = Body({ amount: TopUpAmount })

export class OrganizerNotificationWalletGroup extends HttpApiGroup.make("organizerNotificationWallet")
  .add(op.get("getOrganizerNotificationWallet", "/v2/organizer/notification-wallet", { ok: WalletDetailView, summary: "The organizer's notification wallet: balance, latest entries and top-ups" }).middleware(OrganizerReaders))
  .add(op.get("listOrganizerNotificationSettlements", "/v2/organizer/notification-settlements", { query: Query({ page: Optional(IntFromText(1, 1_000_000)), limit: Optional(IntFromText(1, 100)) }), ok: SettlementPage, summary: "Settlements of the organizer's notification spend" }).middleware(OrganizerReaders))
  .add(op.post("topUpOrganizerNotificationWallet", "/v2/organizer/notification-wallet/top-up", { body: TopUpBody, ok: WalletTopUpView, status: 201, summary: "Start a top-up (PENDING): the payment gateway's signed webhook credits the wallet" }).middleware(OrganizerManagers))
  .annotate(OpenApi.Title, "Organizer notification wallet")
  .annotate(OpenApi.Description, "Prepaid balance for organizer notifications")
{}
