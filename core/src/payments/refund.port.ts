/** Refunds (Postgres adapter in @podium/postgres, memory twin in @podium/core/testing). */
import type { MoveRefused, Refund, RefundSource, RefundStatus } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type { RefundInFlight, RefundMove, RefundNotFound } from "./refund.model.js"

export interface NewRefund {
  readonly sourceKind: RefundSource
  readonly sourceId: string
  readonly userId: string | null
  readonly eventId: string | null
  readonly challengeId: string | null
  readonly provider: string
  readonly gatewayPaymentId: string | null
  readonly amount: number
  readonly currency: string
  readonly reason: string
  readonly requestedBy: string
}

export interface RefundQuery {
  readonly status?: RefundStatus | undefined
  readonly sourceKind?: RefundSource | undefined
  readonly eventId?: string | undefined
  readonly userId?: string | undefined
  readonly page: number
  readonly limit: number
}

export interface RefundMoveFields {
  readonly gatewayRefundId?: string
  readonly lastError?: string | null
  readonly resolvedBy?: string
  readonly resolutionNote?: string | null
}

export class RefundRepo extends Context.Tag("@podium/core/payments/RefundRepo")<RefundRepo, {
  /** Inserts the refund unless its source has one (unique source kind + id): `created` false answers the existing one. */
  readonly request: (input: NewRefund) => Effect.Effect<{ readonly refund: Refund; readonly created: boolean }>
  readonly find: (id: string) => Effect.Effect<Option.Option<Refund>>
  readonly findBySource: (kind: RefundSource, sourceId: string) => Effect.Effect<Option.Option<Refund>>
  /** Newest first. */
  readonly list: (query: RefundQuery) => Effect.Effect<{ readonly items: ReadonlyArray<Refund>; readonly total: number }>
  /**
   * Leases up to `limit` rows in `status` whose lease is free (one conditional update: two jobs
   * never hold the same row), oldest first; leasing a PENDING row counts a gateway attempt.
   */
  readonly lease: (status: "PENDING" | "PROCESSING", leaseSeconds: number, limit: number) => Effect.Effect<ReadonlyArray<Refund>>
  /** Frees a leased row, recording why it stays where it is (a 503: retried by the next run). */
  readonly release: (id: string, lastError: string | null) => Effect.Effect<void>
  /**
   * A move of the machine as one conditional update; the job's own moves free the lease, an
   * admin's (`unleasedOnly`) is refused with RefundInFlight while the job holds the row.
   */
  readonly move: (
    id: string,
    move: RefundMove,
    fields: RefundMoveFields,
    options?: { readonly unleasedOnly?: boolean }
  ) => Effect.Effect<Refund, MoveRefused | RefundNotFound | RefundInFlight>
}>() {}
