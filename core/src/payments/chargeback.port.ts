/** Chargebacks and their evidence (Postgres adapter in @podium/postgres, memory twin in @podium/core/testing). */
import type { Chargeback, ChargebackDefendStatus, ChargebackEvidence, ChargebackEvidenceKind, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { ChargebackMove, ChargebackNotFound, GatewayDisputeFact } from "./chargeback.model.js"

export interface ChargebackQuery {
  readonly defendStatus?: ChargebackDefendStatus | undefined
  readonly gatewayStatus?: string | undefined
  readonly purpose?: string | undefined
  readonly provider?: string | undefined
  /** Case-insensitive part of the gateway case id (or of the gateway payment id). */
  readonly search?: string | undefined
  /** Received at or after / at or before. */
  readonly from?: Date | undefined
  readonly to?: Date | undefined
  readonly page: number
  readonly limit: number
}

/** What a move writes besides the status. */
export interface ChargebackMoveFacts {
  readonly by: string
  /** edit-defense: the new draft. */
  readonly draft?: string
  /** edit-defense: one evidence item is being added. */
  readonly evidenceAdded?: boolean
  /** Closing moves: the reason recorded with resolver and time. */
  readonly reason?: string | null
}

export class ChargebackRepo extends Context.Tag("@podium/core/payments/ChargebackRepo")<ChargebackRepo, {
  /**
   * Creates the case of a gateway dispute, or refreshes its gateway facts when this delivery is not
   * older than the newest one applied (a replay or a late delivery changes nothing). `inserted`
   * tells the first delivery.
   */
  readonly upsertFromGateway: (fact: GatewayDisputeFact) => Effect.Effect<{ readonly chargeback: Chargeback; readonly inserted: boolean }>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Chargeback>>
  /** The case under a row lock until the surrounding unit of work ends (call inside `Transactor.atomically`). */
  readonly lock: (id: string) => Effect.Effect<Option.Option<Chargeback>>
  /** Newest first. */
  readonly list: (query: ChargebackQuery) => Effect.Effect<{ readonly items: ReadonlyArray<Chargeback>; readonly total: number }>
  /** The case's evidence, oldest first. */
  readonly evidence: (id: string) => Effect.Effect<ReadonlyArray<ChargebackEvidence>>
  readonly addEvidence: (input: {
    readonly chargebackId: string
    readonly kind: ChargebackEvidenceKind
    readonly fileUrl: string | null
    readonly description: string | null
    readonly addedBy: string
  }) => Effect.Effect<ChargebackEvidence>
  /** The move as one conditional update (of two concurrent moves one wins). */
  readonly move: (id: string, move: ChargebackMove, facts: ChargebackMoveFacts) => Effect.Effect<Chargeback, ChargebackNotFound | MoveRefused>
}>() {}
