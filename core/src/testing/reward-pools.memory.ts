/** Reward pools in memory: the Postgres adapter's visible behaviour (one per challenge, conditional moves). */
import type { MoveRefused, RewardPool } from "@podium/kernel"
import { Effect, Either, Layer, Option } from "effect"
import { RewardPoolMoves, type RewardPoolMove, RewardPoolNotFound } from "../challenges/reward-pool.model.js"
import { RewardPoolRepo } from "../challenges/reward-pool.port.js"

export const makeRewardPoolRepoMemory = () => {
  const rows = new Map<string, RewardPool>()
  const move = (id: string, name: RewardPoolMove, patch: Partial<RewardPool>) =>
    Effect.suspend((): Effect.Effect<RewardPool, MoveRefused | RewardPoolNotFound> => {
      const p = rows.get(id)
      if (p === undefined) return Effect.fail(new RewardPoolNotFound({ id }))
      const to = RewardPoolMoves.transition(p.status, name)
      if (Either.isLeft(to)) return Effect.fail(to.left)
      const next = { ...p, ...patch, status: name === "fund" ? p.status : to.right, updatedAt: new Date() }
      rows.set(id, next)
      return Effect.succeed(next)
    })
  return RewardPoolRepo.of({
    open: (input) =>
      Effect.sync(() => {
        const existing = rows.get(input.challengeId)
        if (existing !== undefined) return existing
        const now = new Date()
        const pool: RewardPool = {
          id: input.challengeId, challengeId: input.challengeId, funderType: input.funderType, funderId: input.funderId, currency: input.currency,
          status: "FUNDING", funded: 0, refunded: 0, reviewNote: null, reviewedBy: null, reviewedAt: null, refundedAt: null, createdAt: now, updatedAt: now
        }
        rows.set(pool.id, pool)
        return pool
      }),
    find: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    list: (q) =>
      Effect.sync(() => {
        const all = [...rows.values()].filter((p) => q.status === undefined || p.status === q.status)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        return { items: all.slice((q.page - 1) * q.limit, q.page * q.limit), total: all.length }
      }),
    fund: (id, amount) => Effect.suspend(() => move(id, "fund", { funded: (rows.get(id)?.funded ?? 0) + amount })),
    review: (id, decision, by, note) => move(id, decision, { reviewedBy: by, reviewNote: note, reviewedAt: new Date() }),
    close: (id) => move(id, "refund", { refundedAt: new Date() }),
    recordRefund: (id, amount) =>
      Effect.sync(() => {
        const next = { ...rows.get(id)!, refunded: amount, updatedAt: new Date() }
        rows.set(id, next)
        return next
      })
  })
}

export const RewardPoolRepoMemory = Layer.sync(RewardPoolRepo, makeRewardPoolRepoMemory)
