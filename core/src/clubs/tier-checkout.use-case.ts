/**
 * Tier checkout and payment (C "Clubs": `/tiers/{tierId}/checkout`, `/tiers/{tierId}/payments/
 * {paymentId}/verify`). Checkout prices the tier (after an optional promo), resolves the commission
 * split, creates the gateway order through `Payments.createGatewayOrder` (stored with purpose
 * `club_tier`) and records the checkout; the app opens the gateway's checkout with the answer.
 * The payment then arrives by either path, in any order, any number of times:
 *   - the app calls verify with `{orderId, signature}` (signature checked in constant time by the
 *     gateway adapter, payment fetched from the gateway — never trusting the client's amount);
 *   - the gateway's `payment.captured` webhook reaches `ClubTierPaymentProcessor` through the inbox.
 * Both call `applyTierPayment`, which activates once: the checkout's OPEN → PAID conditional update
 * is the gate (two concurrent verifies, or verify racing the webhook: one moves it, the others read
 * the result), and the ledger posting carries an idempotency key per payment.
 */
import { Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { PaymentGateway } from "../payments/payment-gateway.port.js"
import { PaymentEventProcessingFailed, paymentMismatch, registerPaymentEventProcessor } from "../payments/payment-event-processors.port.js"
import { createGatewayOrder, verifyCheckoutPayment } from "../payments/payment-order.use-case.js"
import { AuditLog } from "../platform/audit-log.port.js"
import { Transactor } from "../platform/transactor.port.js"
import { Ledger } from "../wallets/ledger.port.js"
import { ClubAccessDenied, ClubNotFound } from "./club.model.js"
import { ClubMemberRepo, ClubRepo } from "./club.port.js"
import { isListed } from "./club.use-case.js"
import {
  addMonths,
  ClubMembershipRequired,
  ClubNotMembershipType,
  ClubNotMonetizable,
  ClubTierNotActive,
  effectiveStatus,
  PeriodMonths,
  quotePromo,
  resolveCommission,
  splitAmount,
  type TierCheckout,
  TierCheckoutNotFound,
  TierCurrency,
  type TierMembership,
  TierPaymentNotCaptured,
  TierPromoInvalid
} from "./tier.model.js"
import { ClubCommissionRepo, ClubTierRepo, TierCheckoutRepo, TierMembershipRepo, TierPromoRepo } from "./tier.port.js"
import { clubKycStatus, findTier, monetizationChecks, TierLedger } from "./tier.use-case.js"

/** The purpose of tier orders in `payments.orders` (processors match on it). */
export const TierOrderPurpose = "club_tier"

export const checkoutTier = Effect.fn("clubs.tiers.checkout")(function*(
  principal: Principal,
  clubId: string,
  tierId: string,
  input: { readonly promoCode?: string | undefined }
) {
  if (principal.accountKind !== "user") return yield* new ClubAccessDenied({ clubId })
  const found = yield* Effect.flatMap(ClubRepo, (r) => r.findById(clubId))
  if (Option.isNone(found) || !isListed(found.value)) return yield* new ClubNotFound({ ref: clubId })
  const club = found.value
  if (club.clubType !== "CLUB_MEMBERSHIP") return yield* new ClubNotMembershipType({ clubId })
  const tier = yield* findTier(clubId, tierId)
  if (tier.status !== "ACTIVE") return yield* new ClubTierNotActive({ tierId })
  const eligibility = monetizationChecks(club, 1, yield* clubKycStatus(clubId))
  if (!eligibility.eligible) return yield* new ClubNotMonetizable({ clubId, missing: eligibility.missing })
  const member = yield* Effect.flatMap(ClubMemberRepo, (r) => r.find(clubId, principal.accountId))
  if (Option.isSome(member) && member.value.status === "REMOVED") return yield* new ClubAccessDenied({ clubId })
  if (club.requiresApproval && !(Option.isSome(member) && member.value.status === "ACTIVE")) {
    return yield* new ClubMembershipRequired({ clubId })
  }
  const now = new Date()
  let promoId: string | null = null
  let amount = tier.priceAmount
  let discount = 0
  if (input.promoCode !== undefined) {
    const promo = yield* Effect.flatMap(TierPromoRepo, (r) => r.findByCode(tier.id, input.promoCode!.trim().toUpperCase()))
    const quote = quotePromo(tier.priceAmount, Option.getOrNull(promo), now)
    if (!quote.ok) return yield* new TierPromoInvalid({ reason: quote.reason ?? "NOT_FOUND" })
    promoId = quote.promoId
    amount = quote.effectiveAmount
    discount = quote.discountAmount
  }
  const clubBps = yield* Effect.flatMap(ClubCommissionRepo, (r) => r.get(clubId))
  const commission = resolveCommission(clubBps, tier.commissionBps)
  const split = splitAmount(amount, commission.bps)
  const { gatewayOrder } = yield* createGatewayOrder({
    purpose: TierOrderPurpose,
    ownerRef: `club:${clubId}:tier:${tierId}:user:${principal.accountId}`,
    amount,
    currency: TierCurrency,
    notes: { clubId, tierId, userId: principal.accountId, ...(promoId === null ? {} : { promoId }) },
    createdBy: principal.accountId
  })
  const checkout = yield* Effect.flatMap(TierCheckoutRepo, (r) =>
    r.create({
      clubId,
      tierId,
      userId: principal.accountId,
      promoId,
      listAmount: tier.priceAmount,
      discountAmount: discount,
      amount,
      currency: TierCurrency,
      commissionBps: commission.bps,
      commissionAmount: split.commission,
      netAmount: split.net,
      provider: gatewayOrder.provider,
      gatewayOrderId: gatewayOrder.id
    }))
  return { checkout, tier, keyId: gatewayOrder.keyId }
})

/**
 * Applies a captured payment of a checkout, once: OPEN → PAID (conditional), the club membership
 * (joined as MEMBER when the payer was not one), the tier period (new, renewed from its end for the
 * same tier, or a fresh one for another tier), the promo redemption, the ledger posting and the
 * audit row, all in one unit of work. A second call answers the membership as it stands.
 */
export const applyTierPayment = (checkout: TierCheckout, paymentId: string, source: "checkout" | "webhook") =>
  Effect.flatMap(Transactor, (tx) =>
    tx.atomically(Effect.gen(function*() {
      const members = yield* ClubMemberRepo
      const memberships = yield* TierMembershipRepo
      const claimed = yield* Effect.flatMap(TierCheckoutRepo, (r) => r.markPaid(checkout.id, paymentId))
      if (Option.isNone(claimed)) {
        const member = yield* members.find(checkout.clubId, checkout.userId)
        const current = Option.isSome(member) ? yield* memberships.findByMember(member.value.id) : Option.none<TierMembership>()
        // Applied before; the membership may be gone since (the member left, or was erased): answer null.
        return { membership: Option.getOrNull(current), activated: false }
      }
      let { member } = yield* members.upsert(checkout.clubId, checkout.userId, "ACTIVE", "MEMBER")
      if (member.status === "PENDING") member = Option.getOrElse(yield* members.setStatus(member.id, ["PENDING"], "ACTIVE"), () => member)
      const tier = yield* Effect.flatMap(ClubTierRepo, (r) => r.find(checkout.clubId, checkout.tierId)).pipe(Effect.map(Option.getOrThrow))
      const now = new Date()
      const existing = yield* memberships.findByMember(member.id)
      const renewing = Option.isSome(existing) && existing.value.tierId === tier.id && effectiveStatus(existing.value, now) !== "EXPIRED"
      const periodStart = renewing ? existing.value.currentPeriodStart : now
      const periodEnd = addMonths(renewing ? existing.value.currentPeriodEnd : now, PeriodMonths[tier.billingPeriod])
      const membership = yield* memberships.save({
        clubId: checkout.clubId,
        memberId: member.id,
        userId: checkout.userId,
        tierId: tier.id,
        periodStart,
        periodEnd,
        lastPaymentId: paymentId,
        prorationAmount: null
      })
      yield* members.setTier(member.id, tier.id)
      if (checkout.promoId !== null) yield* Effect.flatMap(TierPromoRepo, (r) => r.redeem(checkout.promoId!))
      const legs = [
        { account: TierLedger.gateway(checkout.provider), amount: -checkout.amount },
        ...(checkout.netAmount > 0 ? [{ account: TierLedger.clubRevenue(checkout.clubId), amount: checkout.netAmount }] : []),
        ...(checkout.commissionAmount > 0 ? [{ account: TierLedger.platformCommission(checkout.clubId), amount: checkout.commissionAmount }] : [])
      ]
      yield* Effect.flatMap(Ledger, (l) =>
        l.post({
          idempotencyKey: `club-tier-payment:${checkout.provider}:${paymentId}`,
          reason: `Club tier payment (${tier.name})`,
          legs,
          metadata: { clubId: checkout.clubId, tierId: tier.id, checkoutId: checkout.id, paymentId, commissionBps: checkout.commissionBps, source }
        })).pipe(Effect.orDie)
      yield* Effect.flatMap(AuditLog, (log) =>
        log.append({
          action: "club.tier.activated",
          actor: source === "webhook" ? { kind: "payment_gateway", id: null } : { kind: "user", id: checkout.userId },
          subject: { kind: "club", id: checkout.clubId },
          data: { tierId: tier.id, memberId: member.id, userId: checkout.userId, paymentId, amount: checkout.amount, renewed: renewing, source }
        }))
      return { membership, activated: true }
    })))

/**
 * The app's payment callback: finds the caller's checkout by order id (for this club and tier),
 * verifies signature and payment through `Payments.verifyCheckoutPayment`, and activates the tier
 * once the payment is captured.
 */
export const verifyTierPayment = Effect.fn("clubs.tiers.verifyPayment")(function*(
  principal: Principal,
  clubId: string,
  tierId: string,
  paymentId: string,
  input: { readonly orderId: string; readonly signature: string }
) {
  const gateway = yield* PaymentGateway
  const checkout = yield* Effect.flatMap(TierCheckoutRepo, (r) => r.findByOrder(gateway.provider, input.orderId))
  if (
    Option.isNone(checkout) || checkout.value.clubId !== clubId || checkout.value.tierId !== tierId ||
    principal.accountKind !== "user" || checkout.value.userId !== principal.accountId
  ) {
    return yield* new TierCheckoutNotFound({ orderId: input.orderId })
  }
  const order = yield* verifyCheckoutPayment({ gatewayOrderId: input.orderId, paymentId, signature: input.signature })
  const payment = order.payments.find((p) => p.gatewayPaymentId === paymentId)
  if (payment === undefined || payment.status !== "captured") {
    return yield* new TierPaymentNotCaptured({ status: payment?.status ?? "unknown" })
  }
  return yield* applyTierPayment(checkout.value, paymentId, "checkout")
})

const failed = (message: string) => new PaymentEventProcessingFailed({ processor: "clubs.tier-checkout", message })

/**
 * The gateway's `payment.captured` webhook for tier orders (purpose `club_tier`): activates the
 * membership when the app never called verify. Idempotent with verify (same gate, same ledger key).
 * Runs inside the inbox's unit of work.
 */
export const ClubTierPaymentProcessor = registerPaymentEventProcessor({
  name: "clubs.tier-checkout",
  eventTypes: ["payment.captured"],
  purpose: TierOrderPurpose,
  process: (event) =>
    Effect.gen(function*() {
      const p = event.payment
      if (p === null || p.orderId === null) return yield* failed("event carries no payment with an order id")
      const checkout = yield* Effect.flatMap(TierCheckoutRepo, (r) => r.findByOrder(event.provider, p.orderId!))
      if (Option.isNone(checkout)) return yield* failed(`no tier checkout for order ${p.orderId}`)
      const mismatch = paymentMismatch(p, checkout.value, "checkout")
      if (mismatch !== null) return yield* failed(mismatch)
      yield* applyTierPayment(checkout.value, p.id, "webhook")
    })
})
