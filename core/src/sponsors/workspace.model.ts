/**
 * The sponsor workspace (C "Inventory", "Reward grants"; B "Sponsor RC grants"): a brand's goodie
 * stock with its movements, RC rewards it pays athletes from its RC wallet, and the RC it asks the
 * platform for. RC grant requests are REQUESTED until an admin approves (→ APPROVED, crediting the
 * brand's RC wallet once) or rejects them (→ REJECTED).
 */
import { defineMoves, DomainError, type SponsorRcGrantStatus } from "@podium/kernel"
import { Schema } from "effect"

export const SponsorRcGrantMoves = defineMoves<SponsorRcGrantStatus>()({ machine: "sponsor RC grant", code: "SPONSOR_RC_GRANT_MOVE_REFUSED" }, {
  approve: { from: ["REQUESTED"], to: "APPROVED" },
  reject: { from: ["REQUESTED"], to: "REJECTED" }
})
export type SponsorRcGrantMove = keyof typeof SponsorRcGrantMoves.table

/** The ledger key of a grant's credit: one credit per grant, whatever retries happen. */
export const sponsorRcGrantCreditKey = (grantId: string) => `sponsor-rc-grant:${grantId}`
/** The ledger key of a reward grant: the brand's sequenceKey, scoped to the brand. */
export const sponsorRewardGrantKey = (brandId: string, sequenceKey: string) => `sponsor-reward-grant:${brandId}:${sequenceKey}`

export class SponsorInventoryItemNotFound extends DomainError<SponsorInventoryItemNotFound>()("SponsorInventoryItemNotFound", { kind: "not-found", code: "SPONSOR_INVENTORY_ITEM_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Inventory item not found"
  }
}

/** A negative delta larger than the stock: stock never goes below zero. */
export class SponsorInventoryStockShort extends DomainError<SponsorInventoryStockShort>()("SponsorInventoryStockShort", { kind: "conflict", code: "SPONSOR_INVENTORY_STOCK_INSUFFICIENT" }, {
  id: Schema.String,
  stock: Schema.Number,
  delta: Schema.Number
}) {
  override get message() {
    return `Only ${this.stock} in stock; a delta of ${this.delta} would take it below zero`
  }
}

/** The brand's RC wallet holds less than the grant. */
export class SponsorWalletShort extends DomainError<SponsorWalletShort>()("SponsorWalletShort", { kind: "conflict", code: "SPONSOR_WALLET_INSUFFICIENT" }, {
  balance: Schema.Number,
  required: Schema.Number
}) {
  override get message() {
    return `The brand's RC wallet holds ${this.balance} RC; ${this.required} RC are needed`
  }
}

/** A sequenceKey already used for a different grant (another athlete or amount). */
export class SponsorRewardKeyReused extends DomainError<SponsorRewardKeyReused>()("SponsorRewardKeyReused", { kind: "conflict", code: "SPONSOR_REWARD_GRANT_SEQUENCE_KEY_REUSED" }, {
  sequenceKey: Schema.String
}) {
  override get message() {
    return "This sequenceKey was already used for a different grant"
  }
}

export class SponsorRcGrantNotFound extends DomainError<SponsorRcGrantNotFound>()("SponsorRcGrantNotFound", { kind: "not-found", code: "SPONSOR_RC_GRANT_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Sponsor RC grant not found"
  }
}

/** One open (REQUESTED) RC grant request per brand. */
export class SponsorRcGrantAlreadyOpen extends DomainError<SponsorRcGrantAlreadyOpen>()("SponsorRcGrantAlreadyOpen", { kind: "conflict", code: "SPONSOR_RC_GRANT_REQUEST_ALREADY_OPEN" }, {
  brandId: Schema.String
}) {
  override get message() {
    return "The brand already has an RC grant request awaiting review"
  }
}
