/** Master events, their members, orders and reward grants (Postgres adapter in @podium/postgres, memory twin in ../testing). */
import type { MasterEvent, MasterEventStatus, MasterMember, MasterMemberStatus, MasterOrder, MasterRewardGrant, MasterRewardKind, MoveRefused } from "@podium/kernel"
import { Context, type Effect, type Option } from "effect"
import type {
  MasterAlreadyJoined,
  MasterEventMove,
  MasterEventNotFound,
  MasterEventNotOpen,
  MasterRewardMove,
  MasterRewardNotFound
} from "./master-event.model.js"

export interface PageOf<A> {
  readonly data: ReadonlyArray<A>
  readonly total: number
}

export interface NewMasterGrant {
  readonly eventId: string
  readonly userId: string
  readonly kind: MasterRewardKind
  readonly amount: number
  readonly badgeCode: string | null
  readonly place: number
}

/** Money and members of one master event, for the admin's detail. */
export interface MasterEventTotals {
  readonly joined: number
  readonly pendingPayment: number
  readonly left: number
  readonly paidOrders: number
  /** Paid and not refunded, minor units. */
  readonly revenue: number
  readonly refundedOrders: number
  readonly settledOrders: number
}

export class MasterEventRepo extends Context.Tag("@podium/core/events/MasterEventRepo")<MasterEventRepo, {
  /** The series' umbrella, created with the declaration's defaults (published, free) when missing. */
  readonly ensure: (eventId: string) => Effect.Effect<MasterEvent>
  readonly find: (eventId: string) => Effect.Effect<Option.Option<MasterEvent>>
  readonly list: (filter: { readonly status?: MasterEventStatus | undefined; readonly limit: number; readonly offset: number }) => Effect.Effect<PageOf<MasterEvent>>
  /** Sets the entry fee unless the master event is closed (none then, or when it is missing). */
  readonly setEntryFee: (eventId: string, entryFee: number) => Effect.Effect<Option.Option<MasterEvent>>
  /** One move of the moderation machine as a conditional update. */
  readonly move: (eventId: string, move: MasterEventMove, reason: string | null) => Effect.Effect<MasterEvent, MoveRefused | MasterEventNotFound>
  readonly totals: (eventId: string) => Effect.Effect<MasterEventTotals>
  /**
   * Records a membership while the master event is published (checked under its row lock, where a
   * joined membership also counts): one live (not left) membership per athlete and master event.
   */
  readonly join: (input: {
    readonly eventId: string
    readonly userId: string
    readonly amount: number
    readonly currency: string
    readonly confirmed: boolean
    readonly at: Date
  }) => Effect.Effect<MasterMember, MasterAlreadyJoined | MasterEventNotOpen>
  /** The athlete's live (joined or pending) membership. */
  readonly findLiveMember: (eventId: string, userId: string) => Effect.Effect<Option.Option<MasterMember>>
  /** Ends the live membership (a joined one leaves the count); none when there is none; refused once the master event is closed. */
  readonly leave: (eventId: string, userId: string, at: Date) => Effect.Effect<Option.Option<MasterMember>, MasterEventNotOpen>
  readonly members: (eventId: string, filter: { readonly status?: MasterMemberStatus | undefined; readonly limit: number; readonly offset: number }) => Effect.Effect<PageOf<MasterMember>>
  /** Every joined member (what the standings rank). */
  readonly joinedMembers: (eventId: string) => Effect.Effect<ReadonlyArray<MasterMember>>
  /** Records the order of a pending membership and makes it the membership's current order. */
  readonly createOrder: (input: {
    readonly eventId: string
    readonly memberId: string
    readonly userId: string
    readonly amount: number
    readonly currency: string
    readonly provider: string
    readonly gatewayOrderId: string
  }) => Effect.Effect<MasterOrder>
  readonly findOrder: (id: string) => Effect.Effect<Option.Option<MasterOrder>>
  readonly findOrderByGateway: (provider: string, gatewayOrderId: string) => Effect.Effect<Option.Option<MasterOrder>>
  readonly orders: (eventId: string, filter: { readonly limit: number; readonly offset: number }) => Effect.Effect<PageOf<MasterOrder>>
  /**
   * created → paid (conditional), and the membership pending → joined (counted) when it still
   * waits: none when the order was already paid, so verify and webhook confirm once between them.
   */
  readonly markPaid: (orderId: string, paymentId: string, at: Date) => Effect.Effect<Option.Option<{ readonly order: MasterOrder; readonly member: MasterMember; readonly joined: boolean }>>
  /** Marks a paid order refunded once (none when it already was, or is not paid) and ends the membership it paid for. */
  readonly markRefunded: (orderId: string, by: string, reference: string | null, at: Date) => Effect.Effect<Option.Option<MasterOrder>>
  /** Marks a paid, unrefunded order settled once (none otherwise). */
  readonly markSettled: (orderId: string, by: string, at: Date) => Effect.Effect<Option.Option<MasterOrder>>
  /** Issues grants, one per athlete and kind of a master event (repeats are ignored); answers how many were new. */
  readonly issueGrants: (grants: ReadonlyArray<NewMasterGrant>) => Effect.Effect<number>
  readonly grants: (filter: { readonly eventId?: string | undefined; readonly userId?: string | undefined; readonly limit: number; readonly offset: number }) => Effect.Effect<PageOf<MasterRewardGrant>>
  readonly findGrant: (id: string) => Effect.Effect<Option.Option<MasterRewardGrant>>
  readonly moveGrant: (id: string, move: MasterRewardMove, reason: string | null) => Effect.Effect<MasterRewardGrant, MoveRefused | MasterRewardNotFound>
}>() {}
