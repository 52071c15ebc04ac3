/**
 * Master events (C "Master events (athlete)", B "Master events"): the umbrella of a recurring event
 * (the series) over its editions. A series with at least one edition is a master event; its row
 * (status, entry fee, member count) is created with the declaration's defaults the first time it is
 * read as one. Athletes join and leave; a free join is joined at once, a paid one is pending until
 * its order's payment is captured (the app's verify or the gateway's webhook through the inbox,
 * whichever comes first: the conditional created → paid move is the gate). The standings add up the
 * members' edition results (series points per place, `pointsOfPlace`); closing the series freezes
 * them and issues the reward grants (RC for the podium, a badge for every ranked member), which
 * admins grant (coins credited through the ledger) or revoke. Admins reconcile a paid order's
 * settlement and refund against the gateway's books, each exactly once, through the ledger.
 */
import type { Edition, MasterEvent, MasterEventStatus, MasterMember, MasterMemberStatus, MasterOrder, MasterRewardGrant } from "@podium/kernel"
import { Clock, Effect, Option } from "effect"
import type { Principal } from "../identity/principal.model.js"
import { isUuid } from "../organizers/tenancy.policy.js"
import { PaymentEventProcessingFailed, paymentMismatch, registerPaymentEventProcessor } from "../payments/payment-event-processors.port.js"
import { checkoutOf, createGatewayOrder, verifyCheckoutPayment } from "../payments/payment-order.use-case.js"
import { auditSubject } from "../platform/audit-subject.js"
import { Transactor } from "../platform/transactor.port.js"
import { Ledger } from "../wallets/ledger.port.js"
import { EditionRepo } from "./edition.port.js"
import { editionStandings } from "./edition-leaderboard.use-case.js"
import { EventInvalid } from "./event.model.js"
import { EventRepo } from "./event.port.js"
import { type Paging, publicEvent } from "./event.use-case.js"
import {
  competitionRanks,
  gatewayCollectionsAccount,
  gatewayRefundsAccount,
  masterClearingAccount,
  MasterAlreadyJoined,
  MasterCheckoutHoldMs,
  MasterEventMoves,
  masterEventMoveTo,
  MasterEventNotFound,
  MasterEventNotOpen,
  MasterFinisherBadge,
  MasterMembershipNotFound,
  MasterOrderNotFound,
  MasterOrderNotPaid,
  MasterOrderPurpose,
  MasterOrderRefunded,
  MasterPaymentNotCaptured,
  MasterPodiumBadge,
  MasterPodiumRc,
  MasterRewardMoves,
  MasterRewardNotFound,
  MasterRewardSpent,
  masterSettledAccount,
  pointsOfPlace,
} from "./master-event.model.js"
import { MasterEventRepo, type NewMasterGrant } from "./master-event.port.js"
import { athleteWallet, platformRcGrantsAccount } from "../wallets/ledger.model.js"

const nowDate = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

const page = <A>(found: { readonly data: ReadonlyArray<A>; readonly total: number }, paging: Paging, limit: number) => ({
  data: found.data,
  count: found.data.length,
  total: found.total,
  page: paging.page ?? 1,
  pageCount: Math.ceil(found.total / limit)
})
const offsetOf = (paging: Paging, limit: number) => ((paging.page ?? 1) - 1) * limit

/** Years are bounded (2000–2100, one edition each), so the whole series fits in one read. */
const seriesLimit = 101
const PublicEditionStatuses = ["published", "closed"] as const

const editionsOf = (eventId: string, statuses?: ReadonlyArray<Edition["status"]>) =>
  Effect.map(Effect.flatMap(EditionRepo, (r) => r.list({ eventId, statuses, limit: seriesLimit, offset: 0 })), (found) => found.data)

/**
 * The master event of a public series as athletes see it: the event visible to the public, at
 * least one public edition, and not hidden by an admin; else 404.
 */
const publicMaster = (eventIdOrSlug: string) =>
  Effect.gen(function*() {
    const event = yield* publicEvent(eventIdOrSlug).pipe(Effect.catchTag("EventNotFound", () => new MasterEventNotFound({ ref: eventIdOrSlug })))
    const editions = yield* editionsOf(event.id, [...PublicEditionStatuses, "cancelled"])
    if (editions.length === 0) return yield* new MasterEventNotFound({ ref: eventIdOrSlug })
    const repo = yield* MasterEventRepo
    const master = Option.getOrUndefined(yield* repo.find(event.id)) ?? (yield* repo.ensure(event.id))
    if (master.status === "hidden") return yield* new MasterEventNotFound({ ref: eventIdOrSlug })
    return { event, master, editions }
  })

/** Any series with an edition (any status), as admins see it; 404 otherwise. */
const adminMaster = (eventId: string) =>
  Effect.gen(function*() {
    const event = isUuid(eventId) ? yield* Effect.flatMap(EventRepo, (r) => r.findById(eventId)) : Option.none()
    if (Option.isNone(event)) return yield* new MasterEventNotFound({ ref: eventId })
    const existing = yield* Effect.flatMap(MasterEventRepo, (r) => r.find(eventId))
    if (Option.isSome(existing)) return { event: event.value, master: existing.value }
    if ((yield* editionsOf(eventId)).length === 0) return yield* new MasterEventNotFound({ ref: eventId })
    return { event: event.value, master: yield* Effect.flatMap(MasterEventRepo, (r) => r.ensure(eventId)) }
  })

const eventRef = (e: { readonly id: string; readonly slug: string; readonly title: string; readonly timezone: string }) => ({
  id: e.id,
  slug: e.slug,
  title: e.title,
  timezone: e.timezone
})

// ---------------------------------------------------------------------------------------------
// Public and athlete

/** `GET /v2/events/{eventId}/master`: the umbrella, its public editions and (signed in) the caller's membership. */
export const getMasterEvent = Effect.fn("events.master.get")(function*(eventIdOrSlug: string, viewer: Option.Option<Principal>) {
  const { editions, event, master } = yield* publicMaster(eventIdOrSlug)
  const membership = Option.isSome(viewer)
    ? Option.getOrNull(yield* Effect.flatMap(MasterEventRepo, (r) => r.findLiveMember(event.id, viewer.value.accountId)))
    : null
  return { ...master, event: eventRef(event), editions, membership }
})

/** Why joining is not possible now (null when it is). */
const joinRefusal = (master: MasterEvent, live: Option.Option<MasterMember>): string | null =>
  Option.isSome(live) && live.value.status === "joined"
    ? "already joined"
    : master.status !== "published"
    ? `the master event is ${master.status}`
    : null

/** `GET …/master/quote`: what joining costs the caller now, and whether they can. */
export const quoteMasterEvent = Effect.fn("events.master.quote")(function*(principal: Principal, eventIdOrSlug: string) {
  const { event, master } = yield* publicMaster(eventIdOrSlug)
  const live = yield* Effect.flatMap(MasterEventRepo, (r) => r.findLiveMember(event.id, principal.accountId))
  const refusal = joinRefusal(master, live)
  const pending = Option.isSome(live) && live.value.status === "pending_payment"
  return {
    eventId: event.id,
    entryFee: master.entryFee,
    currency: master.currency,
    // A pending membership keeps the fee it was quoted when it was created.
    amount: refusal !== null ? 0 : pending ? live.value.amount : master.entryFee,
    membershipStatus: Option.isSome(live) ? live.value.status : null,
    canJoin: refusal === null,
    reason: refusal
  }
})

/**
 * `POST …/master/join`: free → joined at once; paid → a pending membership and a gateway order to
 * pay. Joining again while pending issues a fresh order for the same membership (a failed checkout
 * can be retried; an earlier order still counts if it is paid).
 */
export const joinMasterEvent = Effect.fn("events.master.join")(function*(principal: Principal, eventIdOrSlug: string) {
  const { event, master } = yield* publicMaster(eventIdOrSlug)
  const repo = yield* MasterEventRepo
  const now = yield* nowDate
  const live = yield* repo.findLiveMember(event.id, principal.accountId)
  let member: MasterMember
  if (Option.isSome(live) && live.value.status === "joined") return yield* new MasterAlreadyJoined({ eventId: event.id })
  if (Option.isSome(live)) {
    if (master.status !== "published") return yield* new MasterEventNotOpen({ eventId: event.id, status: master.status })
    member = live.value
  } else {
    member = yield* repo.join({
      eventId: event.id,
      userId: principal.accountId,
      amount: master.entryFee,
      currency: master.currency,
      confirmed: master.entryFee === 0,
      at: now
    })
  }
  if (member.status === "joined") {
    yield* auditSubject("master_event.joined", principal, { kind: "master_event", id: event.id }, { data: { memberId: member.id, amount: 0 } })
    return { member, order: null, payment: null }
  }
  // A gateway that refuses or is not configured (503) leaves the membership pending without an
  // order: nothing was charged, and joining again retries with the same membership.
  const { gatewayOrder } = yield* createGatewayOrder({
    purpose: MasterOrderPurpose,
    ownerRef: `master_member:${member.id}`,
    amount: member.amount,
    currency: member.currency,
    notes: { masterMemberId: member.id, eventId: event.id, userId: principal.accountId },
    createdBy: principal.accountId
  })
  const order = yield* repo.createOrder({
    eventId: event.id,
    memberId: member.id,
    userId: principal.accountId,
    amount: gatewayOrder.amount,
    currency: gatewayOrder.currency,
    provider: gatewayOrder.provider,
    gatewayOrderId: gatewayOrder.id
  })
  return { member: { ...member, orderId: order.id }, order, payment: checkoutOf(gatewayOrder, new Date(now.getTime() + MasterCheckoutHoldMs)) }
})

/** `DELETE …/master/join`: ends the caller's membership (joined or pending); 404 without one, 409 once the series is closed. */
export const leaveMasterEvent = Effect.fn("events.master.leave")(function*(principal: Principal, eventIdOrSlug: string) {
  const { event } = yield* publicMaster(eventIdOrSlug)
  const now = yield* nowDate
  const left = yield* Effect.flatMap(MasterEventRepo, (r) => r.leave(event.id, principal.accountId, now))
  if (Option.isNone(left)) return yield* new MasterMembershipNotFound({ eventId: event.id })
  yield* auditSubject("master_event.left", principal, { kind: "master_event", id: event.id }, { data: { memberId: left.value.id } })
  return left.value
})

/**
 * Marks the order paid once and, when its membership still waits, joins it; the captured money
 * enters the series' clearing account in the same unit. A repeat changes nothing.
 */
const confirmPaid = (order: MasterOrder, paymentId: string, source: "checkout" | "webhook") =>
  Effect.gen(function*() {
    const repo = yield* MasterEventRepo
    const tx = yield* Transactor
    const now = yield* nowDate
    const done = yield* tx.atomically(Effect.gen(function*() {
      const paid = yield* repo.markPaid(order.id, paymentId, now)
      if (Option.isNone(paid)) return paid
      yield* Effect.flatMap(Ledger, (l) =>
        l.post({
          idempotencyKey: `master-order:${order.id}:paid`,
          reason: "Master event entry fee captured",
          legs: [{ account: gatewayCollectionsAccount, amount: -order.amount }, { account: masterClearingAccount(order.eventId), amount: order.amount }],
          metadata: { orderId: order.id, paymentId }
        })).pipe(Effect.orDie)
      return paid
    }))
    if (Option.isSome(done)) {
      yield* auditSubject("master_event.order.paid", undefined, { kind: "master_event", id: order.eventId }, {
        data: { orderId: order.id, memberId: order.memberId, paymentId, source, joined: done.value.joined }
      })
      return { order: done.value.order, member: done.value.member }
    }
    const current = (yield* repo.findOrder(order.id)).pipe(Option.getOrElse(() => order))
    return { order: current, member: yield* memberOf(current) }
  })

const memberOf = (order: MasterOrder) =>
  Effect.gen(function*() {
    const repo = yield* MasterEventRepo
    const live = yield* repo.findLiveMember(order.eventId, order.userId)
    return Option.getOrNull(live)
  })

/**
 * `POST …/master/orders/{orderId}/verify`: the caller's order of this master event (404 for anyone
 * else's), the gateway order it names, the checkout signature and the payment checked at the
 * gateway. An order already paid answers as it stands (verify twice joins once).
 */
export const verifyMasterOrder = Effect.fn("events.master.verify")(function*(
  principal: Principal,
  eventIdOrSlug: string,
  orderId: string,
  input: { readonly orderId: string; readonly paymentId: string; readonly signature: string }
) {
  const { event } = yield* publicMaster(eventIdOrSlug)
  const repo = yield* MasterEventRepo
  const found = isUuid(orderId) ? yield* repo.findOrder(orderId) : Option.none()
  if (Option.isNone(found) || found.value.userId !== principal.accountId || found.value.eventId !== event.id) {
    return yield* new MasterOrderNotFound({ orderId })
  }
  const order = found.value
  if (order.status === "paid") return { order, member: yield* memberOf(order) }
  if (input.orderId !== order.gatewayOrderId) return yield* new MasterOrderNotFound({ orderId })
  const verified = yield* verifyCheckoutPayment({ gatewayOrderId: input.orderId, paymentId: input.paymentId, signature: input.signature })
  const payment = verified.payments.find((p) => p.gatewayPaymentId === input.paymentId)
  if (payment === undefined || payment.status !== "captured") return yield* new MasterPaymentNotCaptured({ status: payment?.status ?? "unknown" })
  return yield* confirmPaid(order, input.paymentId, "checkout")
})

const failed = (message: string) => new PaymentEventProcessingFailed({ processor: "events.master-orders", message })

/** The gateway's `payment.captured` webhook for master-event orders: pays the order when the app never called verify (idempotent with it). */
export const MasterOrderPaymentProcessor = registerPaymentEventProcessor({
  name: "events.master-orders",
  eventTypes: ["payment.captured"],
  purpose: MasterOrderPurpose,
  process: (event) =>
    Effect.gen(function*() {
      const p = event.payment
      if (p === null || p.orderId === null) return yield* failed("event carries no payment with an order id")
      const found = yield* Effect.flatMap(MasterEventRepo, (r) => r.findOrderByGateway(event.provider, p.orderId!))
      if (Option.isNone(found)) return yield* failed(`no master-event order for gateway order ${p.orderId}`)
      const mismatch = paymentMismatch(p, found.value, "order")
      if (mismatch !== null) return yield* failed(mismatch)
      yield* confirmPaid(found.value, p.id, "webhook")
    })
})

// ---------------------------------------------------------------------------------------------
// Standings

export interface MasterStanding {
  readonly place: number
  readonly userId: string
  readonly points: number
  readonly editionsRanked: number
  readonly results: ReadonlyArray<{ readonly editionId: string; readonly year: number; readonly place: number; readonly elapsedMs: number; readonly points: number }>
}

/**
 * Every joined member ranked by series points (ties share the place, 1-2-2-4; a member without a
 * result yet has 0 points and shares the last place), the editions newest first.
 */
const standingsOf = (eventId: string) =>
  Effect.gen(function*() {
    const editions = yield* editionsOf(eventId, PublicEditionStatuses)
    const members = yield* Effect.flatMap(MasterEventRepo, (r) => r.joinedMembers(eventId))
    const memberIds = new Set(members.map((m) => m.userId))
    const results = new Map<string, Array<MasterStanding["results"][number]>>(members.map((m) => [m.userId, []]))
    for (const edition of editions) {
      for (const r of yield* editionStandings(edition)) {
        if (memberIds.has(r.userId)) results.get(r.userId)!.push({ editionId: edition.id, year: edition.year, place: r.place, elapsedMs: r.elapsedMs, points: pointsOfPlace(r.place) })
      }
    }
    const rows = [...results.entries()]
      .map(([userId, rs]) => ({ userId, points: rs.reduce((n, r) => n + r.points, 0), editionsRanked: rs.length, results: rs }))
      .sort((a, b) => (a.userId < b.userId ? -1 : 1))
    const ranked = competitionRanks(rows, (a, b) => b.points - a.points).map(({ item, place }): MasterStanding => ({ place, ...item }))
    return { editions, standings: ranked }
  })

/** `GET …/master/leaderboard`: a page of the series' standings. */
export const masterLeaderboard = Effect.fn("events.master.leaderboard")(function*(eventIdOrSlug: string, paging: Paging) {
  const { event, master } = yield* publicMaster(eventIdOrSlug)
  const { editions, standings } = yield* standingsOf(event.id)
  const limit = paging.limit ?? 50
  const offset = offsetOf(paging, limit)
  return {
    eventId: event.id,
    status: master.status,
    // Final once the series is closed (its rewards were issued from these places).
    final: master.status === "closed",
    editions: editions.map((e) => ({ id: e.id, year: e.year, name: e.name })),
    items: standings.slice(offset, offset + limit),
    total: standings.length,
    page: paging.page ?? 1,
    limit
  }
})

/** `GET …/master/rewards/me`: the caller's reward grants of the series. */
export const myMasterRewards = Effect.fn("events.master.rewards.mine")(function*(principal: Principal, eventIdOrSlug: string, paging: Paging) {
  const { event } = yield* publicMaster(eventIdOrSlug)
  const limit = paging.limit ?? 20
  const found = yield* Effect.flatMap(MasterEventRepo, (r) => r.grants({ eventId: event.id, userId: principal.accountId, limit, offset: offsetOf(paging, limit) }))
  return page(found, paging, limit)
})

/** The grants of the final standings: RC for places 1–3 (ties share), a badge for every member with points. */
const grantsOf = (eventId: string, standings: ReadonlyArray<MasterStanding>): ReadonlyArray<NewMasterGrant> =>
  standings.filter((s) => s.points > 0).flatMap((s): Array<NewMasterGrant> => {
    const rc = MasterPodiumRc[s.place - 1]
    return [
      ...(rc === undefined ? [] : [{ eventId, userId: s.userId, kind: "rc" as const, amount: rc, badgeCode: null, place: s.place }]),
      { eventId, userId: s.userId, kind: "badge" as const, amount: 0, badgeCode: rc === undefined ? MasterFinisherBadge : MasterPodiumBadge, place: s.place }
    ]
  })

// ---------------------------------------------------------------------------------------------
// Admin

export const adminListMasterEvents = Effect.fn("events.master.admin.list")(function*(query: Paging & { readonly status?: MasterEventStatus | undefined }) {
  const limit = query.limit ?? 20
  const found = yield* Effect.flatMap(MasterEventRepo, (r) => r.list({ status: query.status, limit, offset: offsetOf(query, limit) }))
  return page(found, query, limit)
})

export const adminGetMasterEvent = Effect.fn("events.master.admin.get")(function*(eventId: string) {
  const { event, master } = yield* adminMaster(eventId)
  const totals = yield* Effect.flatMap(MasterEventRepo, (r) => r.totals(event.id))
  const editions = yield* editionsOf(event.id)
  return { ...master, event: eventRef(event), editionCount: editions.length, totals }
})

export const adminMasterOrders = Effect.fn("events.master.admin.orders")(function*(eventId: string, paging: Paging) {
  const { master } = yield* adminMaster(eventId)
  const limit = paging.limit ?? 20
  return page(yield* Effect.flatMap(MasterEventRepo, (r) => r.orders(master.eventId, { limit, offset: offsetOf(paging, limit) })), paging, limit)
})

export const adminMasterParticipants = Effect.fn("events.master.admin.participants")(function*(eventId: string, query: Paging & { readonly status?: MasterMemberStatus | undefined }) {
  const { master } = yield* adminMaster(eventId)
  const limit = query.limit ?? 20
  return page(yield* Effect.flatMap(MasterEventRepo, (r) => r.members(master.eventId, { status: query.status, limit, offset: offsetOf(query, limit) })), query, limit)
})

export const adminMasterRewards = Effect.fn("events.master.admin.rewards")(function*(eventId: string, paging: Paging) {
  const { master } = yield* adminMaster(eventId)
  const limit = paging.limit ?? 20
  return page(yield* Effect.flatMap(MasterEventRepo, (r) => r.grants({ eventId: master.eventId, limit, offset: offsetOf(paging, limit) })), paging, limit)
})

/**
 * `PATCH /v2/admin/master-events/{eventId}/status`: the moderation move to `status` (strict: the
 * current status is refused with 409, so of concurrent moves one wins), audited with its reason.
 * The spec gives organizers no route for a master event's terms, so moderation also sets the entry
 * fee (0, or at least the gateways' minimum of 100 minor units), never once the series is closed.
 * Closing freezes the standings and issues their grants in the same unit as the move.
 */
export const adminSetMasterEventStatus = Effect.fn("events.master.admin.status")(function*(
  admin: Principal,
  eventId: string,
  input: { readonly status?: MasterEventStatus | undefined; readonly reason?: string | undefined; readonly entryFee?: number | undefined }
) {
  if (input.status === undefined && input.entryFee === undefined) return yield* new EventInvalid({ messages: ["status or entryFee must be given"] })
  if (input.entryFee !== undefined && input.entryFee > 0 && input.entryFee < 100) {
    return yield* new EventInvalid({ messages: ["entryFee must be 0 or at least 100"] })
  }
  const { master } = yield* adminMaster(eventId)
  const repo = yield* MasterEventRepo
  const tx = yield* Transactor
  // The fee and the move commit together: a refused move leaves the fee as it was.
  const current = yield* tx.atomically(Effect.gen(function*() {
    let current = master
    if (input.entryFee !== undefined) {
      const priced = yield* repo.setEntryFee(master.eventId, input.entryFee)
      if (Option.isNone(priced)) return yield* MasterEventMoves.refused("closed", "close")
      current = priced.value
    }
    if (input.status !== undefined) {
      const move = masterEventMoveTo(input.status)
      current = yield* repo.move(master.eventId, move, input.reason ?? null)
      if (move === "close") {
        const { standings } = yield* standingsOf(master.eventId)
        yield* repo.issueGrants(grantsOf(master.eventId, standings))
      }
    }
    return current
  }))
  yield* auditSubject("master_event.moderated", admin, { kind: "master_event", id: master.eventId }, {
    ...(input.reason === undefined ? {} : { reason: input.reason }),
    data: { from: master.status, to: current.status, entryFee: current.entryFee }
  })
  return current
})

const adminOrder = (orderId: string) =>
  Effect.gen(function*() {
    const found = isUuid(orderId) ? yield* Effect.flatMap(MasterEventRepo, (r) => r.findOrder(orderId)) : Option.none()
    if (Option.isNone(found)) return yield* new MasterOrderNotFound({ orderId })
    return found.value
  })

/**
 * Records that the gateway refunded a paid order (idempotent: a second call changes nothing and
 * answers `changed: false`). The money leaves from where it is (clearing, or the settled account
 * once settled) back to the gateway, and the membership it paid for ends.
 */
export const reconcileMasterOrderRefund = Effect.fn("events.master.admin.reconcileRefund")(function*(
  admin: Principal,
  orderId: string,
  input: { readonly reference?: string | undefined }
) {
  const order = yield* adminOrder(orderId)
  if (order.status !== "paid") return yield* new MasterOrderNotPaid({ orderId })
  if (order.refundedAt !== null) return { order, changed: false }
  const repo = yield* MasterEventRepo
  const tx = yield* Transactor
  const now = yield* nowDate
  const done = yield* tx.atomically(Effect.gen(function*() {
    const refunded = yield* repo.markRefunded(order.id, admin.accountId, input.reference ?? null, now)
    if (Option.isNone(refunded)) return refunded
    const from = refunded.value.settledAt === null ? masterClearingAccount(order.eventId) : masterSettledAccount(order.eventId)
    yield* Effect.flatMap(Ledger, (l) =>
      l.post({
        idempotencyKey: `master-order:${order.id}:refund`,
        reason: "Master event entry fee refunded",
        legs: [{ account: from, amount: -order.amount }, { account: gatewayRefundsAccount, amount: order.amount }],
        metadata: { orderId: order.id, reference: input.reference ?? null }
      })).pipe(Effect.orDie)
    return refunded
  }))
  if (Option.isNone(done)) return { order: (yield* repo.findOrder(order.id)).pipe(Option.getOrElse(() => order)), changed: false }
  yield* auditSubject("master_event.order.refund_reconciled", admin, { kind: "master_event", id: order.eventId }, {
    data: { orderId: order.id, amount: order.amount, reference: input.reference ?? null }
  })
  return { order: done.value, changed: true }
})

/** Records that the gateway settled a paid order into the platform's bank, once (`changed: false` on a repeat); a refunded order is 409. */
export const reconcileMasterOrderSettlement = Effect.fn("events.master.admin.reconcileSettlement")(function*(admin: Principal, orderId: string) {
  const order = yield* adminOrder(orderId)
  if (order.status !== "paid") return yield* new MasterOrderNotPaid({ orderId })
  if (order.settledAt !== null) return { order, changed: false }
  if (order.refundedAt !== null) return yield* new MasterOrderRefunded({ orderId })
  const repo = yield* MasterEventRepo
  const tx = yield* Transactor
  const now = yield* nowDate
  const done = yield* tx.atomically(Effect.gen(function*() {
    const settled = yield* repo.markSettled(order.id, admin.accountId, now)
    if (Option.isNone(settled)) return settled
    yield* Effect.flatMap(Ledger, (l) =>
      l.post({
        idempotencyKey: `master-order:${order.id}:settlement`,
        reason: "Master event entry fee settled by the gateway",
        legs: [{ account: masterClearingAccount(order.eventId), amount: -order.amount }, { account: masterSettledAccount(order.eventId), amount: order.amount }],
        metadata: { orderId: order.id }
      })).pipe(Effect.orDie)
    return settled
  }))
  if (Option.isSome(done)) {
    yield* auditSubject("master_event.order.settlement_reconciled", admin, { kind: "master_event", id: order.eventId }, { data: { orderId: order.id, amount: order.amount } })
    return { order: done.value, changed: true }
  }
  const current = (yield* repo.findOrder(order.id)).pipe(Option.getOrElse(() => order))
  if (current.settledAt !== null) return { order: current, changed: false }
  return yield* new MasterOrderRefunded({ orderId })
})

/**
 * `PATCH /v2/admin/master-events/rewards/{grantId}`: grant a pending grant (RC credited to the
 * athlete's rewards wallet, idempotency key of the grant) or revoke it (granted coins taken back;
 * 409 MASTER_REWARD_SPENT when the wallet no longer holds them, and nothing changes).
 */
export const adminSetMasterReward = Effect.fn("events.master.admin.reward")(function*(
  admin: Principal,
  grantId: string,
  input: { readonly status: "granted" | "revoked"; readonly reason?: string | undefined }
) {
  const repo = yield* MasterEventRepo
  const found = isUuid(grantId) ? yield* repo.findGrant(grantId) : Option.none()
  if (Option.isNone(found)) return yield* new MasterRewardNotFound({ grantId })
  const grant = found.value
  const move = input.status === "granted" ? "grant" as const : grant.status === "granted" ? "revoke" as const : "withdraw" as const
  if (!MasterRewardMoves.allows(grant.status, move)) return yield* MasterRewardMoves.refused(grant.status, move)
  const tx = yield* Transactor
  const moved: MasterRewardGrant = yield* tx.atomically(Effect.gen(function*() {
    // Coins move before the status so a wallet that cannot pay them back refuses the revoke with
    // nothing changed; the conditional move (rolled back with the coins when refused) is the gate.
    const current = (yield* repo.findGrant(grant.id)).pipe(Option.getOrElse(() => grant))
    if (!MasterRewardMoves.allows(current.status, move)) return yield* MasterRewardMoves.refused(current.status, move)
    if (grant.kind === "rc" && move !== "withdraw") {
      const user = athleteWallet(grant.userId)
      const legs = move === "grant"
        ? [{ account: platformRcGrantsAccount, amount: -grant.amount }, { account: user, amount: grant.amount }]
        : [{ account: user, amount: -grant.amount }, { account: platformRcGrantsAccount, amount: grant.amount }]
      yield* Effect.flatMap(Ledger, (l) =>
        l.post({
          idempotencyKey: `master-reward:${grant.id}:${move}`,
          reason: move === "grant" ? "Master event reward" : "Master event reward revoked",
          legs,
          metadata: { grantId: grant.id, eventId: grant.eventId, place: grant.place }
        })).pipe(
          Effect.catchTag("InsufficientFunds", () => new MasterRewardSpent({ grantId: grant.id })),
          Effect.catchTags({ UnbalancedTransfer: (e) => Effect.die(e), LedgerIdempotencyConflict: (e) => Effect.die(e) })
        )
    }
    return yield* repo.moveGrant(grant.id, move, input.reason ?? null)
  }))
  yield* auditSubject(`master_event.reward.${move}`, admin, { kind: "master_reward", id: grant.id }, {
    ...(input.reason === undefined ? {} : { reason: input.reason }),
    data: { eventId: grant.eventId, userId: grant.userId, kind: grant.kind, amount: grant.amount }
  })
  return moved
})

