/**
 * Finance truth (C "Events": /v2/events/finance-truth/participation|refund/{id}): one reconciled
 * answer to "where is this money" — what the booking charged, what the gateway captured (the
 * platform's records of its payments), what was refunded or is on its way back, the net the
 * platform holds, and the discrepancies a human should look at.
 *
 * Who may read it (the spec says "unknown"): the athlete who booked, an OWNER or ADMIN of the
 * event's organizer (VIEWERs see bookings, not money), and an admin holding `payments.manage`.
 * Everyone else gets the same 404 as for an unknown id, so ids of other people's money leak
 * nothing. Bookings never touch the wallets ledger (the gateway holds the money until an
 * organizer settlement, which this platform does not record yet), so the view has no ledger part.
 */
import type { Participation, Refund } from "@podium/kernel"
import { Effect, Option } from "effect"
import { requireAdminPermission } from "../accounts/admin-accounts.use-case.js"
import { EventRepo } from "../events/event.port.js"
import type { Principal } from "../identity/principal.model.js"
import { isUuid, requireOrganizerRole } from "../organizers/tenancy.policy.js"
import { PaymentGateway } from "../payments/payment-gateway.port.js"
import { PaymentOrderRepo } from "../payments/payment-order.port.js"
import { RefundNotFound } from "../payments/refund.model.js"
import { RefundRepo } from "../payments/refund.port.js"
import { ParticipationNotFound } from "./participation.model.js"
import { ParticipationRepo } from "./participation.port.js"

export const FinancePositions = ["FREE", "UNPAID", "PAID", "REFUND_PENDING", "REFUNDED", "REFUND_FAILED"] as const
export type FinancePosition = (typeof FinancePositions)[number]

export interface GatewayPaymentLine {
  readonly gatewayPaymentId: string
  readonly amount: number
  readonly status: string
  readonly method: string | null
  readonly recordedAt: Date
}

export interface ParticipationFinance {
  readonly participationId: string
  readonly eventId: string
  readonly userId: string
  readonly bookingStatus: string
  readonly currency: string
  /** What the booking charged (minor units). */
  readonly charged: number
  readonly provider: string
  readonly gatewayOrderId: string | null
  readonly payments: ReadonlyArray<GatewayPaymentLine>
  /** Captured at the gateway (captured or since refunded payments). */
  readonly paid: number
  /** Back with the payer (refunded at the gateway or by hand). */
  readonly refunded: number
  /** Refund requested and not yet settled (PENDING, PROCESSING). */
  readonly refundInFlight: number
  /** What the platform still holds for this booking: paid − refunded. */
  readonly net: number
  readonly position: FinancePosition
  readonly refunds: ReadonlyArray<Refund>
  /** Facts that do not reconcile (empty when the books agree). */
  readonly discrepancies: ReadonlyArray<string>
}

export interface RefundFinance {
  readonly refund: Refund
  /** The booking the refund pays back, reconciled (null for sources outside event bookings). */
  readonly participation: ParticipationFinance | null
}

const sum = (refunds: ReadonlyArray<Refund>, statuses: ReadonlyArray<Refund["status"]>) =>
  refunds.filter((r) => statuses.includes(r.status)).reduce((n, r) => n + r.amount, 0)

/** Whether the caller may see the money of a booking (owner, the organizer's OWNER/ADMIN, a payments admin). */
const mayRead = (principal: Principal, p: Participation) =>
  Effect.gen(function*() {
    if (principal.accountKind === "admin") return yield* Effect.isSuccess(requireAdminPermission(principal.accountId, "payments.manage"))
    if (principal.accountKind === "user" && principal.accountId === p.userId) return true
    const event = yield* Effect.flatMap(EventRepo, (r) => r.findById(p.eventId))
    if (Option.isNone(event)) return false
    return yield* Effect.isSuccess(requireOrganizerRole(principal, event.value.organizerId, ["OWNER", "ADMIN"]))
  })

const reconcile = (p: Participation) =>
  Effect.gen(function*() {
    const gateway = yield* PaymentGateway
    const order = p.gatewayOrderId === null
      ? Option.none()
      : yield* Effect.flatMap(PaymentOrderRepo, (r) => r.findByGatewayOrderId(gateway.provider, p.gatewayOrderId!))
    const payments: ReadonlyArray<GatewayPaymentLine> = Option.match(order, {
      onNone: () => [],
      onSome: (o) => o.payments.map((x) => ({ gatewayPaymentId: x.gatewayPaymentId, amount: x.amount, status: x.status, method: x.method, recordedAt: x.createdAt }))
    })
    const refund = yield* Effect.flatMap(RefundRepo, (r) => r.findBySource("booking", p.id))
    const refunds = Option.toArray(refund)
    const paid = payments.filter((x) => x.status === "captured" || x.status === "refunded").reduce((n, x) => n + x.amount, 0)
    const refunded = sum(refunds, ["REFUNDED", "MANUALLY_REFUNDED"])
    const refundInFlight = sum(refunds, ["PENDING", "PROCESSING"])
    const discrepancies: Array<string> = []
    if (p.status === "CONFIRMED" && p.amount > 0 && paid === 0) discrepancies.push("confirmed paid booking without a captured payment")
    if (paid > 0 && paid !== p.amount) discrepancies.push(`captured ${paid} differs from the booking's ${p.amount}`)
    if (paid > 0 && (p.status === "CANCELLED" || p.status === "EXPIRED") && refunds.length === 0) discrepancies.push(`${p.status.toLowerCase()} booking holds a captured payment and no refund was requested`)
    if (refunds.some((r) => r.status === "FAILED")) discrepancies.push("the refund failed at the gateway: an admin must retry it by hand")
    if (refunded > paid) discrepancies.push(`refunded ${refunded} exceeds the captured ${paid}`)
    const position: FinancePosition = p.amount === 0 && paid === 0
      ? "FREE"
      : refunds.some((r) => r.status === "FAILED")
      ? "REFUND_FAILED"
      : refundInFlight > 0
      ? "REFUND_PENDING"
      : refunded > 0 && refunded >= paid
      ? "REFUNDED"
      : paid > 0
      ? "PAID"
      : "UNPAID"
    const view: ParticipationFinance = {
      participationId: p.id,
      eventId: p.eventId,
      userId: p.userId,
      bookingStatus: p.status,
      currency: p.currency,
      charged: p.amount,
      provider: gateway.provider,
      gatewayOrderId: p.gatewayOrderId,
      payments,
      paid,
      refunded,
      refundInFlight,
      net: paid - refunded,
      position,
      refunds,
      discrepancies
    }
    return view
  })

export const participationFinanceTruth = Effect.fn("registrations.financeTruth.participation")(function*(principal: Principal, participationId: string) {
  const found = isUuid(participationId) ? yield* Effect.flatMap(ParticipationRepo, (r) => r.find(participationId)) : Option.none()
  if (Option.isNone(found) || !(yield* mayRead(principal, found.value.participation))) return yield* new ParticipationNotFound({ ref: participationId })
  return yield* reconcile(found.value.participation)
})

export const refundFinanceTruth = Effect.fn("registrations.financeTruth.refund")(function*(principal: Principal, refundId: string) {
  const found = yield* Effect.flatMap(RefundRepo, (r) => r.find(refundId))
  if (Option.isNone(found)) return yield* new RefundNotFound({ id: refundId })
  const refund = found.value
  const booking = refund.sourceKind === "booking" ? yield* Effect.flatMap(ParticipationRepo, (r) => r.find(refund.sourceId)) : Option.none()
  const allowed = Option.isSome(booking)
    ? yield* mayRead(principal, booking.value.participation)
    : principal.accountKind === "admin"
    ? yield* Effect.isSuccess(requireAdminPermission(principal.accountId, "payments.manage"))
    : principal.accountKind === "user" && principal.accountId === refund.userId
  if (!allowed) return yield* new RefundNotFound({ id: refundId })
  const view: RefundFinance = { refund, participation: Option.isSome(booking) ? yield* reconcile(booking.value.participation) : null }
  return view
})
