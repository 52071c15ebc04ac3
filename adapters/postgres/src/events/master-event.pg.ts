/**
 * Master events, members, orders and reward grants on Postgres (migration 0150). A join, a leave
 * and a paid confirmation change `member_count` under the master event's row lock in one
 * transaction with the membership; the partial unique index keeps one live membership per athlete;
 * an order is paid, settled and refunded by conditional updates, so each happens once; the
 * moderation and grant machines are the tables' conditional moves.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Events } from "@podium/core"
import { MasterEvent, MasterMember, MasterOrder, MasterRewardGrant } from "@podium/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { applyMove } from "../moves.pg.js"
import { counts, ids, onUnique, rowsOf } from "../rows.pg.js"

const MasterColumns = "id as event_id, status, entry_fee, currency, member_count, status_reason, created_at, updated_at"
const MemberColumns = "id, event_id, user_id, status, amount, currency, order_id, joined_at, left_at, created_at, updated_at"
const OrderColumns = [
  "id", "event_id", "member_id", "user_id", "amount", "currency", "provider", "gateway_order_id", "status", "payment_id", "paid_at",
  "settled_at", "settled_by", "refunded_at", "refunded_by", "refund_reference", "created_at", "updated_at"
].join(", ")
const GrantColumns = "id, event_id, user_id, kind, amount, badge_code, place, status, status_reason, created_at, updated_at"

const StatusRow = Schema.Struct({ status: Schema.String })
const Totals = Schema.Struct({
  joined: Schema.Number,
  pendingPayment: Schema.Number,
  left: Schema.Number,
  paidOrders: Schema.Number,
  revenue: Schema.Number,
  refundedOrders: Schema.Number,
  settledOrders: Schema.Number
})
const isSqlError = (e: unknown): e is SqlError => typeof e === "object" && e !== null && (e as { _tag?: unknown })._tag === "SqlError"

export const MasterEventRepoPg = Layer.effect(Events.MasterEventRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const masters = rowsOf(MasterEvent)
  const members = rowsOf(MasterMember)
  const orders = rowsOf(MasterOrder)
  const grants = rowsOf(MasterRewardGrant)
  const statuses = rowsOf(StatusRow)
  const totals = rowsOf(Totals)
  const cols = sql.literal(MasterColumns)
  const memberCols = sql.literal(MemberColumns)
  const orderCols = sql.literal(OrderColumns)
  const grantCols = sql.literal(GrantColumns)

  const inTransaction = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, Exclude<E, SqlError>> =>
    sql.withTransaction(effect).pipe(
      Effect.catchAll((e: E | SqlError) => (isSqlError(e) ? Effect.die(e) : Effect.fail(e as Exclude<E, SqlError>)))
    )
  const find = (eventId: string) => masters.maybe(sql`select ${cols} from events.master_events where id = ${eventId}`)
  const countBy = (delta: number, eventId: string) =>
    delta === 0 ? Effect.void : Effect.asVoid(counts.maybe(sql`
      update events.master_events set member_count = member_count + ${delta}, updated_at = now() where id = ${eventId} returning member_count as n`))

  return Events.MasterEventRepo.of({
    ensure: (eventId) =>
      Effect.gen(function*() {
        yield* counts.all(sql`insert into events.master_events (id) values (${eventId}) on conflict (id) do nothing returning 1 as n`)
        return yield* masters.one(sql`select ${cols} from events.master_events where id = ${eventId}`)
      }),
    find,
    list: (f) =>
      Effect.gen(function*() {
        const where = f.status === undefined ? sql`true` : sql`status = ${f.status}`
        const data = yield* masters.all(sql`
          select ${cols} from events.master_events where ${where} order by created_at desc, id limit ${f.limit} offset ${f.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from events.master_events where ${where}`)
        return { data, total: total.n }
      }),
    setEntryFee: (eventId, entryFee) =>
      masters.maybe(sql`
        update events.master_events set entry_fee = ${entryFee}, updated_at = now() where id = ${eventId} and status <> 'closed' returning ${cols}`),
    move: (eventId, move, reason) =>
      applyMove(sql, {
        moves: Events.MasterEventMoves,
        move,
        table: "events.master_events",
        id: eventId,
        set: sql`status_reason = ${reason}, updated_at = now()`,
        returning: cols,
        rows: masters,
        notFound: () => new Events.MasterEventNotFound({ ref: eventId })
      }),
    totals: (eventId) =>
      totals.one(sql`
        select
          (select count(*) from events.master_members where event_id = ${eventId} and status = 'joined')::int as joined,
          (select count(*) from events.master_members where event_id = ${eventId} and status = 'pending_payment')::int as pending_payment,
          (select count(*) from events.master_members where event_id = ${eventId} and status = 'left')::int as left,
          count(*) filter (where status = 'paid')::int as paid_orders,
          coalesce(sum(amount) filter (where status = 'paid' and refunded_at is null), 0)::int as revenue,
          count(*) filter (where refunded_at is not null)::int as refunded_orders,
          count(*) filter (where settled_at is not null)::int as settled_orders
        from events.master_orders where event_id = ${eventId}`),
    join: (input) =>
      inTransaction(Effect.gen(function*() {
        // The row lock of the master event, its status checked and a joined membership counted in one step.
        const open = yield* counts.maybe(sql`
          update events.master_events set member_count = member_count + ${input.confirmed ? 1 : 0}, updated_at = now()
          where id = ${input.eventId} and status = 'published' returning member_count as n`)
        if (Option.isNone(open)) {
          const current = yield* statuses.maybe(sql`select status from events.master_events where id = ${input.eventId}`)
          return yield* new Events.MasterEventNotOpen({ eventId: input.eventId, status: Option.match(current, { onNone: () => "missing", onSome: (r) => r.status }) })
        }
        const existing = yield* members.maybe(sql`
          select ${memberCols} from events.master_members where event_id = ${input.eventId} and user_id = ${input.userId} and status <> 'left'`)
        if (Option.isSome(existing)) return yield* new Events.MasterAlreadyJoined({ eventId: input.eventId })
        return yield* members.one(sql`
          insert into events.master_members ${sql.insert({
            eventId: input.eventId,
            userId: input.userId,
            status: input.confirmed ? "joined" : "pending_payment",
            amount: input.amount,
            currency: input.currency,
            joinedAt: input.confirmed ? input.at : null
          })}
          returning ${memberCols}`.pipe(onUnique(() => new Events.MasterAlreadyJoined({ eventId: input.eventId }))))
      })),
    findLiveMember: (eventId, userId) =>
      members.maybe(sql`select ${memberCols} from events.master_members where event_id = ${eventId} and user_id = ${userId} and status <> 'left'`),
    leave: (eventId, userId, at) =>
      inTransaction(Effect.gen(function*() {
        const master = yield* statuses.maybe(sql`select status from events.master_events where id = ${eventId} for update`)
        if (Option.isSome(master) && master.value.status === "closed") return yield* new Events.MasterEventNotOpen({ eventId, status: "closed" })
        const live = yield* members.maybe(sql`
          select ${memberCols} from events.master_members where event_id = ${eventId} and user_id = ${userId} and status <> 'left' for update`)
        if (Option.isNone(live)) return Option.none()
        const left = yield* members.one(sql`
          update events.master_members set status = 'left', left_at = ${at}, updated_at = now() where id = ${live.value.id} returning ${memberCols}`)
        if (live.value.status === "joined") yield* countBy(-1, eventId)
        return Option.some(left)
      })),
    members: (eventId, f) =>
      Effect.gen(function*() {
        const where = sql.and([sql`event_id = ${eventId}`, f.status === undefined ? sql`true` : sql`status = ${f.status}`])
        const data = yield* members.all(sql`
          select ${memberCols} from events.master_members where ${where} order by created_at, id limit ${f.limit} offset ${f.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from events.master_members where ${where}`)
        return { data, total: total.n }
      }),
    joinedMembers: (eventId) =>
      members.all(sql`select ${memberCols} from events.master_members where event_id = ${eventId} and status = 'joined' order by created_at, id`),
    createOrder: (input) =>
      inTransaction(Effect.gen(function*() {
        const order = yield* orders.one(sql`
          insert into events.master_orders ${sql.insert({
            eventId: input.eventId,
            memberId: input.memberId,
            userId: input.userId,
            amount: input.amount,
            currency: input.currency,
            provider: input.provider,
            gatewayOrderId: input.gatewayOrderId
          })}
          returning ${orderCols}`)
        yield* ids.all(sql`
          update events.master_members set order_id = ${order.id}, updated_at = now()
          where id = ${input.memberId} and status = 'pending_payment' returning id`)
        return order
      })),
    findOrder: (id) => orders.maybe(sql`select ${orderCols} from events.master_orders where id = ${id}`),
    findOrderByGateway: (provider, gatewayOrderId) =>
      orders.maybe(sql`select ${orderCols} from events.master_orders where provider = ${provider} and gateway_order_id = ${gatewayOrderId}`),
    orders: (eventId, f) =>
      Effect.gen(function*() {
        const data = yield* orders.all(sql`
          select ${orderCols} from events.master_orders where event_id = ${eventId} order by created_at desc, id limit ${f.limit} offset ${f.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from events.master_orders where event_id = ${eventId}`)
        return { data, total: total.n }
      }),
    markPaid: (orderId, paymentId, at) =>
      inTransaction(Effect.gen(function*() {
        const paid = yield* orders.maybe(sql`
          update events.master_orders set status = 'paid', payment_id = ${paymentId}, paid_at = ${at}, updated_at = now()
          where id = ${orderId} and status = 'created' returning ${orderCols}`)
        if (Option.isNone(paid)) return Option.none()
        const order = paid.value
        // The master event's row first (the lock every count change takes), then the membership.
        yield* statuses.maybe(sql`select status from events.master_events where id = ${order.eventId} for update`)
        const joined = yield* members.maybe(sql`
          update events.master_members set status = 'joined', joined_at = ${at}, order_id = ${order.id}, amount = ${order.amount}, updated_at = now()
          where id = ${order.memberId} and status = 'pending_payment' returning ${memberCols}`)
        if (Option.isSome(joined)) yield* countBy(1, order.eventId)
        const member = Option.isSome(joined)
          ? joined.value
          : yield* members.one(sql`select ${memberCols} from events.master_members where id = ${order.memberId}`)
        return Option.some({ order, member, joined: Option.isSome(joined) })
      })),
    markRefunded: (orderId, by, reference, at) =>
      inTransaction(Effect.gen(function*() {
        const refunded = yield* orders.maybe(sql`
          update events.master_orders set refunded_at = ${at}, refunded_by = ${by}, refund_reference = ${reference}, updated_at = now()
          where id = ${orderId} and status = 'paid' and refunded_at is null returning ${orderCols}`)
        if (Option.isNone(refunded)) return Option.none()
        const order = refunded.value
        yield* statuses.maybe(sql`select status from events.master_events where id = ${order.eventId} for update`)
        // The membership this order paid for ends with the refund.
        const ended = yield* ids.all(sql`
          update events.master_members set status = 'left', left_at = ${at}, updated_at = now()
          where id = ${order.memberId} and status = 'joined' and order_id = ${order.id} returning id`)
        if (ended.length > 0) yield* countBy(-1, order.eventId)
        return Option.some(order)
      })),
    markSettled: (orderId, by, at) =>
      orders.maybe(sql`
        update events.master_orders set settled_at = ${at}, settled_by = ${by}, updated_at = now()
        where id = ${orderId} and status = 'paid' and refunded_at is null and settled_at is null returning ${orderCols}`),
    issueGrants: (list) =>
      list.length === 0 ? Effect.succeed(0) : Effect.map(ids.all(sql`
        insert into events.master_reward_grants ${sql.insert(list.map((g) => ({ ...g })))}
        on conflict (event_id, user_id, kind) do nothing returning id`), (rows) => rows.length),
    grants: (f) =>
      Effect.gen(function*() {
        const where = sql.and([
          f.eventId === undefined ? sql`true` : sql`event_id = ${f.eventId}`,
          f.userId === undefined ? sql`true` : sql`user_id = ${f.userId}`
        ])
        const data = yield* grants.all(sql`
          select ${grantCols} from events.master_reward_grants where ${where}
          order by created_at desc, place, kind, id limit ${f.limit} offset ${f.offset}`)
        const total = yield* counts.one(sql`select count(*)::int as n from events.master_reward_grants where ${where}`)
        return { data, total: total.n }
      }),
    findGrant: (id) => grants.maybe(sql`select ${grantCols} from events.master_reward_grants where id = ${id}`),
    moveGrant: (id, move, reason) =>
      applyMove(sql, {
        moves: Events.MasterRewardMoves,
        move,
        table: "events.master_reward_grants",
        id,
        set: sql`status_reason = ${reason}, updated_at = now()`,
        returning: grantCols,
        rows: grants,
        notFound: () => new Events.MasterRewardNotFound({ grantId: id })
      })
  })
}))
