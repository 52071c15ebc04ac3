/** Reward pools (Postgres adapter in @podium/postgres, memory twin in @podium/core/testing). */
import type { MoveRefused, RewardPool, RewardPoolStatus } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { RewardPoolNotFound } from "./reward-pool.model.js"

export interface NewRewardPool {
  readonly challengeId: string
  readonly funderType: RewardPool["funderType"]
  readonly funderId: string
  readonly currency: string
}

export class RewardPoolRepo extends Context.Tag("@podium/core/challenges/RewardPoolRepo")<RewardPoolRepo, {
  /** The challenge's pool, opened when absent (one per challenge: a second open answers it). */
  readonly open: (input: NewRewardPool) => Effect.Effect<RewardPool>
  readonly find: (id: string) => Effect.Effect<Option.Option<RewardPool>>
  /** Newest first. */
  readonly list: (query: { readonly status?: RewardPoolStatus | undefined; readonly page: number; readonly limit: number }) => Effect.Effect<{
    readonly items: ReadonlyArray<RewardPool>
    readonly total: number
  }>
  /** Adds `amount` to `funded` while the pool takes funds (one conditional update: it holds the row for the caller's transaction). */
  readonly fund: (id: string, amount: number) => Effect.Effect<RewardPool, MoveRefused | RewardPoolNotFound>
  readonly review: (id: string, decision: "approve" | "reject", by: string, note: string | null) => Effect.Effect<RewardPool, MoveRefused | RewardPoolNotFound>
  /** Closes the pool (one conditional update: of two refunds at once, one wins). */
  readonly close: (id: string) => Effect.Effect<RewardPool, MoveRefused | RewardPoolNotFound>
  /** Records what went back to the funder on close. */
  readonly recordRefund: (id: string, amount: number) => Effect.Effect<RewardPool>
}>() {}
