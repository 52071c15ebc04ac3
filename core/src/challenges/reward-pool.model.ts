/**
 * Reward pools (B "Reward pools"; the spec names only the admin routes): the escrow of a
 * challenge's cash prizes. The record is in the kernel. Money moves only through the wallets
 * ledger: funding credits the challenge's prize account from the outside world, prize
 * distributions (challenges rewards) pay winners from it, and a refund moves what is left to the
 * funder's `payable` INR account (what the platform owes them, paid out by the payout flows).
 */
import { defineMoves, DomainError, type RewardPoolStatus } from "@podium/kernel"
import { Schema } from "effect"
import type { LedgerAccountRef } from "../wallets/ledger.model.js"
export { RewardPool, RewardPoolStatuses, type RewardPoolStatus } from "@podium/kernel"

export const RewardPoolMoves = defineMoves<RewardPoolStatus>()({ machine: "reward pool", code: "REWARD_POOL_STATUS_CONFLICT" }, {
  fund: { from: ["FUNDING", "APPROVED"], to: "FUNDING" },
  approve: { from: ["FUNDING"], to: "APPROVED" },
  reject: { from: ["FUNDING"], to: "REJECTED" },
  refund: { from: ["FUNDING", "APPROVED", "REJECTED"], to: "REFUNDED" }
})
export type RewardPoolMove = keyof typeof RewardPoolMoves.table

/** Where money arriving outside the gateway (a bank transfer an admin recorded) comes from. */
export const ManualFunding: LedgerAccountRef = { ownerType: "external", ownerId: "bank-transfer", purpose: "reward-pool-funding", currency: "INR" }

/** The funder's account a refund pays into. */
export const funderAccount = (funderType: "organizer" | "club" | "brand" | "platform", funderId: string): LedgerAccountRef => ({
  ownerType: funderType,
  ownerId: funderId,
  purpose: funderType === "platform" ? "reward-pool-refunds" : "payable",
  currency: "INR"
})

export class RewardPoolNotFound extends DomainError<RewardPoolNotFound>()("RewardPoolNotFound", { kind: "not-found", code: "REWARD_POOL_NOT_FOUND" }, {
  id: Schema.String
}) {
  override get message() {
    return "Reward pool not found"
  }
}
