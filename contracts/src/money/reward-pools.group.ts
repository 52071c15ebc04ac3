/**
 * Admin: Money / Reward pools (document B). A reward pool is the escrow of a challenge's cash
 * prizes (its id is the challenge's): manually-fund records money the funder sent outside the
 * gateway (opens the pool on the first funding; the bank reference makes a repeat credit once),
 * review approves or rejects a FUNDING pool (409 REWARD_POOL_STATUS_CONFLICT otherwise), refund
 * closes it and returns the unspent balance to the funder. Money moves on the wallets ledger.
 * Permission `payments.manage`.
 */
import { HttpApiGroup, OpenApi } from "@effect/platform"
import { Body, IntBetween, OneOf, Optional, Query, RewardPool, RewardPoolStatuses, StrLength } from "@podium/kernel"
import { Schema } from "effect"
import { AdminPermission, Authenticated, op, PageOf, PageParams, Requires } from "../common/index.js"

export const RewardPoolView = RewardPool
export const FundRewardPoolBody = Body({ amount: IntBetween(100, 1_000_000_000), reference: StrLength(3, 100) })
export const ReviewRewardPoolBody = Body({ decision: OneOf("APPROVE", "REJECT"), note: Optional(StrLength(3, 500)) })

export const RewardPoolFinanceView = Schema.Struct({
  pool: RewardPool,
  funded: Schema.Number,
  paidOut: Schema.Number,
  refunded: Schema.Number,
  held: Schema.Number,
  discrepancies: Schema.Array(Schema.String),
  entries: Schema.Array(Schema.Struct({ id: Schema.String, amount: Schema.Number, reason: Schema.String, createdAt: Schema.Date }))
}).annotations({ identifier: "RewardPoolFinanceTruth" })

const IdPath = Schema.Struct({ id: Schema.String })

export class AdminRewardPoolsGroup extends HttpApiGroup.make("adminRewardPools")
  .add(op.get("adminListRewardPools", "/v2/admin/reward-pools", { query: Query({ ...PageParams, status: Optional(OneOf(...RewardPoolStatuses)) }), ok: PageOf(RewardPoolView), summary: "Reward pools, newest first (filter status)" }).middleware(Authenticated))
  .add(op.post("adminFundRewardPool", "/v2/admin/reward-pools/:id/manually-fund", { path: IdPath, body: FundRewardPoolBody, ok: RewardPoolView, summary: "Record funds received outside the gateway for the challenge's pool (opened on its first funding); 409 once rejected or refunded" }).middleware(Authenticated))
  .add(op.post("adminRefundRewardPool", "/v2/admin/reward-pools/:id/refund", { path: IdPath, ok: RewardPoolView, summary: "Close the pool and return its unspent balance to the funder (409 REWARD_POOL_STATUS_CONFLICT when already refunded)" }).middleware(Authenticated))
  .add(op.post("adminReviewRewardPool", "/v2/admin/reward-pools/:id/review", { path: IdPath, body: ReviewRewardPoolBody, ok: RewardPoolView, summary: "APPROVE or REJECT a FUNDING pool (409 REWARD_POOL_STATUS_CONFLICT otherwise)" }).middleware(Authenticated))
  .annotate(Requires, AdminPermission("payments.manage"))
  .annotate(OpenApi.Title, "Admin: reward pools")
  .annotate(OpenApi.Description, "Challenge cash-prize escrows on the wallets ledger; permission payments.manage")
{}
