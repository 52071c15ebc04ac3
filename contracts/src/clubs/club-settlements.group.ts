/**
 * Club settlements and payout requests (A section 3 and 7.3; B "Payout requests"; C "Club
 * settlements"). The club side (OWNER/ADMIN): its settlements (404 SETTLEMENT_NOT_FOUND for another
 * club's or one paid to an organizer), a payout request for an ELIGIBLE settlement (409
 * PAYOUT_ALREADY_REQUESTED, PAYOUT_ALREADY_PAID, SETTLEMENT_NOT_ELIGIBLE, CLUB_PAYOUT_FROZEN,
 * SETTLEMENT_NOT_CLUB_PAYEE), its payout requests and cancel `{reason}`. The admin side
 * (`clubs.money`): the payout queue (`?status`, `?payeeType`, `?clubId`) and the moves review
 * (REQUESTED → UNDER_REVIEW), approve (→ APPROVED), mark-paid `{paymentReference}` (→ PAID, recorded
 * in the ledger) and reject `{reason}` (UNDER_REVIEW → REJECTED). Every illegal move answers 409.
 * Amounts are integers in paise with `currency`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, OneOf, Optional, PayoutRequest, Query, Settlement, StrLength, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, ClubManagers, op, PageOf, PageParams, Requires } from "../common/index.js"

export const SettlementView = Settlement.omit("ledgerTransferId").annotations({ identifier: "ClubSettlement" })
export type SettlementView = typeof SettlementView.Type

export const PayoutRequestView = PayoutRequest.annotations({ identifier: "PayoutRequest" })
export type PayoutRequestView = typeof PayoutRequestView.Type

const ClubPath = Schema.Struct({ clubId: Schema.String })
const SettlementPath = Schema.Struct({ clubId: Schema.String, settlementId: Schema.String })
const PayoutPath = Schema.Struct({ id: Schema.String })

export class ClubSettlementsGroup extends HttpApiGroup.make("clubSettlements")
  // The literal `payout-requests` routes come before `/:settlementId` (operations-notes 6.1).
  .add(op.get("listClubPayoutRequests", "/v2/clubs/:clubId/settlements/payout-requests", { path: ClubPath, query: Query(PageParams), ok: PageOf(PayoutRequestView), summary: "The club's payout requests, newest first" }).middleware(ClubManagers))
  .add(op.post("cancelClubPayoutRequest", "/v2/clubs/:clubId/settlements/payout-requests/:id/cancel", { path: Schema.Struct({ clubId: Schema.String, id: Schema.String }), body: Body({ reason: StrLength(10, 500) }), ok: PayoutRequestView, summary: "Cancel the club's payout request while REQUESTED or UNDER_REVIEW `{reason (10-500)}`; the settlement becomes ELIGIBLE again" }).middleware(ClubManagers))
  .add(op.get("listClubSettlements", "/v2/clubs/:clubId/settlements", { path: ClubPath, query: Query(PageParams), ok: PageOf(SettlementView), summary: "The club's settlements (payable to the club), newest period first" }).middleware(ClubManagers))
  .add(op.get("getClubSettlement", "/v2/clubs/:clubId/settlements/:settlementId", { path: SettlementPath, ok: SettlementView, summary: "One settlement; 404 SETTLEMENT_NOT_FOUND for another club's or one paid to an organizer" }).middleware(ClubManagers))
  .add(op.post("requestClubPayout", "/v2/clubs/:clubId/settlements/:settlementId/payout-request", { path: SettlementPath, ok: PayoutRequestView, status: 201, summary: "Request the payout of an ELIGIBLE settlement (→ REQUESTED)" }).middleware(ClubManagers).annotate(OpenApi.Description, "409 PAYOUT_ALREADY_REQUESTED, PAYOUT_ALREADY_PAID, SETTLEMENT_NOT_ELIGIBLE, CLUB_PAYOUT_FROZEN, SETTLEMENT_NOT_CLUB_PAYEE; 404 SETTLEMENT_NOT_FOUND. Two concurrent requests create one."))
  .annotate(OpenApi.Title, "Club settlements")
{}

export class AdminPayoutRequestsGroup extends HttpApiGroup.make("adminPayoutRequests")
  .add(op.get("payoutRequestQueue", "/v2/admin/payout-requests", { query: Query({
        ...PageParams,
        status: Optional(OneOf("REQUESTED", "UNDER_REVIEW", "APPROVED", "PAID", "REJECTED", "CANCELLED")),
        payeeType: Optional(OneOf("CLUB", "ORGANIZER")),
        clubId: Optional(UuidStr)
      }), ok: PageOf(PayoutRequestView), summary: "Payout requests, oldest first (`?status`, `?payeeType` — CLUB narrows to the club queue — `?clubId`)" }).middleware(Authenticated))
  .add(op.post("reviewPayoutRequest", "/v2/admin/payout-requests/:id/review", { path: PayoutPath, ok: PayoutRequestView, summary: "REQUESTED → UNDER_REVIEW" }).middleware(Authenticated))
  .add(op.post("approvePayoutRequest", "/v2/admin/payout-requests/:id/approve", { path: PayoutPath, ok: PayoutRequestView, summary: "UNDER_REVIEW → APPROVED" }).middleware(Authenticated))
  .add(op.post("markPayoutRequestPaid", "/v2/admin/payout-requests/:id/mark-paid", { path: PayoutPath, body: Body({ paymentReference: StrLength(3, 100) }), ok: PayoutRequestView, summary: "APPROVED → PAID with the bank payment reference (3-100); records the payout in the ledger (club payable → bank)" }).middleware(Authenticated))
  .add(op.post("rejectPayoutRequest", "/v2/admin/payout-requests/:id/reject", { path: PayoutPath, body: Body({ reason: StrLength(10, 500) }), ok: PayoutRequestView, summary: "UNDER_REVIEW → REJECTED with a reason (10-500); the settlement becomes ELIGIBLE again" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("clubs.money"))
  .annotate(OpenApi.Title, "Payout requests (admin)")
{}
