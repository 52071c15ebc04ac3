/**
 * Memory twin of the master events repository with the Postgres adapter's visible rules: joins only
 * while published, one live membership per athlete, member counts moved with the membership, an
 * order paid, settled and refunded once (a refund ends the membership it paid for), one grant per
 * athlete and kind, and the machines' conditional moves. Every method runs in one synchronous step,
 * which is what the row locks give the adapter.
 */
import type { MasterEvent, MasterMember, MasterOrder, MasterRewardGrant } from "@podium/kernel"
import { Effect, Layer, Option } from "effect"
import {
  MasterAlreadyJoined,
  MasterEventMoves,
  MasterEventNotFound,
  MasterEventNotOpen,
  MasterRewardMoves,
  MasterRewardNotFound
} from "../events/master-event.model.js"
import { MasterEventRepo } from "../events/master-event.port.js"
import { nextMemoryId } from "./sequential-id.js"

export const makeMasterEventRepoMemory = () => {
  const masters = new Map<string, MasterEvent>()
  const members = new Map<string, MasterMember>()
  const orders = new Map<string, MasterOrder>()
  const grants = new Map<string, MasterRewardGrant>()
  const now = () => new Date()
  const slice = <A>(items: ReadonlyArray<A>, limit: number, offset: number) => ({ data: items.slice(offset, offset + limit), total: items.length })
  const live = (eventId: string, userId: string) => [...members.values()].find((m) => m.eventId === eventId && m.userId === userId && m.status !== "left")
  const count = (eventId: string, delta: number) => {
    const m = masters.get(eventId)
    if (m !== undefined && delta !== 0) masters.set(eventId, { ...m, memberCount: m.memberCount + delta, updatedAt: now() })
  }
  const newest = <A extends { readonly createdAt: Date; readonly id: string }>(a: A, b: A) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id)
  const oldest = <A extends { readonly createdAt: Date; readonly id: string }>(a: A, b: A) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)

  return MasterEventRepo.of({
    ensure: (eventId) =>
      Effect.sync(() => {
        const existing = masters.get(eventId)
        if (existing !== undefined) return existing
        const at = now()
        const created: MasterEvent = { eventId, status: "published", entryFee: 0, currency: "INR", memberCount: 0, statusReason: null, createdAt: at, updatedAt: at }
        masters.set(eventId, created)
        return created
      }),
    find: (eventId) => Effect.sync(() => Option.fromNullable(masters.get(eventId))),
    list: (f) =>
      Effect.sync(() =>
        slice([...masters.values()].filter((m) => f.status === undefined || m.status === f.status).sort((a, b) =>
          b.createdAt.getTime() - a.createdAt.getTime() || a.eventId.localeCompare(b.eventId)), f.limit, f.offset)
      ),
    setEntryFee: (eventId, entryFee) =>
      Effect.sync(() => {
        const m = masters.get(eventId)
        if (m === undefined || m.status === "closed") return Option.none()
        const updated = { ...m, entryFee, updatedAt: now() }
        masters.set(eventId, updated)
        return Option.some(updated)
      }),
    move: (eventId, move, reason) =>
      Effect.gen(function*() {
        const m = masters.get(eventId)
        if (m === undefined) return yield* new MasterEventNotFound({ ref: eventId })
        const to = yield* MasterEventMoves.transition(m.status, move)
        const moved = { ...m, status: to, statusReason: reason, updatedAt: now() }
        masters.set(eventId, moved)
        return moved
      }),
    totals: (eventId) =>
      Effect.sync(() => {
        const ms = [...members.values()].filter((m) => m.eventId === eventId)
        const os = [...orders.values()].filter((o) => o.eventId === eventId)
        return {
          joined: ms.filter((m) => m.status === "joined").length,
          pendingPayment: ms.filter((m) => m.status === "pending_payment").length,
          left: ms.filter((m) => m.status === "left").length,
          paidOrders: os.filter((o) => o.status === "paid").length,
          revenue: os.filter((o) => o.status === "paid" && o.refundedAt === null).reduce((n, o) => n + o.amount, 0),
          refundedOrders: os.filter((o) => o.refundedAt !== null).length,
          settledOrders: os.filter((o) => o.settledAt !== null).length
        }
      }),
    join: (input) =>
      Effect.gen(function*() {
        const m = masters.get(input.eventId)
        if (m === undefined || m.status !== "published") return yield* new MasterEventNotOpen({ eventId: input.eventId, status: m?.status ?? "missing" })
        if (live(input.eventId, input.userId) !== undefined) return yield* new MasterAlreadyJoined({ eventId: input.eventId })
        const at = now()
        const member: MasterMember = {
          id: nextMemoryId(),
          eventId: input.eventId,
          userId: input.userId,
          status: input.confirmed ? "joined" : "pending_payment",
          amount: input.amount,
          currency: input.currency,
          orderId: null,
          joinedAt: input.confirmed ? input.at : null,
          leftAt: null,
          createdAt: at,
          updatedAt: at
        }
        members.set(member.id, member)
        if (input.confirmed) count(input.eventId, 1)
        return member
      }),
    findLiveMember: (eventId, userId) => Effect.sync(() => Option.fromNullable(live(eventId, userId))),
    leave: (eventId, userId, at) =>
      Effect.gen(function*() {
        if (masters.get(eventId)?.status === "closed") return yield* new MasterEventNotOpen({ eventId, status: "closed" })
        const m = live(eventId, userId)
        if (m === undefined) return Option.none()
        const left: MasterMember = { ...m, status: "left", leftAt: at, updatedAt: now() }
        members.set(m.id, left)
        if (m.status === "joined") count(eventId, -1)
        return Option.some(left)
      }),
    members: (eventId, f) =>
      Effect.sync(() =>
        slice([...members.values()].filter((m) => m.eventId === eventId && (f.status === undefined || m.status === f.status)).sort(oldest), f.limit, f.offset)
      ),
    joinedMembers: (eventId) => Effect.sync(() => [...members.values()].filter((m) => m.eventId === eventId && m.status === "joined").sort(oldest)),
    createOrder: (input) =>
      Effect.sync(() => {
        const at = now()
        const order: MasterOrder = {
          ...input,
          id: nextMemoryId(),
          status: "created",
          paymentId: null,
          paidAt: null,
          settledAt: null,
          settledBy: null,
          refundedAt: null,
          refundedBy: null,
          refundReference: null,
          createdAt: at,
          updatedAt: at
        }
        orders.set(order.id, order)
        const m = members.get(input.memberId)
        if (m !== undefined && m.status === "pending_payment") members.set(m.id, { ...m, orderId: order.id, updatedAt: at })
        return order
      }),
    findOrder: (id) => Effect.sync(() => Option.fromNullable(orders.get(id))),
    findOrderByGateway: (provider, gatewayOrderId) =>
      Effect.sync(() => Option.fromNullable([...orders.values()].find((o) => o.provider === provider && o.gatewayOrderId === gatewayOrderId))),
    orders: (eventId, f) => Effect.sync(() => slice([...orders.values()].filter((o) => o.eventId === eventId).sort(newest), f.limit, f.offset)),
    markPaid: (orderId, paymentId, at) =>
      Effect.sync(() => {
        const o = orders.get(orderId)
        if (o === undefined || o.status !== "created") return Option.none()
        const order: MasterOrder = { ...o, status: "paid", paymentId, paidAt: at, updatedAt: now() }
        orders.set(o.id, order)
        const m = members.get(o.memberId)!
        const joined = m.status === "pending_payment"
        const member: MasterMember = joined ? { ...m, status: "joined", joinedAt: at, orderId: o.id, amount: o.amount, updatedAt: now() } : m
        members.set(m.id, member)
        if (joined) count(o.eventId, 1)
        return Option.some({ order, member, joined })
      }),
    markRefunded: (orderId, by, reference, at) =>
      Effect.sync(() => {
        const o = orders.get(orderId)
        if (o === undefined || o.status !== "paid" || o.refundedAt !== null) return Option.none()
        const order: MasterOrder = { ...o, refundedAt: at, refundedBy: by, refundReference: reference, updatedAt: now() }
        orders.set(o.id, order)
        const m = members.get(o.memberId)
        if (m !== undefined && m.status === "joined" && m.orderId === o.id) {
          members.set(m.id, { ...m, status: "left", leftAt: at, updatedAt: now() })
          count(o.eventId, -1)
        }
        return Option.some(order)
      }),
    markSettled: (orderId, by, at) =>
      Effect.sync(() => {
        const o = orders.get(orderId)
        if (o === undefined || o.status !== "paid" || o.refundedAt !== null || o.settledAt !== null) return Option.none()
        const order: MasterOrder = { ...o, settledAt: at, settledBy: by, updatedAt: now() }
        orders.set(o.id, order)
        return Option.some(order)
      }),
    issueGrants: (list) =>
      Effect.sync(() => {
        let created = 0
        for (const g of list) {
          if ([...grants.values()].some((x) => x.eventId === g.eventId && x.userId === g.userId && x.kind === g.kind)) continue
          const at = now()
          const grant: MasterRewardGrant = { ...g, id: nextMemoryId(), status: "pending", statusReason: null, createdAt: at, updatedAt: at }
          grants.set(grant.id, grant)
          created++
        }
        return created
      }),
    grants: (f) =>
      Effect.sync(() =>
        slice(
          [...grants.values()]
            .filter((g) => (f.eventId === undefined || g.eventId === f.eventId) && (f.userId === undefined || g.userId === f.userId))
            .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.place - b.place || a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id)),
          f.limit,
          f.offset
        )
      ),
    findGrant: (id) => Effect.sync(() => Option.fromNullable(grants.get(id))),
    moveGrant: (id, move, reason) =>
      Effect.gen(function*() {
        const g = grants.get(id)
        if (g === undefined) return yield* new MasterRewardNotFound({ grantId: id })
        const to = yield* MasterRewardMoves.transition(g.status, move)
        const moved = { ...g, status: to, statusReason: reason, updatedAt: now() }
        grants.set(id, moved)
        return moved
      })
  })
}

export const MasterEventRepoMemory = Layer.sync(MasterEventRepo, makeMasterEventRepoMemory)
