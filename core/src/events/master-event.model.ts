/**
 * Master events: the umbrella of a recurring event (the series) over its editions. The machines
 * (the admin's moderation, the reward grants), the errors, the standings' scoring and the reward
 * table, and the ledger accounts a master event's money and coins move through.
 */
import { defineMoves, DomainError, type MasterEventStatus, type MasterRewardStatus } from "@podium/kernel"
import { Schema } from "effect"
import type { LedgerAccountRef } from "../wallets/ledger.model.js"

/**
 * The admin's moderation (states.tsv "Master event"). Closing is final: the standings freeze and
 * the reward grants are issued from them, so a closed series is never reopened.
 */
export const MasterEventMoves = defineMoves<MasterEventStatus>()({ machine: "master-event", code: "MASTER_EVENT_STATUS_CONFLICT" }, {
  hide: { from: ["published"], to: "hidden" },
  publish: { from: ["hidden"], to: "published" },
  close: { from: ["published", "hidden"], to: "closed" }
})
export type MasterEventMove = keyof typeof MasterEventMoves.table

export const masterEventMoveTo = (to: MasterEventStatus): MasterEventMove =>
  (Object.keys(MasterEventMoves.table) as Array<MasterEventMove>).find((m) => MasterEventMoves.table[m].to === to)!

/**
 * A grant is issued pending; an admin grants it (coins credited) or revokes it. Revoking a pending
 * grant (withdraw) moves nothing; revoking a granted one takes the coins back. They are two moves so
 * the conditional update proves which one happened (a grant between the read and the revoke cannot
 * leave credited coins behind).
 */
export const MasterRewardMoves = defineMoves<MasterRewardStatus>()({ machine: "master-reward", code: "MASTER_REWARD_STATUS_CONFLICT" }, {
  grant: { from: ["pending"], to: "granted" },
  withdraw: { from: ["pending"], to: "revoked" },
  revoke: { from: ["granted"], to: "revoked" }
})
export type MasterRewardMove = keyof typeof MasterRewardMoves.table

/** The purpose of master-event join orders in `payments.orders` (the inbox's processor matches on it). */
export const MasterOrderPurpose = "master_event_join"

/** How long a paid join's checkout holds the quoted fee (the app asks a fresh order after it). */
export const MasterCheckoutHoldMs = 30 * 60_000

/**
 * Series points of one edition result: 100 for the winner, one less per place, at least 1 for
 * every finisher (so showing up in every edition counts). Ties share the place, so they share the points.
 */
export const pointsOfPlace = (place: number) => Math.max(1, 101 - place)

/** The RC coins the top three of the final standings are granted (ties share the place and the coins). */
export const MasterPodiumRc: ReadonlyArray<number> = [1000, 500, 250]
export const MasterPodiumBadge = "master-podium"
export const MasterFinisherBadge = "master-finisher"

/** Standard competition ranking ("1-2-2-4") of scores, best first: `better(a, b)` < 0 when a ranks ahead. */
export const competitionRanks = <A>(items: ReadonlyArray<A>, compare: (a: A, b: A) => number): ReadonlyArray<{ readonly item: A; readonly place: number }> => {
  const sorted = [...items].sort(compare)
  const out: Array<{ item: A; place: number }> = []
  sorted.forEach((item, i) => {
    const prev = out[i - 1]
    out.push({ item, place: prev !== undefined && compare(prev.item, item) === 0 ? prev.place : i + 1 })
  })
  return out
}

// Ledger accounts. Captured join fees wait in the clearing account until the gateway settles them
// into the platform's bank; a refund goes back to the gateway from wherever the money is.
export const gatewayCollectionsAccount: LedgerAccountRef = { ownerType: "external", ownerId: "payment-gateway", purpose: "collections", currency: "INR" }
export const gatewayRefundsAccount: LedgerAccountRef = { ownerType: "external", ownerId: "payment-gateway", purpose: "refunds", currency: "INR" }
export const masterClearingAccount = (eventId: string): LedgerAccountRef => ({ ownerType: "platform", ownerId: "platform", purpose: `master-event-clearing:${eventId}`, currency: "INR" })
export const masterSettledAccount = (eventId: string): LedgerAccountRef => ({ ownerType: "platform", ownerId: "platform", purpose: `master-event-settled:${eventId}`, currency: "INR" })
/** Where granted coins come from, and the athlete's RC rewards wallet they go to. */
export const rcGrantsAccount: LedgerAccountRef = { ownerType: "platform", ownerId: "platform", purpose: "rc-grants", currency: "RC" }
export const userRewardsAccount = (userId: string): LedgerAccountRef => ({ ownerType: "user", ownerId: userId, purpose: "rewards", currency: "RC" })

// ---------------------------------------------------------------------------------------------
// Errors

export class MasterEventNotFound extends DomainError<MasterEventNotFound>()("MasterEventNotFound", { kind: "not-found" }, { ref: Schema.String }) {
  override get message() {
    return `Master event ${this.ref} not found`
  }
}

export class MasterEventNotOpen extends DomainError<MasterEventNotOpen>()("MasterEventNotOpen", { kind: "conflict", code: "MASTER_EVENT_NOT_OPEN" }, {
  eventId: Schema.String,
  status: Schema.String
}) {
  override get message() {
    return `The master event is ${this.status}`
  }
}

export class MasterAlreadyJoined extends DomainError<MasterAlreadyJoined>()("MasterAlreadyJoined", { kind: "conflict", code: "MASTER_ALREADY_JOINED" }, {
  eventId: Schema.String
}) {
  override get message() {
    return "You have already joined this master event"
  }
}

export class MasterMembershipNotFound extends DomainError<MasterMembershipNotFound>()("MasterMembershipNotFound", { kind: "not-found" }, {
  eventId: Schema.String
}) {
  override get message() {
    return "You have not joined this master event"
  }
}

export class MasterOrderNotFound extends DomainError<MasterOrderNotFound>()("MasterOrderNotFound", { kind: "not-found" }, { orderId: Schema.String }) {
  override get message() {
    return `Order ${this.orderId} not found`
  }
}

export class MasterPaymentNotCaptured extends DomainError<MasterPaymentNotCaptured>()(
  "MasterPaymentNotCaptured",
  { kind: "conflict", code: "MASTER_PAYMENT_NOT_CAPTURED" },
  { status: Schema.String }
) {
  override get message() {
    return `The payment is ${this.status}, not captured`
  }
}

export class MasterOrderNotPaid extends DomainError<MasterOrderNotPaid>()("MasterOrderNotPaid", { kind: "conflict", code: "MASTER_ORDER_NOT_PAID" }, {
  orderId: Schema.String
}) {
  override get message() {
    return "The order has not been paid"
  }
}

export class MasterOrderRefunded extends DomainError<MasterOrderRefunded>()("MasterOrderRefunded", { kind: "conflict", code: "MASTER_ORDER_REFUNDED" }, {
  orderId: Schema.String
}) {
  override get message() {
    return "The order has been refunded; there is nothing to settle"
  }
}

export class MasterRewardNotFound extends DomainError<MasterRewardNotFound>()("MasterRewardNotFound", { kind: "not-found" }, { grantId: Schema.String }) {
  override get message() {
    return `Reward grant ${this.grantId} not found`
  }
}

/** Revoking granted coins the athlete has already spent would take their wallet below zero. */
export class MasterRewardSpent extends DomainError<MasterRewardSpent>()("MasterRewardSpent", { kind: "conflict", code: "MASTER_REWARD_SPENT" }, {
  grantId: Schema.String
}) {
  override get message() {
    return "The athlete's wallet no longer holds the granted coins"
  }
}
