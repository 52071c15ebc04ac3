/**
 * Challenge participations: an athlete joins (the cap is enforced by the store under the
 * challenge's row lock) and leaves; anyone lists a public challenge's joined athletes; admins list
 * and revoke participations and read the management statistics and an athlete's summary.
 *
 * A paid challenge (entry fee above 0) holds the athlete's place in PENDING_PAYMENT for
 * `ChallengePaymentHoldMs` and creates a gateway order (purpose `challenge_entry`) after the place
 * is taken, never inside the transaction. The app's verify-payment or the gateway's
 * `payment.captured` webhook confirms it exactly once, whichever comes first (the conditional
 * PENDING_PAYMENT → JOINED move is the gate). A cancelled challenge's paid participations show as
 * refund due in their payment summary; the refund itself is the money flows' (the gateway port
 * takes no refunds yet).
 */
import type { Challenge, ChallengeParticipation } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import { PaymentEventProcessingFailed, registerPaymentEventProcessor } from "../payments/payment-event-processors.port.js"
import { PaymentGateway } from "../payments/payment-gateway.port.js"
import { checkoutOf, createGatewayOrder, verifyCheckoutPayment } from "../payments/payment-order.use-case.js"
import { PaymentOrderRepo } from "../payments/payment-order.port.js"
import { auditSubject } from "../platform/audit-subject.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { requireInAudience } from "./audience.use-case.js"
import { BadgeRepo } from "./badge.port.js"
import {
  ChallengeEntryOrderPurpose,
  ChallengeNotFound,
  ChallengePaymentHoldMs,
  ChallengePaymentNotCaptured,
  ChallengePaymentNotPending,
  ParticipationNotFound
} from "./challenge.model.js"
import { ChallengeRepo, type PageRequest, type ParticipationFilter, ParticipationRepo } from "./challenge.port.js"
import { getPublicChallenge } from "./challenge.use-case.js"

const known = (challengeId: string) => (isUuid(challengeId) ? Effect.void : Effect.fail(new ChallengeNotFound({ ref: challengeId })))

/**
 * The caller joins an ACTIVE challenge that has not ended and has room (rejoining after a leave),
 * when in its audience. A paid one answers the pending participation with the checkout to pay;
 * joining again while pending issues a fresh order and hold (a failed checkout can be retried).
 */
export const joinChallenge = Effect.fn("challenges.participations.join")(function*(athlete: Principal, challengeId: string) {
  yield* known(challengeId)
  yield* requireInAudience(athlete, challengeId)
  const now = new Date(yield* Clock.currentTimeMillis)
  const repo = yield* ParticipationRepo
  const joined = yield* repo.join(challengeId, athlete.accountId, now, new Date(now.getTime() + ChallengePaymentHoldMs))
  if (joined.status !== "PENDING_PAYMENT") return { ...joined, payment: null }
  const { gatewayOrder } = yield* createGatewayOrder({
    purpose: ChallengeEntryOrderPurpose,
    ownerRef: `challenge_participation:${joined.id}`,
    amount: joined.entryFee,
    currency: joined.currency,
    notes: { participationId: joined.id, challengeId, userId: athlete.accountId },
    createdBy: athlete.accountId
  }).pipe(Effect.tapError(() => repo.releaseHold(joined.id)))
  const attached = yield* repo.attachOrder(joined.id, gatewayOrder.id)
  return { ...attached, payment: checkoutOf(gatewayOrder, attached.holdExpiresAt ?? now) }
})

/** The caller's participation (404 when they never joined) — the start of every payment read. */
const ownParticipation = (athlete: Principal, challengeId: string) =>
  Effect.gen(function*() {
    yield* known(challengeId)
    const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.find(challengeId, athlete.accountId))
    if (Option.isNone(found)) return yield* new ParticipationNotFound({ ref: challengeId })
    return found.value
  })

/**
 * The caller's payment for a challenge: what the entry costs, whether it is paid (and by which
 * payment), the live hold of a pending join with its order and the order's payments as the
 * gateway reported them, and whether a refund is due (paid into a challenge since cancelled).
 */
export const challengePaymentSummary = Effect.fn("challenges.participations.paymentSummary")(function*(athlete: Principal, challengeId: string) {
  const participation = yield* ownParticipation(athlete, challengeId)
  const challenge = (yield* Effect.flatMap(ChallengeRepo, (r) => r.findById(challengeId))).pipe(Option.getOrThrow)
  const order = participation.paymentOrderId === null
    ? Option.none()
    : yield* Effect.flatMap(PaymentGateway, (g) => Effect.flatMap(PaymentOrderRepo, (r) => r.findByGatewayOrderId(g.provider, participation.paymentOrderId!)))
  const now = yield* Clock.currentTimeMillis
  return {
    challengeId,
    participationId: participation.id,
    status: participation.status,
    entryFee: participation.entryFee,
    currency: participation.currency,
    paid: participation.paidAt !== null,
    paymentId: participation.paymentId,
    paidAt: participation.paidAt,
    holdExpiresAt: participation.status === "PENDING_PAYMENT" ? participation.holdExpiresAt : null,
    holdActive: participation.status === "PENDING_PAYMENT" && participation.holdExpiresAt !== null && participation.holdExpiresAt.getTime() > now,
    orderId: participation.paymentOrderId,
    orderStatus: Option.match(order, { onNone: () => null, onSome: (o) => o.status }),
    payments: Option.match(order, {
      onNone: () => [],
      onSome: (o) => o.payments.map((p) => ({ paymentId: p.gatewayPaymentId, status: p.status, amount: p.amount, currency: p.currency, method: p.method }))
    }),
    refundDue: participation.paidAt !== null && challenge.status === "CANCELLED"
  }
})

/** Confirms a pending paid join once and audits it; a repeat answers the participation as it stands. */
const confirmOnce = (participation: ChallengeParticipation, paymentId: string, source: "checkout" | "webhook") =>
  Effect.gen(function*() {
    const repo = yield* ParticipationRepo
    const confirmed = yield* repo.confirmPayment(participation.id, paymentId, new Date(yield* Clock.currentTimeMillis))
    if (Option.isNone(confirmed)) return (yield* repo.findById(participation.id)).pipe(Option.getOrElse(() => participation))
    yield* auditSubject("challenges.participation.paid", undefined, { kind: "challenge", id: participation.challengeId }, {
      data: { participationId: participation.id, userId: participation.userId, paymentId, source }
    })
    return confirmed.value
  })

/**
 * The app's payment callback for a pending paid join: the order must be the one the platform
 * created for the caller's participation, the checkout signature valid and the payment captured
 * at the gateway. Verifying an already confirmed join answers it unchanged.
 */
export const verifyChallengePayment = Effect.fn("challenges.participations.verifyPayment")(function*(
  athlete: Principal,
  challengeId: string,
  input: { readonly orderId: string; readonly paymentId: string; readonly signature: string }
) {
  const participation = yield* ownParticipation(athlete, challengeId)
  if (participation.paidAt !== null && participation.paymentOrderId === input.orderId) return participation
  if (participation.status !== "PENDING_PAYMENT") return yield* new ChallengePaymentNotPending({ status: participation.status })
  if (participation.paymentOrderId !== input.orderId) return yield* new ParticipationNotFound({ ref: challengeId })
  const verified = yield* verifyCheckoutPayment({ gatewayOrderId: input.orderId, paymentId: input.paymentId, signature: input.signature })
  const payment = verified.payments.find((p) => p.gatewayPaymentId === input.paymentId)
  if (payment === undefined || payment.status !== "captured") return yield* new ChallengePaymentNotCaptured({ status: payment?.status ?? "unknown" })
  return yield* confirmOnce(participation, input.paymentId, "checkout")
})

const failed = (message: string) => new PaymentEventProcessingFailed({ processor: "challenges.entries", message })

/**
 * The gateway's `payment.captured` webhook for challenge entries: confirms the join when the app
 * never called verify. A payment that arrives when the cap has no room left is kept on the audit
 * trail as a refund due.
 */
export const ChallengeEntryPaymentProcessor = registerPaymentEventProcessor({
  name: "challenges.entries",
  eventTypes: ["payment.captured"],
  purpose: ChallengeEntryOrderPurpose,
  process: (event) =>
    Effect.gen(function*() {
      const p = event.payment
      if (p === null || p.orderId === null) return yield* failed("event carries no payment with an order id")
      const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.findByOrder(p.orderId!))
      if (Option.isNone(found)) return yield* failed(`no challenge participation for order ${p.orderId}`)
      const participation = found.value
      if (p.amount !== participation.entryFee || p.currency !== participation.currency) {
        return yield* failed(`payment ${p.id} amount ${p.amount} ${p.currency} differs from the entry fee ${participation.entryFee} ${participation.currency}`)
      }
      yield* confirmOnce(participation, p.id, "webhook").pipe(
        Effect.catchTag("ChallengeFull", () =>
          auditSubject("challenges.participation.paid_when_full", undefined, { kind: "challenge", id: participation.challengeId }, {
            reason: "the cap was reached after the hold lapsed; refund due",
            data: { participationId: participation.id, userId: participation.userId, paymentId: p.id }
          }))
      )
    })
})

/** The caller leaves a challenge they joined (while it is ACTIVE or PAUSED). */
export const leaveChallenge = Effect.fn("challenges.participations.leave")(function*(athlete: Principal, challengeId: string) {
  yield* known(challengeId)
  return yield* Effect.flatMap(ParticipationRepo, (r) => r.leave(challengeId, athlete.accountId))
})

/** The caller's participation in one challenge. */
export const myParticipation = Effect.fn("challenges.participations.mine")(function*(athlete: Principal, challengeId: string) {
  yield* known(challengeId)
  const found = yield* Effect.flatMap(ParticipationRepo, (r) => r.find(challengeId, athlete.accountId))
  if (Option.isNone(found)) return yield* new ParticipationNotFound({ ref: challengeId })
  return found.value
})

/** A participation with its challenge. */
export interface ParticipationWithChallenge extends ChallengeParticipation {
  readonly challenge: Challenge
}

const withChallenges = (items: ReadonlyArray<ChallengeParticipation>) =>
  Effect.flatMap(ChallengeRepo, (r) => r.findByIds([...new Set(items.map((p) => p.challengeId))])).pipe(
    Effect.map((challenges) => {
      const byId = new Map(challenges.map((c) => [c.id, c]))
      return items.flatMap((p): Array<ParticipationWithChallenge> => {
        const challenge = byId.get(p.challengeId)
        return challenge === undefined ? [] : [{ ...p, challenge }]
      })
    })
  )

/** The caller's participations (optionally of one status), newest join first, each with its challenge. */
export const myParticipations = Effect.fn("challenges.participations.listMine")(function*(
  athlete: Principal,
  status: ChallengeParticipation["status"] | undefined,
  page: PageRequest
) {
  const result = yield* Effect.flatMap(ParticipationRepo, (r) => r.list({ userId: athlete.accountId, status }, page))
  return { items: yield* withChallenges(result.items), total: result.total }
})

/** Admin: one athlete's participations, newest join first, each with its challenge. */
export const adminUserParticipations = Effect.fn("challenges.participations.ofUser")(function*(
  userId: string,
  status: ChallengeParticipation["status"] | undefined,
  page: PageRequest
) {
  const result = yield* Effect.flatMap(ParticipationRepo, (r) => r.list({ userId, status }, page))
  return { items: yield* withChallenges(result.items), total: result.total }
})

/** The athletes joined to a public challenge, newest first. */
export const challengeParticipants = Effect.fn("challenges.participants")(function*(id: string, page: PageRequest) {
  const challenge = yield* getPublicChallenge(id)
  return yield* Effect.flatMap(ParticipationRepo, (r) => r.list({ challengeId: challenge.id, status: "JOINED" }, page))
})

/** Admin: participations filtered by challenge, athlete and status. */
export const adminListParticipations = (filter: ParticipationFilter, page: PageRequest) =>
  Effect.flatMap(ParticipationRepo, (r) => r.list(filter, page))

const findParticipation = (id: string) =>
  Effect.flatMap(ParticipationRepo, (r) => (isUuid(id) ? r.findById(id) : Effect.succeed(Option.none()))).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new ParticipationNotFound({ ref: id })), onSome: Effect.succeed }))
  )

/**
 * Admin: revokes a participation (the athlete is out and cannot rejoin): it leaves the leaderboard
 * (only JOINED athletes are ranked) and the badges that challenge earned the athlete are taken back,
 * in the same transaction; audited on the challenge.
 */
export const revokeParticipation = Effect.fn("challenges.participations.revoke")(function*(admin: Principal, id: string, reason: string) {
  yield* findParticipation(id)
  return yield* Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const revoked = yield* Effect.flatMap(ParticipationRepo, (r) => r.revoke(id, reason))
      const badgesRevoked = yield* Effect.flatMap(BadgeRepo, (r) => r.revokeAwards(revoked.userId, revoked.challengeId))
      yield* Effect.flatMap(AuditLog, (log) =>
        log.append({
          action: "challenges.participation.revoked",
          actor: { kind: admin.accountKind, id: admin.accountId },
          subject: { kind: "challenge", id: revoked.challengeId },
          reason,
          data: { participationId: revoked.id, userId: revoked.userId, badgesRevoked }
        }))
      return revoked
    })))
})

const zeroed = (keys: ReadonlyArray<string>, counts: Readonly<Record<string, number>>) =>
  Object.fromEntries(keys.map((k) => [k, counts[k] ?? 0])) as Record<string, number>

/** Admin: challenges by status and participations by status. */
export const challengeManagementStats = Effect.gen(function*() {
  const challenges = zeroed(["DRAFT", "REJECTED", "ACTIVE", "PAUSED", "CLOSED", "CANCELLED"], yield* Effect.flatMap(ChallengeRepo, (r) => r.countByStatus()))
  const participations = zeroed(["PENDING_PAYMENT", "JOINED", "LEFT", "REVOKED"], yield* Effect.flatMap(ParticipationRepo, (r) => r.countByStatus({})))
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0)
  return {
    challenges: { total: total(challenges), byStatus: challenges },
    participations: { total: total(participations), byStatus: participations }
  }
})

/** Admin: one athlete's participations by status. */
export const userChallengeSummary = Effect.fn("challenges.userSummary")(function*(userId: string) {
  const byStatus = zeroed(["PENDING_PAYMENT", "JOINED", "LEFT", "REVOKED"], yield* Effect.flatMap(ParticipationRepo, (r) => r.countByStatus({ userId })))
  return { userId, total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus }
})

/** Admin: the audit trail of challenges (one challenge, or all), newest first. */
export const challengeHistory = Effect.fn("challenges.history")(function*(query: {
  readonly challengeId?: string | undefined
  readonly beforeSeq?: number | undefined
  readonly limit: number
}) {
  return yield* Effect.flatMap(AuditLog, (log) =>
    log.list({
      subjectKind: "challenge",
      ...(query.challengeId === undefined ? {} : { subjectId: query.challengeId }),
      ...(query.beforeSeq === undefined ? {} : { beforeSeq: query.beforeSeq }),
      limit: query.limit
    }))
})
