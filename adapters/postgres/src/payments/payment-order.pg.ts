/**
 * Gateway orders and payments on Postgres (payments.orders, payments.payments). `upsertPayment`
 * locks the order row, so concurrent records of one payment (checkout verify and webhook) apply
 * their moves one after the other; the status only moves forward (core `paymentStatusAdvances`).
 * Amounts are bigint, read as float8 (exact for every safe integer).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Payments } from "@podium/core"
import { Effect, Layer, Option } from "effect"

interface OrderRow {
  readonly id: string
  readonly provider: string
  readonly gatewayOrderId: string
  readonly purpose: string
  readonly ownerRef: string
  readonly amount: number
  readonly currency: string
  readonly receipt: string
  readonly notes: Record<string, string> | string
  readonly status: Payments.PaymentOrderStatus
  readonly createdBy: string | null
  readonly paidAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

interface PaymentRow {
  readonly id: string
  readonly orderId: string
  readonly provider: string
  readonly gatewayPaymentId: string
  readonly amount: number
  readonly currency: string
  readonly status: Payments.PaymentStatus
  readonly method: string | null
  readonly source: string
  readonly createdAt: Date
  readonly updatedAt: Date
}

const OrderColumns = `id, provider, gateway_order_id, purpose, owner_ref, amount::float8 as amount, currency, receipt, notes, status,
  created_by, paid_at, created_at, updated_at`
const PaymentColumns = `id, order_id, provider, gateway_payment_id, amount::float8 as amount, currency, status, method, source, created_at, updated_at`

export const PaymentOrderRepoPg = Layer.effect(Payments.PaymentOrderRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const oc = sql.literal(OrderColumns)
  const pc = sql.literal(PaymentColumns)
  const attach = (orders: ReadonlyArray<OrderRow>) =>
    Effect.gen(function*() {
      if (orders.length === 0) return [] as Array<Payments.PaymentOrder>
      const payments = yield* sql<PaymentRow>`
        select ${pc} from payments.payments where order_id in ${sql.in(orders.map((o) => o.id))} order by created_at, id`
      return orders.map((o): Payments.PaymentOrder => ({
        ...o,
        notes: typeof o.notes === "string" ? JSON.parse(o.notes) as Record<string, string> : o.notes,
        payments: payments.filter((p) => p.orderId === o.id)
      }))
    })
  const byGateway = (provider: string, gatewayOrderId: string) =>
    sql<OrderRow>`select ${oc} from payments.orders where provider = ${provider} and gateway_order_id = ${gatewayOrderId}`.pipe(
      Effect.flatMap(attach),
      Effect.map((rows) => Option.fromNullable(rows[0]))
    )
  return Payments.PaymentOrderRepo.of({
    create: (input) =>
      sql<OrderRow>`
        insert into payments.orders (provider, gateway_order_id, purpose, owner_ref, amount, currency, receipt, notes, created_by)
        values (${input.provider}, ${input.gatewayOrderId}, ${input.purpose}, ${input.ownerRef}, ${input.amount}, ${input.currency},
          ${input.receipt}, ${JSON.stringify(input.notes)}::jsonb, ${input.createdBy})
        returning ${oc}`.pipe(Effect.flatMap(attach), Effect.map((rows) => rows[0]!), Effect.orDie),
    findByGatewayOrderId: (provider, gatewayOrderId) => byGateway(provider, gatewayOrderId).pipe(Effect.orDie),
    list: (q) =>
      Effect.gen(function*() {
        const where = sql.and([
          ...(q.status === undefined ? [] : [sql`status = ${q.status}`]),
          ...(q.purpose === undefined ? [] : [sql`purpose = ${q.purpose}`]),
          ...(q.provider === undefined ? [] : [sql`provider = ${q.provider}`]),
          ...(q.ownerRef === undefined ? [] : [sql`owner_ref = ${q.ownerRef}`])
        ])
        const rows = yield* sql<OrderRow>`
          select ${oc} from payments.orders where ${where}
          order by created_at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`
        const total = yield* sql<{ readonly n: number }>`select count(*)::int as n from payments.orders where ${where}`
        return { items: yield* attach(rows), total: total[0]?.n ?? 0 }
      }).pipe(Effect.orDie),
    upsertPayment: (input) =>
      sql.withTransaction(Effect.gen(function*() {
        const orders = yield* sql<OrderRow>`
          select ${oc} from payments.orders where provider = ${input.provider} and gateway_order_id = ${input.gatewayOrderId} for update`
        const order = orders[0]
        if (order === undefined) return Option.none()
        const existing = (yield* sql<PaymentRow>`
          select ${pc} from payments.payments where provider = ${input.provider} and gateway_payment_id = ${input.gatewayPaymentId}`)[0]
        let payment: PaymentRow
        if (existing === undefined) {
          payment = (yield* sql<PaymentRow>`
            insert into payments.payments (order_id, provider, gateway_payment_id, amount, currency, status, method, source)
            values (${order.id}, ${input.provider}, ${input.gatewayPaymentId}, ${input.amount}, ${input.currency}, ${input.status},
              ${input.method}, ${input.source})
            returning ${pc}`)[0]!
        } else if (Payments.paymentStatusAdvances(existing.status, input.status)) {
          payment = (yield* sql<PaymentRow>`
            update payments.payments set status = ${input.status}, method = coalesce(${input.method}, method), updated_at = now()
            where id = ${existing.id} returning ${pc}`)[0]!
        } else {
          return Option.some({ payment: existing as Payments.PaymentRecord, changed: false })
        }
        yield* sql`
          update payments.orders
          set status = case when ${payment.status === "captured"} or status = 'PAID' then 'PAID' else 'ATTEMPTED' end,
            paid_at = case when ${payment.status === "captured"} and paid_at is null then now() else paid_at end,
            updated_at = now()
          where id = ${order.id}`
        return Option.some({ payment: payment as Payments.PaymentRecord, changed: true })
      })).pipe(Effect.orDie)
  })
}))
