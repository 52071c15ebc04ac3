/**
 * Creator wallets (C "Athlete / Creator wallets"): the RC coin wallet of a club, an organizer or a
 * brand, read from the platform's double-entry ledger (the balance is the sum of the wallet's
 * entries). The spec shows no bodies; ours:
 * - `GET /v2/wallets/creator/{ownerType}/{ownerId}` answers `{ownerType, ownerId, currency: "RC",
 *   balance, credited, debited}`; a wallet never credited answers balance 0 (it exists conceptually).
 * - `GET …/transactions?limit&before` answers the wallet's entries newest first, keyset-paginated:
 *   `{items, total, limit, nextCursor}`; pass `nextCursor` as `before` for the next page.
 * Who may read: organizer → the organizer's OWNER/ADMIN/VIEWER; club → the club's OWNER/ADMIN;
 * brand → platform admins only (until a sponsors context exists); platform admins with the
 * `wallets.read` permission read any wallet. ownerType must be club, organizer or brand (400).
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { IntFromText, OneOf, Optional, Query, says, UuidStr } from "@podium/kernel"
import { Schema } from "effect"
import { AdminsNeed, Authenticated, op, Requires } from "../common/index.js"

export const CreatorWalletOwnerType = OneOf("club", "organizer", "brand")

/** A ledger cursor as handed out in `nextCursor`. */
export const LedgerCursor = Schema.String.pipe(
  Schema.filter((s) => /^[1-9]\d{0,17}$/.test(s)),
  Schema.annotations(says("must be a cursor returned as nextCursor by a previous page"))
)

export const CreatorWalletView = Schema.Struct({
  ownerType: Schema.String,
  ownerId: Schema.String,
  currency: Schema.Literal("RC"),
  /** RC coins (integers). */
  balance: Schema.Number,
  /** Sum of every credit ever posted to the wallet. */
  credited: Schema.Number,
  /** Sum of every debit ever posted from the wallet (a positive number). */
  debited: Schema.Number
}).annotations({ identifier: "CreatorWallet" })

export const CreatorWalletTransactionView = Schema.Struct({
  id: Schema.String,
  transferId: Schema.String,
  /** CREDIT when the amount is positive, DEBIT when negative. */
  direction: Schema.Literal("CREDIT", "DEBIT"),
  /** Signed RC amount (credit > 0, debit < 0). */
  amount: Schema.Number,
  currency: Schema.String,
  reason: Schema.String,
  metadata: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  createdAt: Schema.Date
}).annotations({ identifier: "CreatorWalletTransaction" })

export const CreatorWalletTransactionsPage = Schema.Struct({
  items: Schema.Array(CreatorWalletTransactionView),
  total: Schema.Number,
  limit: Schema.Number,
  nextCursor: Schema.NullOr(Schema.String)
}).annotations({ identifier: "CreatorWalletTransactionsPage" })

const WalletPath = Schema.Struct({ ownerType: CreatorWalletOwnerType, ownerId: UuidStr })

export class CreatorWalletsGroup extends HttpApiGroup.make("creatorWallets")
  .add(op.get("getCreatorWallet", "/v2/wallets/creator/:ownerType/:ownerId", { path: WalletPath, ok: CreatorWalletView, summary: "A creator wallet's RC balance with credited and debited totals" }).middleware(Authenticated))
  .add(op.get("listCreatorWalletTransactions", "/v2/wallets/creator/:ownerType/:ownerId/transactions", { path: WalletPath, query: Query({ limit: Optional(IntFromText(1, 100)), before: Optional(LedgerCursor) }), ok: CreatorWalletTransactionsPage, summary: "A creator wallet's ledger entries, newest first (keyset: ?limit 1-100, default 20; ?before = nextCursor)" }).middleware(Authenticated))
  .annotate(Requires, AdminsNeed("wallets.read"))
  .annotate(OpenApi.Title, "Creator wallets")
  .annotate(OpenApi.Description, "RC coin wallets of clubs, organizers and brands, on the double-entry ledger") {}
