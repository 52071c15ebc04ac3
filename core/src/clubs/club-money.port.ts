/**
 * Repositories of club money: RC grant requests, settlements (with the ledger entries each one
 * claimed) and payout requests (Postgres adapters in @podium/postgres, memory twins in
 * @podium/core/testing). Every status move is conditional (`from` states), so of two concurrent
 * moves exactly one wins.
 */
import { Context, type Effect, type Option } from "effect"
import type {
  PayeeType,
  PayoutRequest,
  PayoutRequestStatus,
  RcGrant,
  RcGrantRequestAlreadyOpen,
  RcGrantStatus,
  Settlement,
  SettlementStatus
} from "./club-money.model.js"

import type { Paged } from "../platform/paged.js"

export type { Paged }

export interface RcGrantFilter {
  readonly clubId?: string
  readonly status?: RcGrantStatus
  readonly limit: number
  readonly offset: number
  /** Oldest first (the admin queue) instead of newest first. */
  readonly oldestFirst?: boolean
}

export class RcGrantRepo extends Context.Tag("@podium/core/clubs/RcGrantRepo")<RcGrantRepo, {
  /** Creates a REQUESTED grant; fails RcGrantRequestAlreadyOpen when the club already has one (a unique index decides races). */
  readonly create: (input: { readonly clubId: string; readonly requestedRc: number; readonly reason: string; readonly requestedBy: string }) => Effect.Effect<RcGrant, RcGrantRequestAlreadyOpen>
  readonly findById: (id: string) => Effect.Effect<Option.Option<RcGrant>>
  readonly list: (filter: RcGrantFilter) => Effect.Effect<Paged<RcGrant>>
  /** Moves the grant only while its status is one of `from`; none otherwise. */
  readonly transition: (
    id: string,
    from: ReadonlyArray<RcGrantStatus>,
    to: RcGrantStatus,
    extra: {
      readonly approvedRc?: number
      readonly reviewedBy?: string
      readonly rejectionReason?: string
      readonly cancelledBy?: string
    }
  ) => Effect.Effect<Option.Option<RcGrant>>
  readonly setLedgerTransfer: (id: string, transferId: string) => Effect.Effect<Option.Option<RcGrant>>
  /** Total RC approved for the club. */
  readonly approvedTotal: (clubId: string) => Effect.Effect<number>
}>() {}

export interface NewSettlement extends Pick<
    Settlement,
    "clubId" | "payeeType" | "payeeId" | "periodStart" | "periodEnd" | "grossAmount" | "commissionAmount" | "deductionsAmount" | "amount" | "entryCount" | "status" | "eligibleAt"
  > {}

export interface SettlementFilter {
  readonly clubId?: string
  readonly payeeType?: PayeeType
  readonly status?: SettlementStatus
  readonly limit: number
  readonly offset: number
}

export class SettlementRepo extends Context.Tag("@podium/core/clubs/SettlementRepo")<SettlementRepo, {
  /** Creates the settlement; none when the (club, payee, period) was already settled (unique). */
  readonly create: (input: NewSettlement) => Effect.Effect<Option.Option<Settlement>>
  readonly findById: (id: string) => Effect.Effect<Option.Option<Settlement>>
  /** Newest period first. */
  readonly list: (filter: SettlementFilter) => Effect.Effect<Paged<Settlement>>
  /** The subset of `entryIds` no settlement has claimed yet. */
  readonly unclaimed: (entryIds: ReadonlyArray<string>) => Effect.Effect<ReadonlySet<string>>
  /** Claims ledger entries for the settlement (each entry at most once, ever); answers the ones claimed now. */
  readonly claimEntries: (settlementId: string, entryIds: ReadonlyArray<string>) => Effect.Effect<ReadonlySet<string>>
  readonly setLedgerTransfer: (id: string, transferId: string) => Effect.Effect<void>
  /** Conditional status move; none when the settlement was not in one of `from`. */
  readonly transition: (id: string, from: ReadonlyArray<SettlementStatus>, to: SettlementStatus) => Effect.Effect<Option.Option<Settlement>>
  /** PENDING settlements whose hold ended by `now` become ELIGIBLE; answers how many. */
  readonly releaseMatured: (now: Date) => Effect.Effect<number>
}>() {}

export interface PayoutRequestFilter {
  readonly clubId?: string
  readonly payeeType?: PayeeType
  readonly status?: PayoutRequestStatus
  readonly limit: number
  readonly offset: number
  readonly oldestFirst?: boolean
}

export class PayoutRequestRepo extends Context.Tag("@podium/core/clubs/PayoutRequestRepo")<PayoutRequestRepo, {
  /** Creates a REQUESTED request; none when the settlement already has an open or paid one (unique). */
  readonly create: (input: {
    readonly settlementId: string
    readonly clubId: string | null
    readonly payeeType: PayeeType
    readonly payeeId: string
    readonly amount: number
    readonly requestedBy: string
  }) => Effect.Effect<Option.Option<PayoutRequest>>
  readonly findById: (id: string) => Effect.Effect<Option.Option<PayoutRequest>>
  readonly list: (filter: PayoutRequestFilter) => Effect.Effect<Paged<PayoutRequest>>
  /** Conditional status move with the move's facts; none when the request was not in one of `from`. */
  readonly transition: (
    id: string,
    from: ReadonlyArray<PayoutRequestStatus>,
    to: PayoutRequestStatus,
    extra: {
      readonly by: string
      readonly paymentReference?: string
      readonly rejectionReason?: string
      readonly cancelReason?: string
    }
  ) => Effect.Effect<Option.Option<PayoutRequest>>
  readonly setLedgerTransfer: (id: string, transferId: string) => Effect.Effect<Option.Option<PayoutRequest>>
}>() {}
