/**
 * Creator wallets: the RC wallet (ledger purpose "creator") of a club, an organizer or a brand.
 * Reads are by owner; the errors here are the read side's (access and cursor).
 */
import { DomainError } from "@podium/kernel"
import { Schema } from "effect"

export const CreatorOwnerTypes = ["club", "organizer", "brand"] as const
export type CreatorOwnerType = (typeof CreatorOwnerTypes)[number]

/** The caller may not read this creator wallet (403 "Access Denied"). */
export class CreatorWalletAccessDenied extends DomainError<CreatorWalletAccessDenied>()("CreatorWalletAccessDenied", { kind: "forbidden" }, {
  ownerType: Schema.String,
  ownerId: Schema.String
}) {
  override get message() {
    return "Access Denied"
  }
}

const cursorInvalid = "before must be a cursor returned as nextCursor by a previous page"

/** The `before` cursor is not one this ledger handed out (the validation 400). */
export class LedgerCursorInvalid extends DomainError<LedgerCursorInvalid>()("LedgerCursorInvalid", {
  kind: "invalid",
  messages: () => [cursorInvalid]
}, {
  cursor: Schema.String
}) {
  override get message() {
    return cursorInvalid
  }
}
