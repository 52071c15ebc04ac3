/**
 * Reward pools: admin funding, review and refund of a challenge's cash-prize escrow, each one unit
 * of work holding the pool's row (so a top-up and a refund, or two refunds, never interleave), with
 * the money on the wallets ledger under idempotency keys. Decisions where the spec is silent: an
 * admin funds by recording money received outside the gateway with its bank reference (the
 * reference is the ledger's idempotency key: recording the same transfer twice credits once); a
 * review is APPROVE or REJECT of a FUNDING pool with a note; a refund moves the whole unspent
 * balance (prize payouts already made stay paid) and closes the pool.
 */
import { Effect, Option } from "effect"
import { requireAdminPermission } from "../accounts/admin-accounts.use-case.js"
import type { Principal } from "../identity/principal.model.js"
import { requireOrganizerRole } from "../organizers/tenancy.policy.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import { Ledger } from "../wallets/ledger.port.js"
import { transfer } from "../wallets/wallets.use-case.js"
import { ChallengeRepo } from "./challenge.port.js"
import { funderAccount, ManualFunding, RewardPoolNotFound } from "./reward-pool.model.js"
import { RewardPoolRepo } from "./reward-pool.port.js"
import { RewardLedger } from "./rewards.model.js"

const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const listRewardPools = Effect.fn("challenges.rewardPools.list")(function*(query: { readonly status?: "FUNDING" | "APPROVED" | "REJECTED" | "REFUNDED" | undefined; readonly page: number; readonly limit: number }) {
  const page = yield* Effect.flatMap(RewardPoolRepo, (r) => r.list(query))
  return { ...page, page: query.page, limit: query.limit }
})

export const findRewardPool = Effect.fn("challenges.rewardPools.find")(function*(id: string) {
  const found = Uuid.test(id) ? yield* Effect.flatMap(RewardPoolRepo, (r) => r.find(id)) : Option.none()
  if (Option.isNone(found)) return yield* new RewardPoolNotFound({ id })
  return found.value
})

/** Admin: money for the challenge's prizes arrived outside the gateway; opens the pool on its first funding. */
export const manuallyFundRewardPool = Effect.fn("challenges.rewardPools.fund")(function*(admin: Principal, id: string, input: { readonly amount: number; readonly reference: string }) {
  const challenge = Uuid.test(id) ? yield* Effect.flatMap(ChallengeRepo, (r) => r.findById(id)) : Option.none()
  if (Option.isNone(challenge)) return yield* new RewardPoolNotFound({ id })
  const c = challenge.value
  const repo = yield* RewardPoolRepo
  const pool = yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      yield* repo.open({
        challengeId: c.id,
        funderType: c.creatorType === "admin" ? "platform" : c.creatorType,
        funderId: c.creatorType === "admin" ? "platform" : c.creatorId,
        currency: "INR"
      })
      const posted = yield* transfer({
        from: ManualFunding,
        to: RewardLedger.payouts(c.id),
        amount: input.amount,
        reason: `reward pool funding: ${input.reference}`,
        idempotencyKey: `reward-pool.fund:${c.id}:${input.reference}`,
        metadata: { challengeId: c.id, reference: input.reference, by: admin.accountId }
      }).pipe(Effect.orDie)
      // A replayed reference credited nothing: the pool's total stays as it was.
      return posted.replayed ? yield* Effect.map(repo.find(c.id), Option.getOrThrow) : yield* repo.fund(c.id, input.amount)
    })))
  yield* auditSubject("reward_pool.funded", admin, { kind: "reward_pool", id: pool.id }, { data: { amount: input.amount, reference: input.reference } })
  return pool
})

export const reviewRewardPool = Effect.fn("challenges.rewardPools.review")(function*(admin: Principal, id: string, input: { readonly decision: "APPROVE" | "REJECT"; readonly note?: string | undefined }) {
  yield* findRewardPool(id)
  const pool = yield* Effect.flatMap(RewardPoolRepo, (r) => r.review(id, input.decision === "APPROVE" ? "approve" : "reject", `admin:${admin.accountId}`, input.note ?? null))
  yield* auditSubject(input.decision === "APPROVE" ? "reward_pool.approved" : "reward_pool.rejected", admin, { kind: "reward_pool", id }, input.note === undefined ? {} : { reason: input.note })
  return pool
})

/** Admin: closes the pool and moves its unspent balance to the funder (nothing when prizes used it all). */
export const refundRewardPool = Effect.fn("challenges.rewardPools.refund")(function*(admin: Principal, id: string) {
  yield* findRewardPool(id)
  const repo = yield* RewardPoolRepo
  const pool = yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const closed = yield* repo.close(id)
      const balance = yield* Effect.flatMap(Ledger, (l) => l.balance(RewardLedger.payouts(closed.challengeId)))
      if (balance <= 0) return closed
      yield* transfer({
        from: RewardLedger.payouts(closed.challengeId),
        to: funderAccount(closed.funderType, closed.funderId),
        amount: balance,
        reason: "reward pool refund: unspent balance",
        idempotencyKey: `reward-pool.refund:${closed.id}`,
        metadata: { challengeId: closed.challengeId, by: admin.accountId }
      }).pipe(Effect.orDie)
      return yield* repo.recordRefund(id, balance)
    })))
  yield* auditSubject("reward_pool.refunded", admin, { kind: "reward_pool", id }, { data: { amount: pool.refunded } })
  return pool
})

/**
 * Who may read a pool's money (the spec says "unknown"): an admin holding `payments.manage`, or an
 * OWNER/ADMIN of the organizer that funds it. Club and brand funders read their wallets instead
 * (their teams are not organizer teams); everyone else gets the 404 of an unknown pool.
 */
export const mayReadRewardPool = Effect.fn("challenges.rewardPools.mayRead")(function*(principal: Principal, id: string) {
  const pool = yield* findRewardPool(id)
  if (principal.accountKind === "admin") return yield* Effect.isSuccess(requireAdminPermission(principal.accountId, "payments.manage"))
  if (pool.funderType !== "organizer") return false
  return yield* Effect.isSuccess(requireOrganizerRole(principal, pool.funderId, ["OWNER", "ADMIN"]))
})

/**
 * Finance truth of a pool (C /v2/events/finance-truth/reward-pool/{poolId}): funded, paid out to
 * winners, refunded and held, from the ledger account itself, with its latest entries. Admins with
 * `payments.manage` and the funder's OWNER/ADMIN read it (the caller's check is `mayRead`).
 */
export const rewardPoolFinance = Effect.fn("challenges.rewardPools.finance")(function*(principal: Principal, id: string) {
  if (!(yield* mayReadRewardPool(principal, id))) return yield* new RewardPoolNotFound({ id })
  const pool = yield* findRewardPool(id)
  const ledger = yield* Ledger
  const account = RewardLedger.payouts(pool.challengeId)
  const summary = yield* ledger.summary(account)
  const entries = yield* ledger.entries(account, { limit: 100 })
  const paidOut = summary.debited - pool.refunded
  return {
    pool,
    funded: summary.credited,
    paidOut,
    refunded: pool.refunded,
    held: summary.balance,
    discrepancies: [
      ...(summary.credited !== pool.funded ? [`the ledger credited ${summary.credited} but the pool recorded ${pool.funded}`] : []),
      ...(summary.balance < 0 ? ["prizes were paid beyond the funds: the pool is short"] : []),
      ...(pool.status === "REFUNDED" && summary.balance > 0 ? ["a closed pool still holds money"] : [])
    ],
    entries: entries.items.map((e) => ({ id: e.id, amount: e.amount, reason: e.reason, createdAt: e.createdAt }))
  }
})
