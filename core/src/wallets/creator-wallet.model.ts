/**
 * Creator wallets: the RC wallet (ledger purpose "creator") of a club, an organizer or a brand.
 * Reads are by owner; the errors here are the read side's (access and cursor).
 */
import { Schema } from "effect"

export const CreatorOwnerTypes = ["club", "organizer", "brand"] as const
export type CreatorOwnerType = (typeof CreatorOwnerTypes)[number]

/** The caller may not read this creator wallet (403 "Access Denied"). */
export class CreatorWalletAccessDenied extends Schema.TaggedError<CreatorWalletAccessDenied>()("CreatorWalletAccessDenied", {
  ownerType: Schema.String,
  ownerId: Schema.String
}) {
  override get message() {
    return "Access Denied"
  }
}

/** The `before` cursor is not one this ledger handed out (400). */
export class LedgerCursorInvalid extends Schema.TaggedError<LedgerCursorInvalid>()("LedgerCursorInvalid", {
  cursor: Schema.String
}) {
  override get message() {
    return "before must be a cursor returned as nextCursor by a previous page"
  }
}
