/**
 * The athlete's action center (C "Action center"): rewards waiting to be claimed. Claiming is one
 * conditional move claimable → claimed (of concurrent claims exactly one wins, the rest 409
 * REWARD_NOT_CLAIMABLE); an RC reward is credited to the athlete's RC wallet through the ledger in
 * the same transaction, keyed by the reward so the coins can never land twice; a badge is
 * acknowledged by the claim itself.
 */
import type { ClaimableReward } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { Transactor } from "../platform/transactor.port.js"
import { athleteRcWallet } from "../wallets/ledger.model.js"
import { Ledger } from "../wallets/ledger.port.js"
import { credit } from "../wallets/wallets.use-case.js"
import { ClaimableRewardNotFound, FinisherRewardsAccount } from "./proofs.model.js"
import { ClaimableRewardRepo } from "./proofs.port.js"

export const claimableRewards = Effect.fn("results.rewards.mine")(function*(userId: string, query: {
  readonly status?: ClaimableReward["status"] | undefined
  readonly page: number
  readonly limit: number
}) {
  // The action center shows what is waiting unless the caller asks for another status.
  const status = query.status ?? "claimable"
  const found = yield* Effect.flatMap(ClaimableRewardRepo, (r) => r.ofUser(userId, status, { limit: query.limit, offset: (query.page - 1) * query.limit }))
  return { items: found.items, total: found.total, page: query.page, limit: query.limit }
})

/** `POST /v2/users/me/claimable-rewards/{claimId}/claim`: the reward and the caller's RC balance after it. */
export const claimReward = Effect.fn("results.rewards.claim")(function*(principal: Principal, claimId: string) {
  const repo = yield* ClaimableRewardRepo
  const found = isUuid(claimId) ? yield* repo.findById(claimId) : Option.none()
  if (Option.isNone(found) || found.value.userId !== principal.accountId) return yield* new ClaimableRewardNotFound({ ref: claimId })
  const now = new Date(yield* Clock.currentTimeMillis)
  const wallet = athleteRcWallet(principal.accountId)
  const tx = yield* Transactor
  return yield* tx.atomically(Effect.gen(function*() {
    const reward = yield* repo.claim(found.value.id, now)
    if (reward.kind === "rc" && reward.amount > 0) {
      yield* credit({
        account: wallet,
        from: FinisherRewardsAccount,
        amount: reward.amount,
        reason: `reward claimed: ${reward.title}`,
        idempotencyKey: `claimable-reward:${reward.id}`,
        metadata: { rewardId: reward.id, source: reward.source }
      }).pipe(Effect.orDie)
    }
    return { reward, balance: yield* Effect.flatMap(Ledger, (l) => l.balance(wallet)) }
  }))
})
