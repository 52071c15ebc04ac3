/**
 * The sponsor workspace (C "Sponsors and brands": Inventory, Reward grants) and the admin review of
 * sponsor RC grants (B "Sponsor RC grants", permission `sponsors.review`). Workspace routes are
 * guarded by `BrandAccountHolders`: an ACTIVE account of the APPROVED brand the path names.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import {
  Body,
  IntBetween,
  OneOf,
  Optional,
  Query,
  SponsorInventoryItem,
  SponsorInventoryMovement,
  SponsorRcGrant,
  SponsorRewardGrant,
  StrLength,
  UuidStr
} from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, BrandAccountHolders, op, PageOf, PageParams, Requires } from "../common/index.js"

const BrandPath = Schema.Struct({ brandId: Schema.String })
const ItemPath = Schema.Struct({ brandId: Schema.String, itemId: Schema.String })
const GrantPath = Schema.Struct({ grantId: Schema.String })
const brand = "/v2/sponsor/brands/:brandId"

export const SponsorStockChange = Schema.Struct({ item: SponsorInventoryItem, movement: SponsorInventoryMovement }).annotations({ identifier: "SponsorStockChange" })

export class SponsorInventoryGroup extends HttpApiGroup.make("sponsorInventory")
  .add(op.get("listSponsorInventory", `${brand}/inventory`, { path: BrandPath, query: Query(PageParams), ok: PageOf(SponsorInventoryItem), summary: "The brand's inventory items, by name" }))
  .add(op.post("createSponsorInventoryItem", `${brand}/inventory`, { path: BrandPath, body: Body({ name: StrLength(1, 120), lowStockThreshold: Optional(IntBetween(0, 1_000_000)), initialStock: Optional(IntBetween(0, 1_000_000)) }), ok: SponsorInventoryItem, status: 201, summary: "Create an item `{name, lowStockThreshold? (default 0), initialStock? (default 0, recorded as its first movement)}`" }))
  .add(op.patch("updateSponsorInventoryItem", `${brand}/inventory/:itemId`, { path: ItemPath, body: Body({ name: Optional(StrLength(1, 120)), lowStockThreshold: Optional(IntBetween(0, 1_000_000)) }), ok: SponsorInventoryItem, summary: "Rename an item or change its low-stock threshold (stock moves only through /stock)" }))
  .add(op.get("sponsorInventoryMovements", `${brand}/inventory/:itemId/movements`, { path: ItemPath, query: Query(PageParams), ok: PageOf(SponsorInventoryMovement), summary: "An item's stock movements, newest first" }))
  .add(op.post("changeSponsorInventoryStock", `${brand}/inventory/:itemId/stock`, { path: ItemPath, body: Body({ delta: IntBetween(-1_000_000, 1_000_000), reason: Optional(StrLength(1, 500)) }), ok: SponsorStockChange, summary: "Add a signed, non-zero `delta` to the stock and record the movement" }).annotate(OpenApi.Description, "Stock never goes below zero: 409 SPONSOR_INVENTORY_STOCK_INSUFFICIENT. A delta taking the stock from above the low-stock threshold to at or below it emits a `sponsors.inventory.low_stock` audit alert (`movement.lowStockAlert: true`). Concurrent deltas serialise on the item; none is lost."))
  .middleware(BrandAccountHolders)
  .annotate(OpenApi.Title, "Sponsor: inventory")
{}

export class SponsorRewardGrantsGroup extends HttpApiGroup.make("sponsorRewardGrants")
  .add(op.get("listSponsorRewardGrants", `${brand}/reward-grants`, { path: BrandPath, query: Query(PageParams), ok: PageOf(SponsorRewardGrant), summary: "RC the brand granted to athletes, newest first" }))
  .add(op.post("grantSponsorReward", `${brand}/reward-grants`, { path: BrandPath, body: Body({ athleteId: UuidStr, amountRc: IntBetween(1, 100_000), reason: StrLength(3, 500), sequenceKey: StrLength(1, 120) }), ok: SponsorRewardGrant, status: 201, summary: "Grant an athlete RC from the brand's RC wallet with a reason; idempotent on `sequenceKey`" }).annotate(OpenApi.Description, "Repeating a `sequenceKey` with the same athlete and amount answers the original grant and pays nothing more; with another athlete or amount 409 SPONSOR_REWARD_GRANT_SEQUENCE_KEY_REUSED. 409 SPONSOR_WALLET_INSUFFICIENT when the brand's RC wallet holds less (nothing is recorded). 404 USER_NOT_FOUND for an unknown athlete."))
  .middleware(BrandAccountHolders)
  .annotate(OpenApi.Title, "Sponsor: reward grants")
{}

/**
 * The brand's side of sponsor RC grants. The spec lists only the admin review (list, approve,
 * reject); without a way to ask there would be nothing to review, so the workspace adds the request
 * and its list here.
 */
export const SponsorRcWalletView = Schema.Struct({
  ownerType: Schema.Literal("brand"),
  ownerId: Schema.String,
  currency: Schema.Literal("RC"),
  balance: Schema.Number,
  credited: Schema.Number,
  debited: Schema.Number
}).annotations({ identifier: "SponsorRcWallet" })

export class SponsorRcGrantRequestsGroup extends HttpApiGroup.make("sponsorRcGrantRequests")
  .add(op.get("sponsorRcWallet", `${brand}/wallet`, { path: BrandPath, ok: SponsorRcWalletView, summary: "The brand's RC wallet: what approved RC grants credited and reward grants paid out" }).annotate(OpenApi.Description, "Not in the spec's list: reward grants are refused when this wallet is short, so the brand reads it here (the creator-wallet route admits only admins for brands)."))
  .add(op.get("listSponsorRcGrantRequests", `${brand}/rc-grants`, { path: BrandPath, query: Query(PageParams), ok: PageOf(SponsorRcGrant), summary: "The brand's RC grant requests, newest first, with the admins' decisions (a rejection's reason verbatim)" }))
  .add(op.post("requestSponsorRcGrant", `${brand}/rc-grants`, { path: BrandPath, body: Body({ requestedRc: IntBetween(1, 10_000_000), reason: StrLength(10, 500) }), ok: SponsorRcGrant, status: 201, summary: "Ask the platform for RC `{requestedRc (1-10000000), reason (10-500)}`; one open request per brand" }).annotate(OpenApi.Description, "409 SPONSOR_RC_GRANT_REQUEST_ALREADY_OPEN while a request awaits review."))
  .middleware(BrandAccountHolders)
  .annotate(OpenApi.Title, "Sponsor: RC grant requests")
{}

export class AdminSponsorRcGrantsGroup extends HttpApiGroup.make("adminSponsorRcGrants")
  .add(op.get("sponsorRcGrantQueue", "/v2/admin/sponsor-rc-grants", { query: Query({ ...PageParams, status: Optional(OneOf("REQUESTED", "APPROVED", "REJECTED")) }), ok: PageOf(SponsorRcGrant), summary: "Sponsor RC grant requests, oldest first (`?status` REQUESTED|APPROVED|REJECTED, `?page`, `?limit`)" }))
  .add(op.post("approveSponsorRcGrant", "/v2/admin/sponsor-rc-grants/:grantId/approve", { path: GrantPath, body: Body({ approvedRc: Optional(IntBetween(1, 10_000_000)) }), ok: SponsorRcGrant, summary: "REQUESTED → APPROVED for `approvedRc` (default and maximum: the request) and credit the brand's RC wallet, in one transaction" }).annotate(OpenApi.Description, "Re-running it on an APPROVED grant answers the grant unchanged and credits nothing. 400 when approvedRc exceeds the request; 409 SPONSOR_RC_GRANT_MOVE_REFUSED for a REJECTED grant."))
  .add(op.post("rejectSponsorRcGrant", "/v2/admin/sponsor-rc-grants/:grantId/reject", { path: GrantPath, body: Body({ reason: StrLength(10, 500) }), ok: SponsorRcGrant, summary: "REQUESTED → REJECTED with a reason of 10-500 characters kept verbatim for the brand" }).annotate(OpenApi.Description, "409 SPONSOR_RC_GRANT_MOVE_REFUSED once decided."))
  .middleware(Authenticated)
  .annotate(Requires, AdminPermission("sponsors.review"))
  .annotate(OpenApi.Title, "Admin: sponsor RC grants")
{}
