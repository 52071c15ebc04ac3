/**
 * Gateway orders and payments on Postgres (payments.orders, payments.payments). `upsertPayment`
 * locks the order row, so concurrent records of one payment (checkout verify and webhook) apply
 * their moves one after the other; the status only moves forward (core `paymentStatusAdvances`).
 * Amounts are bigint, read as float8 (exact for every safe integer).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Payments } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

/** An order row: the order without its payments, which `attach` reads beside it. */
const OrderRow = Payments.PaymentOrder.pipe(Schema.omit("payments"))
type OrderRow = typeof OrderRow.Type

const OrderColumns = `id, provider, gateway_order_id, purpose, owner_ref, amount::float8 as amount, currency, receipt, notes, status,
  created_by, paid_at, created_at, updated_at`
const PaymentColumns = `id, order_id, provider, gateway_payment_id, amount::float8 as amount, currency, status, method, source, created_at, updated_at`

export const PaymentOrderRepoPg = Layer.effect(Payments.PaymentOrderRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const oc = sql.literal(OrderColumns)
  const pc = sql.literal(PaymentColumns)
  const orders = rowsOf(OrderRow)
  const payments = rowsOf(Payments.PaymentRecord)
  const attach = (rows: ReadonlyArray<OrderRow>) =>
    Effect.gen(function*() {
      if (rows.length === 0) return [] as Array<Payments.PaymentOrder>
      const paid = yield* payments.all(sql`
        select ${pc} from payments.payments where order_id in ${sql.in(rows.map((o) => o.id))} order by created_at, id`)
      return rows.map((o): Payments.PaymentOrder => ({ ...o, payments: paid.filter((p) => p.orderId === o.id) }))
    })
  const byGateway = (provider: string, gatewayOrderId: string) =>
    orders.all(sql`select ${oc} from payments.orders where provider = ${provider} and gateway_order_id = ${gatewayOrderId}`).pipe(
      Effect.flatMap(attach),
      Effect.map((rows) => Option.fromNullable(rows[0]))
    )
  return Payments.PaymentOrderRepo.of({
    create: (input) =>
      orders.all(sql`
        insert into payments.orders (provider, gateway_order_id, purpose, owner_ref, amount, currency, receipt, notes, created_by)
        values (${input.provider}, ${input.gatewayOrderId}, ${input.purpose}, ${input.ownerRef}, ${input.amount}, ${input.currency},
          ${input.receipt}, ${JSON.stringify(input.notes)}::jsonb, ${input.createdBy})
        returning ${oc}`).pipe(Effect.flatMap(attach), Effect.map((rows) => rows[0]!)),
    findByGatewayOrderId: byGateway,
    list: (q) =>
      Effect.gen(function*() {
        const where = sql.and([
          ...(q.status === undefined ? [] : [sql`status = ${q.status}`]),
          ...(q.purpose === undefined ? [] : [sql`purpose = ${q.purpose}`]),
          ...(q.provider === undefined ? [] : [sql`provider = ${q.provider}`]),
          ...(q.ownerRef === undefined ? [] : [sql`owner_ref = ${q.ownerRef}`])
        ])
        const rows = yield* orders.all(sql`
          select ${oc} from payments.orders where ${where}
          order by created_at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`)
        const total = yield* counts.one(sql`select count(*)::int as n from payments.orders where ${where}`)
        return { items: yield* attach(rows), total: total.n }
      }),
    upsertPayment: (input) =>
      sql.withTransaction(Effect.gen(function*() {
        const locked = yield* orders.maybe(sql`
          select ${oc} from payments.orders where provider = ${input.provider} and gateway_order_id = ${input.gatewayOrderId} for update`)
        if (Option.isNone(locked)) return Option.none()
        const order = locked.value
        const found = yield* payments.maybe(sql`
          select ${pc} from payments.payments where provider = ${input.provider} and gateway_payment_id = ${input.gatewayPaymentId}`)
        let payment: Payments.PaymentRecord
        if (Option.isNone(found)) {
          payment = yield* payments.one(sql`
            insert into payments.payments (order_id, provider, gateway_payment_id, amount, currency, status, method, source)
            values (${order.id}, ${input.provider}, ${input.gatewayPaymentId}, ${input.amount}, ${input.currency}, ${input.status},
              ${input.method}, ${input.source})
            returning ${pc}`)
        } else if (Payments.paymentStatusAdvances(found.value.status, input.status)) {
          payment = yield* payments.one(sql`
            update payments.payments set status = ${input.status}, method = coalesce(${input.method}, method), updated_at = now()
            where id = ${found.value.id} returning ${pc}`)
        } else {
          return Option.some({ payment: found.value, changed: false })
        }
        yield* sql`
          update payments.orders
          set status = case when ${payment.status === "captured"} or status = 'PAID' then 'PAID' else 'ATTEMPTED' end,
            paid_at = case when ${payment.status === "captured"} and paid_at is null then now() else paid_at end,
            updated_at = now()
          where id = ${order.id}`
        return Option.some({ payment, changed: true })
      })).pipe(Effect.orDie)
  })
}))
