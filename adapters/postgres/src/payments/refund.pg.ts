/**
 * Refunds on Postgres (payments.refunds, migration 0240). `request` is insert-once on the unique
 * source; the job's lease and every move are conditional updates, so of two jobs or two admins at
 * once exactly one acts on a row.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { Payments } from "@podium/core"
import { Effect, Layer, Option, Schema } from "effect"
import { counts, rowsOf } from "../rows.pg.js"

const Columns = `id::text as id, source_kind, source_id, user_id, event_id, challenge_id, provider, gateway_payment_id, gateway_refund_id,
  amount, currency, status, reason, attempts, last_error, requested_by, resolved_by, resolution_note, refunded_at, created_at, updated_at`
const Uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const StateRow = Schema.Struct({ status: Schema.String, leased: Schema.Boolean })

export const RefundRepoPg = Layer.effect(Payments.RefundRepo, Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const cols = sql.literal(Columns)
  const refunds = rowsOf(Payments.Refund)
  const states = rowsOf(StateRow)
  const byId = (id: string) => Uuid.test(id) ? refunds.maybe(sql`select ${cols} from payments.refunds where id = ${id}`) : Effect.succeed(Option.none())
  return Payments.RefundRepo.of({
    request: (input) =>
      Effect.gen(function*() {
        const inserted = yield* refunds.all(sql`
          insert into payments.refunds (source_kind, source_id, user_id, event_id, challenge_id, provider, gateway_payment_id, amount, currency, reason, requested_by)
          values (${input.sourceKind}, ${input.sourceId}, ${input.userId}, ${input.eventId}, ${input.challengeId}, ${input.provider},
            ${input.gatewayPaymentId}, ${input.amount}, ${input.currency}, ${input.reason}, ${input.requestedBy})
          on conflict (source_kind, source_id) do nothing
          returning ${cols}`)
        if (inserted[0] !== undefined) return { refund: inserted[0], created: true }
        const existing = yield* refunds.one(sql`
          select ${cols} from payments.refunds where source_kind = ${input.sourceKind} and source_id = ${input.sourceId}`)
        return { refund: existing, created: false }
      }),
    find: byId,
    findBySource: (kind, sourceId) => refunds.maybe(sql`select ${cols} from payments.refunds where source_kind = ${kind} and source_id = ${sourceId}`),
    list: (q) =>
      Effect.gen(function*() {
        const where = sql.and([
          ...(q.status === undefined ? [] : [sql`status = ${q.status}`]),
          ...(q.sourceKind === undefined ? [] : [sql`source_kind = ${q.sourceKind}`]),
          ...(q.eventId === undefined ? [] : [sql`event_id = ${q.eventId}`]),
          ...(q.userId === undefined ? [] : [sql`user_id = ${q.userId}`])
        ])
        const items = yield* refunds.all(sql`
          select ${cols} from payments.refunds where ${where}
          order by created_at desc, id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`)
        const total = yield* counts.one(sql`select count(*)::int as n from payments.refunds where ${where}`)
        return { items, total: total.n }
      }),
    lease: (status, leaseSeconds, limit) =>
      refunds.all(sql`
        update payments.refunds set attempts = attempts + ${status === "PENDING" ? 1 : 0}, locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
        where id in (
          select id from payments.refunds
          where status = ${status} and (locked_until is null or locked_until < now())
          order by created_at, id limit ${limit}
          for update skip locked)
        and status = ${status} and (locked_until is null or locked_until < now())
        returning ${cols}`),
    release: (id, lastError) =>
      Effect.asVoid(sql`update payments.refunds set locked_until = null, last_error = ${lastError}, updated_at = now() where id = ${id}`.pipe(Effect.orDie)),
    move: (id, move, fields, options) =>
      Effect.gen(function*() {
        const { from, to } = Payments.RefundMoves.table[move]
        const unleased = options?.unleasedOnly === true ? sql`and (locked_until is null or locked_until < now())` : sql``
        const sets = [
          sql`status = ${to}`,
          sql`locked_until = null`,
          sql`updated_at = now()`,
          ...(fields.gatewayRefundId === undefined ? [] : [sql`gateway_refund_id = ${fields.gatewayRefundId}`]),
          ...(fields.lastError === undefined ? [] : [sql`last_error = ${fields.lastError}`]),
          ...(fields.resolvedBy === undefined ? [] : [sql`resolved_by = ${fields.resolvedBy}`]),
          ...(fields.resolutionNote === undefined ? [] : [sql`resolution_note = ${fields.resolutionNote}`]),
          ...(to === "REFUNDED" || to === "MANUALLY_REFUNDED" ? [sql`refunded_at = now()`] : [])
        ]
        if (!Uuid.test(id)) return yield* new Payments.RefundNotFound({ id })
        const moved = yield* refunds.maybe(sql`
          update payments.refunds set ${sql.csv(sets)}
          where id = ${id} and status in ${sql.in(from as ReadonlyArray<string>)} ${unleased}
          returning ${cols}`)
        if (Option.isSome(moved)) return moved.value
        const state = yield* states.maybe(sql`
          select status, (locked_until is not null and locked_until >= now()) as leased from payments.refunds where id = ${id}`)
        if (Option.isNone(state)) return yield* new Payments.RefundNotFound({ id })
        if (Payments.RefundMoves.allows(state.value.status as Payments.RefundStatus, move)) return yield* new Payments.RefundInFlight({ id })
        return yield* Payments.RefundMoves.refused(state.value.status, move)
      })
  })
}))
